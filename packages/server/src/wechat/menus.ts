import { badRequest, WX_MENU_LIMITS as L, wxMessages as m, utf8Bytes, type WxMenuNode } from '@sso/shared-api';
import type { Db } from '../db/database.js';
import type { WxApp } from './apps.js';
import type { WechatClient } from './client.js';

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** What a menu needs for its type: a click its key, a view its address, a miniprogram its AppID, page and fallback address. */
export function checkMenuFields(menu: Row, top: boolean): void {
  const name = text(menu.name);
  if (utf8Bytes(name) > (top ? L.topNameBytes : L.subNameBytes)) throw badRequest(top ? m.say.topNameTooLong : m.say.subNameTooLong);
  const type = text(menu.type);
  if (!type) {
    if (!top) throw badRequest(m.say.menuTypeRequired);
    return;
  }
  if (type === 'click') {
    if (!text(menu.menuKey)) throw badRequest(m.say.menuKeyRequired);
    if (utf8Bytes(text(menu.menuKey)) > L.keyBytes) throw badRequest(m.say.menuKeyTooLong);
  }
  if (type === 'view' && !text(menu.url)) throw badRequest(m.say.urlRequired);
  if (type === 'miniprogram' && !(text(menu.miniAppId) && text(menu.pagePath) && text(menu.url))) throw badRequest(m.say.miniRequired);
  if (utf8Bytes(text(menu.url)) > L.urlBytes) throw badRequest(m.say.url);
}

/**
 * The checks of a save against the rest of the tree (in the save's transaction): the parent is a
 * top-level menu of the same account; at most 3 top-level menus and 5 under each; a menu with
 * sub-menus stays at the top.
 */
export async function checkMenuPlace(trx: Db, tenantId: string, values: Row, existing?: Row): Promise<void> {
  const merged = { ...existing, ...values };
  if (existing && values.appId !== undefined && String(values.appId) !== String(existing.appId)) throw badRequest(m.say.menuOtherApp);
  const parentId = merged.parentId ? String(merged.parentId) : '0';
  values.parentId = parentId;
  const appId = String(merged.appId);
  const self = existing ? String(existing.id) : undefined;
  const siblings = trx
    .selectFrom('blade_wx_menu')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('appId', '=', appId)
    .where('parentId', '=', parentId)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .$if(self !== undefined, (q) => q.where('id', '!=', self as string));
  if (parentId === '0') {
    checkMenuFields(merged, true);
    if (Number((await siblings.executeTakeFirstOrThrow()).n) >= L.top) throw badRequest(m.say.tooManyTop);
    return;
  }
  if (parentId === self) throw badRequest(m.say.tooDeep);
  const parent = await trx
    .selectFrom('blade_wx_menu')
    .select(['id', 'appId', 'parentId'])
    .where('id', '=', parentId)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!parent) throw badRequest(m.say.menuMissing);
  if (String(parent.appId) !== appId) throw badRequest(m.say.menuOtherApp);
  if (String(parent.parentId) !== '0') throw badRequest(m.say.tooDeep);
  if (self) {
    const child = await trx
      .selectFrom('blade_wx_menu')
      .select('id')
      .where('parentId', '=', self)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (child) throw badRequest(m.say.tooDeep);
  }
  checkMenuFields(merged, false);
  if (Number((await siblings.executeTakeFirstOrThrow()).n) >= L.sub) throw badRequest(m.say.tooManySub);
}

/** The live menus of an account as nodes, by sort then id. */
export async function menuRows(db: Db, tenantId: string, appId: string): Promise<WxMenuNode[]> {
  const rows = await db
    .selectFrom('blade_wx_menu')
    .select(['id', 'appId', 'parentId', 'name', 'type', 'menuKey', 'url', 'miniAppId', 'pagePath', 'sort'])
    .where('appId', '=', appId)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const parents = new Set(rows.map((row) => String(row.parentId)));
  return rows.map((row) => ({
    id: String(row.id),
    appId: String(row.appId),
    parentId: String(row.parentId),
    name: row.name,
    type: row.type ?? '',
    menuKey: row.menuKey ?? '',
    url: row.url ?? '',
    miniAppId: row.miniAppId ?? '',
    pagePath: row.pagePath ?? '',
    sort: Number(row.sort ?? 0),
    hasChildren: parents.has(String(row.id)),
  }));
}

/** The tree of the menus: top-level menus with their sub-menus, both by sort. */
export function menuTree(rows: WxMenuNode[]): WxMenuNode[] {
  const tops = rows.filter((row) => row.parentId === '0');
  return tops.map((top) => {
    const children = rows.filter((row) => row.parentId === top.id);
    return children.length ? { ...top, children } : top;
  });
}

/** One button as `menu/create` takes it. */
function button(node: WxMenuNode): Record<string, unknown> {
  if (node.type === 'click') return { type: 'click', name: node.name, key: node.menuKey };
  if (node.type === 'view') return { type: 'view', name: node.name, url: node.url };
  return { type: 'miniprogram', name: node.name, url: node.url, appid: node.miniAppId, pagepath: node.pagePath };
}

/** The body of `menu/create` for a tree, the tree checked again against WeChat's rules. */
export function menuBody(tree: WxMenuNode[]): { button: Record<string, unknown>[] } {
  if (!tree.length) throw badRequest(m.say.noMenus);
  if (tree.length > L.top) throw badRequest(m.say.tooManyTop);
  return {
    button: tree.map((top) => {
      const children = top.children ?? [];
      if (!children.length) {
        if (!top.type) throw badRequest(m.say.topNeedsType);
        checkMenuFields(top as unknown as Row, true);
        return button(top);
      }
      if (children.length > L.sub) throw badRequest(m.say.tooManySub);
      if (utf8Bytes(top.name) > L.topNameBytes) throw badRequest(m.say.topNameTooLong);
      return {
        name: top.name,
        sub_button: children.map((child) => {
          checkMenuFields(child as unknown as Row, false);
          return button(child);
        }),
      };
    }),
  };
}

/** Publishes the account's menu tree (`menu/create`): answers WeChat's errcode and errmsg, and how many menus went. */
export async function publishMenu(db: Db, client: WechatClient, app: WxApp) {
  const tree = menuTree(await menuRows(db, app.tenantId, app.id));
  const body = menuBody(tree);
  const answer = await client.call(app, 'cgi-bin/menu/create', { body });
  const menus = tree.reduce((n, top) => n + 1 + (top.children?.length ?? 0), 0);
  return { errcode: Number(answer.errcode ?? 0), errmsg: String(answer.errmsg ?? 'ok'), menus };
}
