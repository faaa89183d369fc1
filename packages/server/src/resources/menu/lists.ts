import { DEFAULT_TENANT_ID, type MenuNode, menu } from '@sso/shared-api';
import { packageMenuIds } from '../../auth/package-menus.js';
import type { AppContext } from '../../context.js';
import { allMenus, type MenuRow, menuTree } from '../../domain/menu-data.js';
import { buildTree, bySortThenId } from '../../domain/tree.js';
import { someExtraHandlers } from '../../engine/extra-handlers.js';
import { wantsEnglish } from '../../http/language.js';

interface ListQuery {
  parentId?: string;
  name?: string;
  code?: string;
  alias?: string;
}

/** Contained text, ignoring case (BladeX searches name, code and alias with like). */
function matches(row: MenuRow, query: ListQuery): boolean {
  const contains = (value: string | null, part?: string) => !part || (value ?? '').toLowerCase().includes(part.toLowerCase());
  return contains(row.name, query.name) && contains(row.code, query.code) && contains(row.alias, query.alias);
}

/** Rows of one parent (every matching row when no parent is named), each knowing whether it has children. */
function lazyRows(menus: MenuRow[], query: ListQuery): MenuNode[] {
  const parents = new Set(menus.map((m) => m.parentId));
  return menus
    .filter((m) => (query.parentId === undefined || m.parentId === query.parentId) && matches(m, query))
    .map((m) => ({ ...m, hasChildren: parents.has(m.id) }));
}

const menusOnly = async (args: { ctx: AppContext }) => (await allMenus(args.ctx)).filter((m) => m.category === 1);

/** The admin lists of menus and the select tree BladeX's menu, scope and package screens read. */
export const menuListHandlers = someExtraHandlers(menu, {
  // BladeX's menu/list: the matching menus and buttons as a tree; a match whose parent does not match is a root.
  list: async (args) =>
    buildTree(
      (await allMenus(args.ctx)).filter((m) => matches(m, args.query) && (!args.query.category || m.category === args.query.category)),
      bySortThenId,
    ),

  lazyList: async (args) => lazyRows(await allMenus(args.ctx), args.query),

  lazyMenuList: async (args) => lazyRows(await menusOnly(args), args.query),

  menuList: async (args) =>
    buildTree(
      (await menusOnly(args)).filter((m) => matches(m, args.query)),
      bySortThenId,
    ),

  tree: async ({ ctx, caller: who, query, request }) => {
    // The platform may look at any tenant's menus; a tenant only at its own.
    const tenantId = who.tenant_id === DEFAULT_TENANT_ID && query.tenantId ? query.tenantId : who.tenant_id;
    const [menus, allowed] = await Promise.all([allMenus(ctx), packageMenuIds(ctx.db, tenantId)]);
    return menuTree(allowed ? menus.filter((m) => allowed.has(m.id)) : menus, wantsEnglish(request));
  },
});
