import { badRequest, type MenuNode, type MenuTreeNode, menuMessages } from '@sso/shared-api';
import { packageMenuIds } from '../auth/package-menus.js';
import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import { buildTree, bySortThenId } from './tree.js';

/** A live menu as the menu extras read it (the columns of a MenuNode). */
export type MenuRow = Omit<MenuNode, 'children' | 'hasChildren'>;

const MENU_COLUMNS = [
  'id',
  'parentId',
  'code',
  'name',
  'nameEn',
  'alias',
  'path',
  'source',
  'sort',
  'category',
  'action',
  'isOpen',
  'remark',
] as const;

/** Every live menu, sorted by sort then id; cached until blade_menu changes. */
export async function allMenus(ctx: AppContext): Promise<MenuRow[]> {
  return ctx.cache.get('blade_menu', 'all', async () => {
    const rows = (await ctx.db
      .selectFrom('blade_menu')
      .select([...MENU_COLUMNS])
      .$call(live())
      .execute()) as MenuRow[];
    return rows.sort(bySortThenId);
  });
}

/**
 * Menu ids the caller holds: those granted to their roles (every menu for the administrator),
 * within their tenant's package when it has one, as the permission checks count them.
 */
export async function grantedMenuIds(ctx: AppContext, caller: Caller): Promise<Set<string>> {
  const [held, allowed] = await Promise.all([roleMenuIds(ctx, caller), packageMenuIds(ctx.db, caller.tenant_id)]);
  return allowed ? new Set([...held].filter((id) => allowed.has(id))) : held;
}

async function roleMenuIds(ctx: AppContext, caller: Caller): Promise<Set<string>> {
  if (caller.isAdministrator) return new Set((await allMenus(ctx)).map((m) => m.id));
  if (!caller.roleIds.length) return new Set();
  const key = [...caller.roleIds].sort().join(',');
  const ids = await ctx.cache.get('blade_role_menu', key, async () =>
    (await ctx.db.selectFrom('blade_role_menu').select('menuId').where('roleId', 'in', caller.roleIds).execute()).map((r) => r.menuId),
  );
  return new Set(ids);
}

/** The menus a caller may hand out (to roles or top menus): the live menus they hold. */
export async function grantableMenus(ctx: AppContext, caller: Caller): Promise<MenuRow[]> {
  const [menus, held] = await Promise.all([allMenus(ctx), grantedMenuIds(ctx, caller)]);
  return menus.filter((m) => held.has(m.id));
}

/**
 * Rows as a select tree (title the name, in English for an English caller; key and value the id);
 * rows whose parent is absent become roots.
 */
export function menuTree(
  rows: readonly (Pick<MenuRow, 'id' | 'parentId' | 'name' | 'sort'> & { nameEn?: string | null })[],
  english = false,
): MenuTreeNode[] {
  type Built = Pick<MenuRow, 'id' | 'parentId' | 'name'> & { nameEn?: string | null; hasChildren: boolean; children?: Built[] };
  const shape = (node: Built): MenuTreeNode => ({
    id: node.id,
    parentId: node.parentId,
    // An English caller reads the English name where the menu has one (seeded menus all do).
    title: english && node.nameEn?.trim() ? node.nameEn : node.name,
    key: node.id,
    value: node.id,
    hasChildren: node.hasChildren,
    ...(node.children ? { children: node.children.map(shape) } : {}),
  });
  return (buildTree([...rows], bySortThenId) as Built[]).map(shape);
}

/** Menu ids set on live top menus of a tenant (none for another tenant's top menus). */
export async function topMenuSettings(ctx: AppContext, tenantId: string, topMenuIds: readonly string[]): Promise<Set<string>> {
  if (!topMenuIds.length) return new Set();
  const rows = await ctx.db
    .selectFrom('blade_top_menu_setting as s')
    .innerJoin('blade_top_menu as t', 't.id', 's.topMenuId')
    .select('s.menuId')
    .where('s.topMenuId', 'in', [...topMenuIds])
    .$call(live(tenantId, 't'))
    .execute();
  return new Set(rows.map((row) => row.menuId));
}

/** Refuses top menu ids unless all name live top menus of the caller's tenant. */
export async function assertOwnTopMenus(ctx: AppContext, caller: Caller, topMenuIds: string[]): Promise<void> {
  const found = await ctx.db
    .selectFrom('blade_top_menu')
    .select('id')
    .where('id', 'in', topMenuIds)
    .$call(live(caller.tenant_id))
    .execute();
  if (found.length !== topMenuIds.length) throw badRequest(menuMessages.say.topMenuMissing);
}
