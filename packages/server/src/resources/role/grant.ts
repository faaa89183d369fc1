import { ADMINISTRATOR_ROLE, badRequest, defineMessages, forbidden, say } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { grantedMenuIds } from '../../domain/menu-data.js';
import { checkRoleMenus } from '../../domain/platform-roles.js';
import { assertAllExist } from '../../domain/scope-checks.js';
import { assertWithinPackage } from '../../domain/tenant-limits.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { roleRuleMessages } from './rules.js';

export const grantMessages = defineMessages('grant', {
  grantRoleMissing: ['所选角色不存在', 'A chosen role does not exist'],
  dataScopeMissing: ['所选数据权限不存在', 'A chosen data scope does not exist'],
  apiScopeMissing: ['所选接口权限不存在', 'A chosen API scope does not exist'],
  beyondOwnGrants: ['不能授予超出自身权限的菜单或权限', 'You cannot grant menus or scopes you do not hold yourself'],
});
const m = grantMessages;

const DATA_SCOPE = 1;
const API_SCOPE = 2;
const BATCH = 500;

interface GrantInput {
  roleIds: string[];
  menuIds?: string[];
  dataScopeIds?: string[];
  apiScopeIds?: string[];
}

type Trx = Kysely<Database>;

/**
 * Replaces the menus and scopes of roles of the caller's tenant, all or nothing (role/grant).
 * Lists left out stay as they are. Menus must exist and lie within the tenant's package; a caller
 * who is not an administrator may only hand out what their own roles hold, and never configure
 * the administrator role. The new grants count at once.
 */
export async function grantRoles(ctx: AppContext, caller: Caller, input: GrantInput): Promise<void> {
  const { roleIds } = input;
  // Read before the transaction: an embedded database serves one connection at a time.
  const heldMenus = input.menuIds && !caller.isAdministrator ? await grantedMenuIds(ctx, caller) : undefined;
  await ctx.db.transaction().execute(async (trx) => {
    const roles = await trx
      .selectFrom('blade_role')
      .select(['id', 'roleAlias', 'roleName'])
      .where('id', 'in', roleIds)
      .$call(live(caller.tenant_id))
      .execute();
    if (roles.length !== roleIds.length) throw badRequest(m.say.grantRoleMissing);
    if (!caller.isAdministrator && roles.some((role) => role.roleAlias === ADMINISTRATOR_ROLE)) {
      throw forbidden(roleRuleMessages.say.noAdministrator);
    }
    if (input.menuIds) {
      await assertAllExist(trx, 'blade_menu', input.menuIds, say('packageMenuMissing'));
      await assertWithinPackage(trx, caller.tenant_id, input.menuIds);
      if (heldMenus) assertHeld(input.menuIds, heldMenus);
      // Compliance profile on: no role, and no user through their roles, newly holds both granting and audit-log menus.
      const targets = roles.map((role) => ({ kind: 'role' as const, id: role.id, name: role.roleName }));
      await checkRoleMenus(trx, { tenantId: caller.tenant_id, actor: caller, targets }, roleIds, input.menuIds);
      await trx.deleteFrom('blade_role_menu').where('roleId', 'in', roleIds).execute();
      await insertAll(trx, 'blade_role_menu', roleIds, input.menuIds, (roleId, menuId) => ({ id: ctx.ids.next(), roleId, menuId }));
    }
    for (const [category, ids, table, missing] of [
      [DATA_SCOPE, input.dataScopeIds, 'blade_scope_data', m.say.dataScopeMissing],
      [API_SCOPE, input.apiScopeIds, 'blade_scope_api', m.say.apiScopeMissing],
    ] as const) {
      if (!ids) continue;
      await assertAllExist(trx, table, ids, missing);
      if (!caller.isAdministrator) assertHeld(ids, await heldScopeIds(trx, caller, category));
      await trx.deleteFrom('blade_role_scope').where('roleId', 'in', roleIds).where('scopeCategory', '=', category).execute();
      await insertAll(trx, 'blade_role_scope', roleIds, ids, (roleId, scopeId) => ({
        id: ctx.ids.next(),
        roleId,
        scopeId,
        scopeCategory: category,
      }));
    }
    // Which lists were replaced and with how many entries: the ids themselves are in the grant tables.
    const replaced = Object.fromEntries(
      (['menuIds', 'dataScopeIds', 'apiScopeIds'] as const).filter((key) => input[key]).map((key) => [key, input[key]?.length]),
    );
    const targets = roles.map((role) => ({ kind: 'role' as const, id: role.id, name: role.roleName }));
    await ctx.audit.write(trx, { type: 'role.grant', actor: caller, targets, detail: replaced });
  });
  ctx.permissions.clear();
  ctx.cache.invalidate('blade_role_menu');
  ctx.cache.invalidate('blade_role_scope');
}

function assertHeld(ids: readonly string[], held: Set<string>): void {
  if (ids.some((id) => !held.has(id))) throw forbidden(m.say.beyondOwnGrants);
}

async function heldScopeIds(trx: Trx, caller: Caller, category: number): Promise<Set<string>> {
  if (!caller.roleIds.length) return new Set();
  const rows = await trx
    .selectFrom('blade_role_scope')
    .select('scopeId')
    .where('roleId', 'in', caller.roleIds)
    .where('scopeCategory', '=', category)
    .execute();
  return new Set(rows.map((row) => row.scopeId));
}

async function insertAll<T extends 'blade_role_menu' | 'blade_role_scope'>(
  trx: Trx,
  table: T,
  roleIds: string[],
  ids: readonly string[],
  row: (roleId: string, id: string) => Record<string, unknown>,
): Promise<void> {
  const rows = roleIds.flatMap((roleId) => ids.map((id) => row(roleId, id)));
  for (let i = 0; i < rows.length; i += BATCH) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}
