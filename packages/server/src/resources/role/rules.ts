import { ADMINISTRATOR_ROLE, badRequest, defineMessages, forbidden } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Caller } from '../../auth/permissions.js';
import { listHolds } from '../../domain/role-access.js';
import type { ResourceRules } from '../../engine/types.js';

// biome-ignore lint/suspicious/noExplicitAny: rules run on the generic layer's transaction
type AnyDb = Kysely<any>;

export const roleRuleMessages = defineMessages({
  roleParentMissing: ['上级角色不存在', 'The parent role does not exist'],
  roleCycle: ['上级角色不能是该角色自身或其下级角色', 'A role cannot be placed under itself or one of its descendants'],
  roleHasChildren: ['请先删除下级角色', 'Remove the child roles first'],
  roleHasUsers: ['角色下仍有用户，不能删除', 'The role is still held by users'],
  administratorKept: ['超级管理员角色不可删除', 'The administrator role cannot be removed'],
  administratorAlias: ['超级管理员角色的别名不可修改', 'The alias of the administrator role cannot be changed'],
  noAdministrator: ['无权配置超管角色', 'Only administrators may create or configure the administrator role'],
});
const m = roleRuleMessages;

/** Deeper role trees than this are refused rather than walked (it also stops any cycle in old data). */
const MAX_DEPTH = 64;

const live = (trx: AnyDb, caller: Caller) =>
  trx.selectFrom('blade_role').where('tenantId', '=', caller.tenant_id).where('isDeleted', '=', 0);

/**
 * Roles form a tree per tenant; a role cannot move under itself or its descendants. The tenant's
 * `administrator` role keeps its alias and cannot be removed, and only administrators may give a
 * role that alias (it passes every check). A role with children or users cannot be removed.
 */
export const roleRules: ResourceRules = {
  async beforeSave({ caller, values, existing, trx }) {
    const alias = values.roleAlias as string | undefined;
    if (existing?.roleAlias === ADMINISTRATOR_ROLE && alias !== undefined && alias !== ADMINISTRATOR_ROLE) {
      throw badRequest(m.administratorAlias);
    }
    if (alias === ADMINISTRATOR_ROLE && existing?.roleAlias !== ADMINISTRATOR_ROLE && !caller.isAdministrator) {
      throw forbidden(m.noAdministrator);
    }
    const parentId = (values.parentId as string | undefined) ?? (existing?.parentId as string | undefined) ?? '0';
    values.parentId = parentId;
    if (parentId === '0' || (existing && String(existing.parentId) === parentId)) return;
    const parent = await live(trx, caller).select('id').where('id', '=', parentId).executeTakeFirst();
    if (!parent) throw badRequest(m.roleParentMissing);
    if (existing && (await isSelfOrBelow(trx, caller, parentId, String(existing.id)))) throw badRequest(m.roleCycle);
  },

  async beforeRemove({ caller, rows, trx }) {
    if (rows.some((row) => row.roleAlias === ADMINISTRATOR_ROLE)) throw badRequest(m.administratorKept);
    const ids = rows.map((row) => String(row.id));
    const child = await live(trx, caller).select('id').where('parentId', 'in', ids).where('id', 'not in', ids).executeTakeFirst();
    if (child) throw badRequest(m.roleHasChildren);
    const user = await trx
      .selectFrom('blade_user')
      .select('id')
      .where('tenantId', '=', caller.tenant_id)
      .where('isDeleted', '=', 0)
      .where((eb) => eb.or(ids.map((id) => listHolds('roleId', id))))
      .executeTakeFirst();
    if (user) throw badRequest(m.roleHasUsers);
  },
};

/** Whether `candidate` is `roleId` or lies below it (walking up from the candidate). */
async function isSelfOrBelow(trx: AnyDb, caller: Caller, candidate: string, roleId: string): Promise<boolean> {
  let current = candidate;
  for (let depth = 0; current !== '0' && depth < MAX_DEPTH; depth++) {
    if (current === roleId) return true;
    const row = await live(trx, caller).select('parentId').where('id', '=', current).executeTakeFirst();
    current = row ? String(row.parentId) : '0';
  }
  return current !== '0';
}
