import { z } from 'zod';
import { formNumber, idString, optionalId, optionalText, parentIdString, requiredText } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { treeNode } from '../blade-system/dept-tree.js';
import { app } from './app.js';
import { appAuthzMessages as m } from './app-authz-messages.js';

/** A menu of an application as its trees answer it (ids as strings, no empty `children`). */
export interface AppMenuNode {
  id: string;
  appId: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  remark: string;
  hasChildren: boolean;
  parentName?: string;
  children?: AppMenuNode[];
}
export const appMenuNode: z.ZodType<AppMenuNode> = z.object({
  id: z.string(),
  appId: z.string(),
  parentId: z.string(),
  code: z.string(),
  name: z.string(),
  alias: z.string(),
  path: z.string(),
  source: z.string(),
  sort: z.number(),
  category: z.number(),
  remark: z.string(),
  hasChildren: z.boolean(),
  parentName: z.string().optional(),
  get children() {
    return z.array(appMenuNode).optional();
  },
});

/** The application whose menus a tree shows. */
export const appIdQuery = z.object({ appId: idString.refine(Boolean, m.say.appId) });
const lazyQuery = appIdQuery.extend({
  parentId: z.preprocess((v) => (v === '' ? undefined : v), parentIdString.optional()),
  name: z.string().max(255).optional(),
  code: z.string().max(64).optional(),
});

/**
 * The menus and buttons of one application (category 1 a menu, 2 a button), as a tree per
 * application: what its roles and users are granted, and what the application reads back.
 */
export const appMenu = defineResource({
  service: 'blade-aps',
  name: 'appmenu',
  table: 'blade_app_menu',
  tenantScoped: true,
  securityAudit: true,
  permission: 'appmenu',
  entity: z.object({
    appId: idString,
    parentId: optionalId,
    code: requiredText(m.say.menuCode, 64).pipe(z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, m.say.menuCodeFormat)),
    name: requiredText(m.say.menuName, 255),
    alias: optionalText(255),
    path: optionalText(255),
    source: optionalText(255),
    sort: formNumber(m.say.sort).optional(),
    category: formNumber(m.say.category)
      .pipe(z.union([z.literal(1), z.literal(2)], m.say.category))
      .optional(),
    remark: optionalText(500),
  }),
  names: {
    appName: { field: 'appId', table: 'blade_app', column: 'appName', sameTenant: true },
    parentName: { field: 'parentId', table: 'blade_app_menu', column: 'name', sameTenant: true, root: '顶级' },
    categoryName: { field: 'category', labels: { 1: ['菜单', 'Menu'], 2: ['按钮', 'Button'] } },
  },
  references: { appId: { to: () => app, label: 'appName', hint: 'appCode', missing: m.say.appMissing, choose: m.say.appChoose } },
  filters: { appId: 'eq', parentId: 'eq', code: 'like', name: 'like', category: 'eq' },
  sorts: ['sort', 'code', 'name'],
  defaultSort: { column: 'sort' },
  unique: [{ fields: ['appId', 'code'], message: m.say.menuCodeTaken }],
  extras: {
    lazyList: defineExtra({
      method: 'GET',
      path: 'lazy-list',
      summary: 'The menus of an application directly under parentId (0 the top), each saying whether it has children',
      query: lazyQuery,
      response: z.array(appMenuNode),
      permission: 'appmenu',
    }),
    menuList: defineExtra({
      method: 'GET',
      path: 'menu-list',
      summary: 'The menus (not the buttons) of an application as a tree: the parent picker of the menu form',
      query: appIdQuery,
      response: z.array(appMenuNode),
      permission: 'appmenu',
    }),
    tree: defineExtra({
      method: 'GET',
      path: 'tree',
      summary: 'Every menu and button of an application as a selection tree (title, key, value)',
      query: appIdQuery,
      response: z.array(treeNode),
      permission: ['appmenu', 'approlemenu', 'userauthorizedmenu', 'approle'],
    }),
  },
  view: {
    title: ['应用菜单', 'Application menus'],
    columns: [
      { prop: 'appId', label: ['应用', 'Application'], search: true, hideInTable: true },
      { prop: 'appName', label: ['应用', 'Application'], hideInForm: true },
      { prop: 'name', label: ['菜单名称', 'Name'], search: true },
      { prop: 'code', label: ['菜单编号', 'Code'], search: true },
      { prop: 'parentId', label: ['上级菜单', 'Parent'], hideInTable: true },
      { prop: 'parentName', label: ['上级菜单', 'Parent'], hideInForm: true },
      { prop: 'category', label: ['菜单类型', 'Type'], type: 'select', hideInTable: true },
      { prop: 'categoryName', label: ['菜单类型', 'Type'], hideInForm: true },
      { prop: 'path', label: ['路由地址', 'Path'] },
      { prop: 'source', label: ['菜单图标', 'Icon'], type: 'icon', hideInTable: true },
      { prop: 'sort', label: ['排序', 'Sort'], type: 'number' },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});
