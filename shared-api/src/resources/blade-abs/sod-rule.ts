import { z } from 'zod';
import { idString, optionalText, requiredText } from '../../common.js';
import { defineMessages } from '../../messages.js';
import { defineExtra, defineResource } from '../../resource.js';

export const sodMessages = defineMessages('sod', {
  ruleName: ['请输入规则名称', 'Please enter the rule name'],
  appRoleIds: ['请选择至少两个应用角色（逗号分隔的角色编号）', 'Please choose at least two application roles (comma-joined ids)'],
  roleMissing: ['所选应用角色不存在', 'An application role chosen does not exist'],
  ruleMissing: ['不相容规则不存在', 'The separation-of-duties rule does not exist'],
  notInRule: ['该角色不属于此规则', 'The role is not part of this rule'],
});
const m = sodMessages;

/** Two or more distinct application role ids, comma-joined (a JSON array is joined too). */
export const ruleRoleIds = z.preprocess(
  (v) => (Array.isArray(v) ? v.join(',') : typeof v === 'string' ? v.replace(/\s+/g, '') : v),
  z
    .string(m.say.appRoleIds)
    .regex(/^[1-9]\d{0,18}(,[1-9]\d{0,18})+$/, m.say.appRoleIds)
    .transform((text) => [...new Set(text.split(','))].join(','))
    .refine((text) => text.split(',').length >= 2, m.say.appRoleIds),
);

/** A user who holds two or more roles of a rule, with the roles and how each is held. */
export const sodConflictRow = z.object({
  userId: z.string(),
  account: z.string(),
  realName: z.string(),
  roles: z.array(
    z.object({
      appRoleId: z.string(),
      roleName: z.string(),
      appName: z.string(),
      /** `granted`: the role itself; `covered`: the user's menus and functions include all of the role's. */
      via: z.enum(['granted', 'covered']),
    }),
  ),
});

const ruleQuery = z.object({ ruleId: idString });

/**
 * Separation of duties (`POST appincompatiblerule/submit { ruleName, appRoleIds }`): application
 * roles, possibly of different applications, that nobody may hold together. Saving a rule reports
 * the users who already break it as detected conflicts in the log.
 */
export const sodRule = defineResource({
  service: 'blade-abs',
  name: 'appincompatiblerule',
  table: 'blade_app_incompatible_rule',
  tenantScoped: true,
  securityAudit: true,
  permission: 'appincompatiblerule',
  entity: z.object({
    ruleName: requiredText(m.say.ruleName, 255),
    appRoleIds: ruleRoleIds,
    remark: optionalText(500),
  }),
  names: { roleNames: { field: 'appRoleIds', table: 'blade_app_role', column: 'roleName', sameTenant: true } },
  filters: { ruleName: 'like' },
  sorts: ['ruleName'],
  defaultSort: { column: 'createTime', desc: true },
  extras: {
    conflicts: defineExtra({
      method: 'GET',
      path: 'conflicts',
      summary: 'The users who break a rule now (ruleId), with the roles they hold of it',
      query: ruleQuery,
      response: z.array(sodConflictRow),
      permission: 'appincompatiblerule',
    }),
    detect: defineExtra({
      method: 'POST',
      path: 'detect',
      fieldsFrom: 'query-or-body',
      summary: 'Look for users who break a rule now (ruleId) and log each as a detected conflict; answers them',
      query: ruleQuery,
      response: z.array(sodConflictRow),
      permission: 'appincompatiblerule',
    }),
    resolve: defineExtra({
      method: 'POST',
      path: 'resolve',
      fieldsFrom: 'query-or-body',
      summary: 'Resolve a conflict by revoking one role of the rule from the user (ruleId, userId, appRoleId, reason)',
      query: ruleQuery.extend({ userId: idString, appRoleId: idString, reason: optionalText(500) }),
      response: z.boolean(),
      permission: 'appincompatiblerule_edit',
    }),
  },
  view: {
    title: ['不相容规则', 'Separation of duties'],
    columns: [
      { prop: 'ruleName', label: ['规则名称', 'Rule'], search: true },
      { prop: 'appRoleIds', label: ['不相容角色', 'Roles kept apart'], hideInTable: true },
      { prop: 'roleNames', label: ['不相容角色', 'Roles kept apart'], hideInForm: true },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea' },
      { prop: 'createTime', label: ['创建时间', 'Created'], type: 'datetime', hideInForm: true },
    ],
  },
});
