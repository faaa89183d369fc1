import { badRequest, type MenuTreeNode, menuMessages as m, menu } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { allMenus, assertOwnTopMenus, grantableMenus, type MenuRow, menuTree, topMenuSettings } from '../../domain/menu-data.js';
import { someExtraHandlers } from '../../engine/extra-handlers.js';
import { wantsEnglish } from '../../http/language.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';

const DATA_SCOPE = 1;
const API_SCOPE = 2;

/**
 * Scopes (data or API) the caller may grant, under the grantable menus they belong to: every live
 * scope for the administrator, else those the caller's roles hold (as role/grant requires).
 */
async function scopeTree(
  ctx: AppContext,
  caller: Caller,
  table: 'blade_scope_data' | 'blade_scope_api',
  category: number,
  menus: MenuRow[],
  english: boolean,
): Promise<MenuTreeNode[]> {
  let query = ctx.db.selectFrom(table).select(['id', 'menuId', 'scopeName']).$call(live());
  if (!caller.isAdministrator) {
    if (!caller.roleIds.length) return [];
    query = query.where('id', 'in', (eb) =>
      eb.selectFrom('blade_role_scope').select('scopeId').where('roleId', 'in', caller.roleIds).where('scopeCategory', '=', category),
    );
  }
  const byId = new Map(menus.map((menu) => [menu.id, menu]));
  const scopes = (await query.execute()).filter((scope) => byId.has(scope.menuId));
  const owners = [...new Set(scopes.map((scope) => scope.menuId))].map((id) => byId.get(id) as MenuRow);
  // Scopes sort after their menu's buttons would; their own order is their id (creation).
  const leaves = scopes.map((scope) => ({ id: scope.id, parentId: scope.menuId, name: scope.scopeName, sort: 0 }));
  return menuTree([...owners, ...leaves], english);
}

/** Role ids, all live roles of the caller's tenant, or a refusal that names none of them. */
async function assertOwnRoles(ctx: AppContext, caller: Caller, roleIds: string[]): Promise<void> {
  const found = await ctx.db.selectFrom('blade_role').select('id').where('id', 'in', roleIds).$call(live(caller.tenant_id)).execute();
  if (found.length !== roleIds.length) throw badRequest(m.say.roleMissing);
}

/** Ids in `ids` that name live menus, in menu order. */
async function liveMenuIds(ctx: AppContext, ids: Set<string>): Promise<string[]> {
  return (await allMenus(ctx)).filter((menu) => ids.has(menu.id)).map((menu) => menu.id);
}

async function roleScopeIds(ctx: AppContext, roleIds: string[], category: number, table: 'blade_scope_data' | 'blade_scope_api') {
  const rows = await ctx.db
    .selectFrom('blade_role_scope')
    .select('scopeId')
    .distinct()
    .where('roleId', 'in', roleIds)
    .where('scopeCategory', '=', category)
    // Both scope tables share id and is_deleted.
    .where('scopeId', 'in', (eb) =>
      eb
        .selectFrom(table as 'blade_scope_data')
        .select('id')
        .$call(live()),
    )
    .orderBy('scopeId')
    .execute();
  return rows.map((row) => row.scopeId);
}

/** The grant dialogs of roles and top menus (BladeX GrantTreeVO / CheckedTreeVO). */
export const menuGrantHandlers = someExtraHandlers(menu, {
  grantTree: async ({ ctx, caller: who, request }) => {
    const menus = await grantableMenus(ctx, who);
    const english = wantsEnglish(request);
    return {
      menu: menuTree(menus, english),
      dataScope: await scopeTree(ctx, who, 'blade_scope_data', DATA_SCOPE, menus, english),
      apiScope: await scopeTree(ctx, who, 'blade_scope_api', API_SCOPE, menus, english),
    };
  },

  roleTreeKeys: async ({ ctx, caller, query }) => {
    const roleIds = query.roleIds as string[];
    await assertOwnRoles(ctx, caller, roleIds);
    const granted = await ctx.db.selectFrom('blade_role_menu').select('menuId').where('roleId', 'in', roleIds).execute();
    return {
      menu: await liveMenuIds(ctx, new Set(granted.map((row) => row.menuId))),
      dataScope: await roleScopeIds(ctx, roleIds, DATA_SCOPE, 'blade_scope_data'),
      apiScope: await roleScopeIds(ctx, roleIds, API_SCOPE, 'blade_scope_api'),
    };
  },

  grantTopTree: async ({ ctx, caller, request }) => ({
    menu: menuTree(
      (await grantableMenus(ctx, caller)).filter((menu) => menu.category === 1),
      wantsEnglish(request),
    ),
  }),

  topTreeKeys: async ({ ctx, caller: who, query }) => {
    const topMenuIds = query.topMenuIds as string[];
    await assertOwnTopMenus(ctx, who, topMenuIds);
    return { menu: await liveMenuIds(ctx, await topMenuSettings(ctx, who.tenant_id, topMenuIds)) };
  },
});
