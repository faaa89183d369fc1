import { z } from 'zod';
import { formNumber, idString, optionalId, requiredText } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { wxApp } from './wx-app.js';
import { blankAsNull, wxMiniAppId, wxUrl } from './wx-fields.js';
import { wxMessages as m } from './wx-messages.js';

/** The menu types WeChat takes: a click event with a key, a web page, a mini program page. */
export const WX_MENU_TYPES = ['click', 'view', 'miniprogram'] as const;
export type WxMenuType = (typeof WX_MENU_TYPES)[number];

/** WeChat's limits on a custom menu: 3 top-level menus of 5 sub-menus each, names in bytes of UTF-8. */
export const WX_MENU_LIMITS = { top: 3, sub: 5, topNameBytes: 16, subNameBytes: 60, keyBytes: 128, urlBytes: 1024 } as const;

/** The UTF-8 length WeChat counts names, keys and addresses in. */
export const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** A menu of an official account as the trees answer it. */
export interface WxMenuNode {
  id: string;
  appId: string;
  parentId: string;
  name: string;
  type: string;
  menuKey: string;
  url: string;
  miniAppId: string;
  pagePath: string;
  sort: number;
  hasChildren: boolean;
  children?: WxMenuNode[];
}
export const wxMenuNode: z.ZodType<WxMenuNode> = z.object({
  id: z.string(),
  appId: z.string(),
  parentId: z.string(),
  name: z.string(),
  type: z.string(),
  menuKey: z.string(),
  url: z.string(),
  miniAppId: z.string(),
  pagePath: z.string(),
  sort: z.number(),
  hasChildren: z.boolean(),
  get children() {
    return z.array(wxMenuNode).optional();
  },
});

/** The official account whose menus are read or published: the id of its wxapp row. */
export const wxAppIdQuery = z.object({ appId: z.string(m.say.appId).pipe(idString) });

/** What WeChat answered to a publication (`menu/create`): errcode 0 is success. */
export const wxMenuSyncAnswer = z.object({
  errcode: z.number(),
  errmsg: z.string(),
  /** Top-level menus and sub-menus published. */
  menus: z.number(),
});

/**
 * The custom menu of an official account as a tree (`parentId` 0 a top-level menu). The tree obeys
 * WeChat's rules, checked on every save: at most 3 top-level menus and 5 sub-menus each, no deeper;
 * names of at most 16 bytes at the top and 60 below; a `click` menu needs `menuKey`, a `view` menu
 * `url`, a `miniprogram` menu `miniAppId`, `pagePath` and `url` (for clients without mini programs).
 * A top-level menu with sub-menus needs no type. `synMenu` publishes the tree (`menu/create`).
 */
export const wxMenu = defineResource({
  service: 'blade-appmanage',
  name: 'wxmenu',
  table: 'blade_wx_menu',
  tenantScoped: true,
  permission: 'wxmenu',
  entity: z.object({
    appId: z.string(m.say.appId).pipe(idString),
    parentId: optionalId,
    name: requiredText(m.say.menuName, 60),
    type: blankAsNull(z.enum(WX_MENU_TYPES, m.say.menuType)),
    menuKey: blankAsNull(z.string().trim().max(128, m.say.menuKeyTooLong)),
    url: wxUrl,
    miniAppId: wxMiniAppId,
    pagePath: blankAsNull(
      z
        .string(m.say.pagePath)
        .trim()
        .max(255, m.say.pagePath)
        .regex(/^[\w./?=&%-]+$/, m.say.pagePath),
    ),
    sort: formNumber(m.say.sort).optional(),
  }),
  names: {
    appName: { field: 'appId', table: 'blade_wx_app', column: 'name', sameTenant: true },
    parentName: { field: 'parentId', table: 'blade_wx_menu', column: 'name', sameTenant: true, root: '顶级' },
    typeName: {
      field: 'type',
      labels: { click: ['点击推事件', 'Click event'], view: ['跳转网页', 'Web page'], miniprogram: ['打开小程序', 'Mini program'] },
    },
  },
  references: { appId: { to: () => wxApp, label: 'name', hint: 'appId', missing: m.say.appMissing, choose: m.say.appChoose } },
  filters: { appId: 'eq', parentId: 'eq', name: 'like', type: 'eq' },
  sorts: ['sort', 'name'],
  defaultSort: { column: 'sort' },
  extras: {
    lazyList: defineExtra({
      method: 'GET',
      path: 'lazy-list',
      summary:
        'The menus of an official account directly under parentId (0 or none: the top), by sort, each saying whether it has sub-menus',
      query: wxAppIdQuery.extend({ parentId: z.preprocess((v) => (v === '' ? undefined : v), optionalId) }),
      response: z.array(wxMenuNode),
      permission: 'wxmenu',
    }),
    menuTree: defineExtra({
      method: 'GET',
      path: 'menu-tree',
      summary: 'The whole menu of an official account as a tree, in the order WeChat will show it',
      query: wxAppIdQuery,
      response: z.array(wxMenuNode),
      permission: 'wxmenu',
    }),
    synMenu: defineExtra({
      method: 'POST',
      path: 'synMenu',
      fieldsFrom: 'query-or-body',
      summary: "Publish the menu tree of an official account to WeChat (menu/create) and answer WeChat's errcode and errmsg",
      query: wxAppIdQuery,
      response: wxMenuSyncAnswer,
      permission: 'wxmenu_sync',
    }),
  },
  view: {
    title: ['微信菜单', 'WeChat menus'],
    dialogWidth: 720,
    columns: [
      { prop: 'appId', label: ['公众号', 'Official account'], search: true, hideInTable: true },
      { prop: 'appName', label: ['公众号', 'Official account'], hideInForm: true },
      { prop: 'name', label: ['菜单名称', 'Name'], search: true },
      { prop: 'parentId', label: ['上级菜单', 'Parent'], hideInTable: true },
      { prop: 'parentName', label: ['上级菜单', 'Parent'], hideInForm: true },
      {
        prop: 'type',
        label: ['菜单类型', 'Type'],
        type: 'select',
        options: [
          { value: 'click', label: ['点击推事件', 'Click event'] },
          { value: 'view', label: ['跳转网页', 'Web page'] },
          { value: 'miniprogram', label: ['打开小程序', 'Mini program'] },
        ],
      },
      { prop: 'menuKey', label: ['菜单 KEY', 'Key'], appliesWhen: { field: 'type', in: ['click'] } },
      { prop: 'url', label: ['网页链接', 'Web address'], appliesWhen: { field: 'type', in: ['view', 'miniprogram'] } },
      {
        prop: 'miniAppId',
        label: ['小程序 AppID', 'Mini program AppID'],
        hideInTable: true,
        appliesWhen: { field: 'type', in: ['miniprogram'] },
      },
      {
        prop: 'pagePath',
        label: ['小程序页面路径', 'Mini program page'],
        hideInTable: true,
        appliesWhen: { field: 'type', in: ['miniprogram'] },
      },
      { prop: 'sort', label: ['排序', 'Order'], type: 'number' },
    ],
  },
});
