import type { AppMenuNode } from '@sso/shared-api';
import type { Db } from '../db/database.js';
import { live } from '../kernel/live-rows.js';
import { buildTree, bySortThenId } from './tree.js';

/** A menu row of an application as its trees answer it, without children. */
export type FlatAppMenu = Omit<AppMenuNode, 'children' | 'hasChildren'>;

export const toFlatMenu = (row: {
  id: unknown;
  appId: unknown;
  parentId: unknown;
  code: string;
  name: string;
  alias: string | null;
  path: string | null;
  source: string | null;
  sort: number | string;
  category: number | string;
  remark: string | null;
}): FlatAppMenu => ({
  id: String(row.id),
  appId: String(row.appId),
  parentId: String(row.parentId ?? '0'),
  code: row.code,
  name: row.name,
  alias: row.alias ?? '',
  path: row.path ?? '',
  source: row.source ?? '',
  sort: Number(row.sort),
  category: Number(row.category),
  remark: row.remark ?? '',
});

/** The live menus and buttons of one application of the tenant, flat. */
export async function appMenus(db: Db, tenantId: string, appId: string): Promise<FlatAppMenu[]> {
  const rows = await db
    .selectFrom('blade_app_menu')
    .select(['id', 'appId', 'parentId', 'code', 'name', 'alias', 'path', 'source', 'sort', 'category', 'remark'])
    .where('appId', '=', appId)
    .$call(live(tenantId))
    .execute();
  return rows.map(toFlatMenu);
}

/** Flat menus as a tree by sort then id; a menu whose parent is not among them is a root. */
export const menuTree = (rows: FlatAppMenu[]): AppMenuNode[] => buildTree(rows, bySortThenId) as AppMenuNode[];
