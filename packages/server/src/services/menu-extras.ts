import type { MenuNode } from '@sso/shared-api';
import type { Caller } from '../auth/permissions.js';
import type { AppContext } from '../context.js';
import type { ExtraHandler } from '../resources/extras.js';
import { buildTree, bySortThenId } from './tree.js';

type MenuRow = Omit<MenuNode, 'children' | 'hasChildren'>;

const MENU_COLUMNS = [
  'id',
  'parentId',
  'code',
  'name',
  'alias',
  'path',
  'source',
  'sort',
  'category',
  'action',
  'isOpen',
  'remark',
] as const;

async function allMenus(ctx: AppContext): Promise<MenuRow[]> {
  return ctx.cache.get(
    'blade_menu',
    'all',
    async () =>
      (await ctx.db
        .selectFrom('blade_menu')
        .select([...MENU_COLUMNS])
        .where('isDeleted', '=', 0)
        .execute()) as MenuRow[],
  );
}

/** Menu ids granted to the caller's roles; the administrator holds every menu. */
export async function grantedMenuIds(ctx: AppContext, caller: Caller): Promise<Set<string>> {
  if (caller.isAdministrator) return new Set((await allMenus(ctx)).map((m) => m.id));
  if (!caller.roleIds.length) return new Set();
  const key = [...caller.roleIds].sort().join(',');
  const ids = await ctx.cache.get('blade_role_menu', key, async () =>
    (await ctx.db.selectFrom('blade_role_menu').select('menuId').where('roleId', 'in', caller.roleIds).execute()).map((r) => r.menuId),
  );
  return new Set(ids);
}

/** The chosen menus plus every ancestor, as a tree sorted by sort. */
function treeWithAncestors(menus: MenuRow[], chosen: MenuRow[]): MenuNode[] {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const keep = new Map<string, MenuRow>();
  for (const menu of chosen) {
    let current: MenuRow | undefined = menu;
    while (current && !keep.has(current.id)) {
      keep.set(current.id, current);
      current = byId.get(current.parentId);
    }
  }
  return buildTree([...keep.values()], bySortThenId) as MenuNode[];
}

async function menusForCaller(ctx: AppContext, caller: Caller, category: number, topMenuId?: string): Promise<MenuNode[]> {
  const menus = await allMenus(ctx);
  const granted = await grantedMenuIds(ctx, caller);
  let chosen = menus.filter((m) => m.category === category && granted.has(m.id));
  if (topMenuId) {
    const settings = await ctx.db.selectFrom('blade_top_menu_setting').select('menuId').where('topMenuId', '=', topMenuId).execute();
    const inTop = new Set(settings.map((s) => s.menuId));
    chosen = chosen.filter((m) => inTop.has(m.id));
  }
  return treeWithAncestors(menus, chosen);
}

/** Extras of `menu` for the signed-in user (DESIGN §4). */
export const menuExtraHandlers: Record<string, ExtraHandler> = {
  routes: async ({ ctx, caller, query }) => menusForCaller(ctx, caller as Caller, 1, query.topMenuId),
  buttons: async ({ ctx, caller }) => menusForCaller(ctx, caller as Caller, 2),
  topMenu: async ({ ctx, caller }) => {
    const who = caller as Caller;
    const tops = await ctx.db
      .selectFrom('blade_top_menu')
      .select(['id', 'code', 'name', 'source', 'path', 'sort'])
      .where('tenantId', '=', who.tenant_id)
      .where('isDeleted', '=', 0)
      .orderBy('sort')
      .execute();
    if (who.isAdministrator || !tops.length) return tops;
    const granted = await grantedMenuIds(ctx, who);
    const settings = await ctx.db
      .selectFrom('blade_top_menu_setting')
      .select(['topMenuId', 'menuId'])
      .where(
        'topMenuId',
        'in',
        tops.map((t) => t.id),
      )
      .execute();
    const visible = new Set(settings.filter((s) => granted.has(s.menuId)).map((s) => s.topMenuId));
    return tops.filter((t) => visible.has(t.id));
  },
};
