import type { MenuNode } from '@sso/shared-api';
import { menu } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { allMenus, grantedMenuIds, type MenuRow, topMenuSettings } from '../../domain/menu-data.js';
import { buildTree, bySortThenId } from '../../domain/tree.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { menuGrantHandlers } from './grants.js';
import { menuListHandlers } from './lists.js';

export { grantedMenuIds };

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
    const inTop = await topMenuSettings(ctx, caller.tenant_id, [topMenuId]);
    chosen = chosen.filter((m) => inTop.has(m.id));
  }
  return withI18nKeys(treeWithAncestors(menus, chosen));
}

/**
 * Each node also answers its alias as `meta.i18n`, where BladeX front ends look for the key that
 * names a menu in the language shown (`route.<i18n>`); the English name travels as `nameEn`.
 */
function withI18nKeys(nodes: MenuNode[]): MenuNode[] {
  return nodes.map((node) => ({
    ...node,
    meta: { i18n: node.alias ?? '' },
    ...(node.children ? { children: withI18nKeys(node.children) } : {}),
  }));
}

/** Extras of `menu`: the signed-in user's own routes and buttons, the admin lists, the grant trees. */
export const menuExtraHandlers = defineExtraHandlers(menu, {
  routes: async ({ ctx, caller, query }) => menusForCaller(ctx, caller, 1, query.topMenuId || undefined),
  buttons: async ({ ctx, caller }) => menusForCaller(ctx, caller, 2),
  topMenu: async ({ ctx, caller: who }) => {
    const tops = await ctx.db
      .selectFrom('blade_top_menu')
      .select(['id', 'code', 'name', 'nameEn', 'source', 'path', 'sort'])
      .$call(live(who.tenant_id))
      .orderBy('sort')
      .orderBy('id')
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
  ...menuListHandlers,
  ...menuGrantHandlers,
});
