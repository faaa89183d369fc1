import { defineMessages, type Message } from '../../messages.js';

/**
 * 三员分立: the three administrators every tenant has, each with its own duties and none
 * holding another's. Their aliases are fixed (the server finds them by alias); the names are
 * [Chinese, English].
 * - system_admin (系统管理员): users, organisation (departments, posts) and applications;
 * - security_admin (安全管理员): roles, grants, policies, separation-of-duties rules, compliance;
 * - audit_admin (审计管理员): reads logs and reports, verifies the chain of security records.
 */
export const PLATFORM_ROLES = {
  system: { alias: 'system_admin', name: ['系统管理员', 'System administrator'] },
  security: { alias: 'security_admin', name: ['安全管理员', 'Security administrator'] },
  audit: { alias: 'audit_admin', name: ['审计管理员', 'Audit administrator'] },
} as const;

export type PlatformRoleKind = keyof typeof PLATFORM_ROLES;

/**
 * The built-in roles' names as messages: a role keeps its Chinese name in the database (a tenant
 * may rename it), and lists, pickers and users' role names show English callers the English of
 * these names while they are unchanged.
 */
export const builtInRoleNames = defineMessages('builtInRole', {
  administrator: ['超级管理员', 'Super administrator'],
  system: PLATFORM_ROLES.system.name,
  security: PLATFORM_ROLES.security.name,
  audit: PLATFORM_ROLES.audit.name,
});
export const PLATFORM_ROLE_ALIASES: readonly string[] = Object.values(PLATFORM_ROLES).map((role) => role.alias);

export const platformRoleMessages = defineMessages('platformRole', {
  systemWithSecurity: [
    '三员互斥：同一用户不能同时拥有系统管理员与安全管理员角色',
    'Separation of the three administrators: one user cannot hold both the System administrator and the Security administrator roles',
  ],
  systemWithAudit: [
    '三员互斥：同一用户不能同时拥有系统管理员与审计管理员角色',
    'Separation of the three administrators: one user cannot hold both the System administrator and the Audit administrator roles',
  ],
  securityWithAudit: [
    '三员互斥：同一用户不能同时拥有安全管理员与审计管理员角色',
    'Separation of the three administrators: one user cannot hold both the Security administrator and the Audit administrator roles',
  ],
  roleGrantWithAudit: [
    '合规配置已开启：同一角色不能同时拥有授权菜单与审计日志菜单',
    'The compliance profile is on: one role cannot hold both granting menus and audit log menus',
  ],
  userGrantWithAudit: [
    '合规配置已开启：同一用户的角色不能同时拥有授权菜单与审计日志菜单',
    "The compliance profile is on: a user's roles cannot together hold both granting menus and audit log menus",
  ],
  builtInRole: [
    '三员角色为内置角色，不能删除或修改别名',
    'The three administrator roles are built in: they cannot be removed or re-aliased',
  ],
});

/** The message refusing a user both roles of a pair (in the order of PLATFORM_ROLES). */
export function platformPairMessage(a: PlatformRoleKind, b: PlatformRoleKind): Message {
  const pair = new Set([a, b]);
  if (pair.has('system') && pair.has('security')) return platformRoleMessages.say.systemWithSecurity;
  if (pair.has('system') && pair.has('audit')) return platformRoleMessages.say.systemWithAudit;
  return platformRoleMessages.say.securityWithAudit;
}
