import { ADMINISTRATOR_ROLE, badRequest, defineMessages, forbidden, PLATFORM_ROLE_ALIASES, platformRoleMessages } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import { listHolds } from '../../domain/role-access.js';
import { refuseMoveUnderItself, refuseRemovingParents, requireParent, treeOf } from '../../domain/tree-rules.js';
import type { ResourceRules } from '../../engine/types.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';

// biome-ignore lint/suspicious/noExplicitAny: rules run on the generic layer's transaction
type AnyDb = Kysely<any>;

export const roleRuleMessages = defineMessages('roleRule', {
  roleParentMissing: ['上级角色不存在', 'The parent role does not exist'],
  roleCycle: ['上级角色不能是该角色自身或其下级角色', 'A role cannot be placed under itself or one of its descendants'],
  roleHasChildren: ['请先删除下级角色', 'Remove the child roles first'],
  roleHasUsers: ['角色下仍有用户，不能删除', 'The role is still held by users'],
  administratorKept: ['超级管理员角色不可删除', 'The administrator role cannot be removed'],
  administratorAlias: ['超级管理员角色的别名不可修改', 'The alias of the administrator role cannot be changed'],
  noAdministrator: ['无权配置超管角色', 'Only administrators may create or configure the administrator role'],
});
const m = roleRuleMessages;

const roles = (trx: AnyDb, caller: Caller) => treeOf(trx, 'blade_role', caller.tenant_id);

/**
 * Roles form a tree per tenant; a role cannot move under itself or its descendants. The tenant's
 * `administrator` role keeps its alias and cannot be removed, and only administrators may give a
 * role that alias (it passes every check). A role with children or users cannot be removed.
 */
export const roleRules: ResourceRules = {
  async beforeSave({ caller, values, existing, trx }) {
    const alias = values.roleAlias as string | undefined;
    if (existing?.roleAlias === ADMINISTRATOR_ROLE && alias !== undefined && alias !== ADMINISTRATOR_ROLE) {
      throw badRequest(m.say.administratorAlias);
    }
    // The three built-in administrators (三员) are found by their alias: it stays, and no other role takes it.
    const builtIn = (a: unknown) => PLATFORM_ROLE_ALIASES.includes(String(a));
    if (alias !== undefined && alias !== existing?.roleAlias && (builtIn(existing?.roleAlias) || builtIn(alias))) {
      throw badRequest(platformRoleMessages.say.builtInRole);
    }
    if (alias === ADMINISTRATOR_ROLE && existing?.roleAlias !== ADMINISTRATOR_ROLE && !caller.isAdministrator) {
      throw forbidden(m.say.noAdministrator);
    }
    const parentId = (values.parentId as string | undefined) ?? (existing?.parentId as string | undefined) ?? '0';
    values.parentId = parentId;
    if (parentId === '0' || (existing && String(existing.parentId) === parentId)) return;
    await requireParent(roles(trx, caller), parentId, m.say.roleParentMissing);
    if (existing) await refuseMoveUnderItself(roles(trx, caller), String(existing.id), parentId, m.say.roleCycle);
  },

  async beforeRemove({ caller, rows, trx }) {
    if (rows.some((row) => row.roleAlias === ADMINISTRATOR_ROLE)) throw badRequest(m.say.administratorKept);
    if (rows.some((row) => PLATFORM_ROLE_ALIASES.includes(String(row.roleAlias)))) throw badRequest(platformRoleMessages.say.builtInRole);
    const ids = rows.map((row) => String(row.id));
    await refuseRemovingParents(roles(trx, caller), ids, m.say.roleHasChildren);
    const user = await trx
      .selectFrom('blade_user')
      .select('id')
      .$call(live(caller.tenant_id))
      .where((eb) => eb.or(ids.map((id) => listHolds('roleId', id))))
      .executeTakeFirst();
    if (user) throw badRequest(m.say.roleHasUsers);
  },
};
