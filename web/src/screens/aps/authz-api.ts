import { type ResourceDef, registry, type TreeNode } from '@sso/shared-api';
import { client } from '../../api/client.js';
import type { Row } from '../../crud/crud-api.js';

type Query = Record<string, string | number | undefined>;

/** The resources of in-application authorization, as the generic pages see them. */
export const defs = {
  app: registry.aps.app,
  appMenu: registry.aps.appMenu,
  appMenuFunction: registry.aps.appMenuFunction,
  appRole: registry.aps.appRole,
  appRoleMenu: registry.aps.appRoleMenu,
  appRoleFunction: registry.aps.appRoleFunction,
  userRole: registry.aps.userAuthorizedRole,
  userMenu: registry.aps.userAuthorizedMenu,
  userFunction: registry.aps.userAuthorizedFunction,
  rule: registry.sod.rule,
  user: registry.user.user,
};

/** Calls one extra route of a resource by its name in the definition (its method and path come from there). */
export function callExtra<T>(def: ResourceDef, name: string, params: Query = {}): Promise<T> {
  const extra = def.extras[name];
  if (!extra) throw new Error(`${def.name} has no extra ${name}`);
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
  const url = `${def.basePath}/${extra.path}`;
  return extra.method === 'GET' ? client.call<T>('GET', url, clean) : client.call<T>('POST', url, undefined, clean);
}

/** The largest page the API answers. */
export const PAGE_SIZE = 200;
/** Reading every page stops here (50 pages of 200): a list past it is searched, not read whole. */
const MAX_PAGES = 50;

/** One page of a resource's list with the total its filters match. */
export async function listPage(def: ResourceDef, query: Query): Promise<{ records: Row[]; total: number }> {
  const data = await client.call<{ records?: Row[]; total?: number }>('GET', `${def.basePath}/list`, {
    current: 1,
    size: PAGE_SIZE,
    ...query,
  } as Record<string, string | number>);
  const records = data.records ?? [];
  return { records, total: Number(data.total ?? records.length) };
}

/** Rows of one page of a resource's list (the largest page the API answers). */
export async function listRows(def: ResourceDef, query: Query): Promise<Row[]> {
  return (await listPage(def, query)).records;
}

/**
 * Every row of a resource's list, page after page, for a choice a tenant keeps small enough to
 * show whole (its application roles): a first page of 200 would leave the rest unpickable.
 */
export async function listAllRows(def: ResourceDef, query: Query = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (let current = 1; current <= MAX_PAGES; current++) {
    const { records, total } = await listPage(def, { ...query, current });
    rows.push(...records);
    if (records.length < PAGE_SIZE || rows.length >= total) break;
  }
  return rows;
}

/** Every menu and button of an application as a selection tree. */
export const appMenuTree = (appId: string) => callExtra<TreeNode[]>(defs.appMenu, 'tree', { appId });

export interface CheckNode {
  key: string;
  title: string;
  children?: CheckNode[];
}

export const asCheckTree = (nodes: readonly TreeNode[]): CheckNode[] =>
  nodes.map((node) => ({
    key: String(node.id ?? node.key),
    title: String(node.title),
    children: node.children?.length ? asCheckTree(node.children) : undefined,
  }));

/** The function codes of an application grouped under their menus, as a checkable tree (menu nodes are `menu:<id>`). */
export function functionTree(functions: readonly Row[]): CheckNode[] {
  const byMenu = new Map<string, CheckNode>();
  for (const fn of functions) {
    const menuKey = `menu:${String(fn.menuId)}`;
    let group = byMenu.get(menuKey);
    if (!group) {
      group = { key: menuKey, title: String(fn.menuName ?? fn.menuId), children: [] };
      byMenu.set(menuKey, group);
    }
    group.children?.push({ key: String(fn.id), title: `${String(fn.functionName)} (${String(fn.functionCode)})` });
  }
  return [...byMenu.values()];
}

/**
 * The definition as a screen shows it once the picker above has chosen these fields: their id
 * boxes leave the search form, and `add` is dropped when the screen adds through its own form.
 */
export function pickedView(def: ResourceDef, picked: readonly string[], add = true): ResourceDef {
  const columns = def.view.columns.map((column) => (picked.includes(column.prop) ? { ...column, search: false } : column));
  return { ...def, view: { ...def.view, columns, actions: { ...def.view.actions, ...(add ? {} : { add: false }) } } };
}
