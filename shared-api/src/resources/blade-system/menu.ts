import { z } from 'zod';
import { formNumber, idString, optionalId, optionalText, pageQuery, requiredText } from '../../common.js';
import { say } from '../../messages.js';
import { defineExtra, defineResource } from '../../resource.js';
import {
  lazyListQuery,
  menuMessages as m,
  menuCheckedKeys,
  menuGrantTree,
  menuListQuery,
  menuTreeNode,
  requiredIds,
} from './menu-shape.js';

/** Screens whose forms pick menus from the menu lists and trees. */
const MENU_READERS = ['menu', 'datascope', 'apiscope'] as const;

/** A node of `menu/routes` and `menu/buttons`, as BladeX answers them (ids as strings, no empty `children`). */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  /** The name shown in English; "" when none was given (the name is shown). */
  nameEn: string;
  /** The i18n key of the menu (its alias), as BladeX front ends read it: `route.<i18n>` names it. */
  meta?: { i18n?: string };
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string;
  hasChildren: boolean;
  /** Display names of the admin lists (lazy-list, menu-list); the caller's routes carry none. */
  parentName?: string;
  categoryName?: string;
  actionName?: string;
  isOpenName?: string;
  children?: MenuNode[];
}
export const menuNode: z.ZodType<MenuNode> = z.object({
  id: z.string(),
  parentId: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  meta: z.object({ i18n: z.string() }).optional(),
  alias: z.string(),
  path: z.string(),
  source: z.string(),
  sort: z.number(),
  category: z.number(),
  action: z.number(),
  isOpen: z.number(),
  remark: z.string(),
  hasChildren: z.boolean(),
  parentName: z.string().optional(),
  categoryName: z.string().optional(),
  actionName: z.string().optional(),
  isOpenName: z.string().optional(),
  get children() {
    return z.array(menuNode).optional();
  },
});

export const topMenuRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  source: z.string(),
  path: z.string(),
  sort: z.number(),
});

export const menu = defineResource({
  service: 'blade-system',
  name: 'menu',
  table: 'blade_menu',
  tenantScoped: false,
  securityAudit: true,
  permission: 'menu',
  names: {
    parentName: { field: 'parentId', table: 'blade_menu', column: 'name', root: '顶级' },
    categoryName: { field: 'category', dict: 'menu_category' },
    actionName: { field: 'action', dict: 'button_func' },
    isOpenName: { field: 'isOpen', dict: 'yes_no' },
  },
  cached: true,
  entity: z.object({
    parentId: optionalId,
    code: requiredText(m.say.code),
    name: requiredText(m.say.name),
    nameEn: optionalText(),
    alias: optionalText(),
    path: optionalText(),
    source: optionalText(),
    sort: formNumber(m.say.sort),
    category: formNumber(m.say.category).pipe(z.union([z.literal(1), z.literal(2)], m.say.category)),
    action: formNumber(m.say.action).optional(),
    isOpen: formNumber(m.say.isOpen).optional(),
    remark: optionalText(),
  }),
  filters: { code: 'like', name: 'like', alias: 'like', category: 'eq', parentId: 'eq' },
  sorts: ['sort', 'code', 'name'],
  defaultSort: { column: 'sort' },
  unique: [{ fields: ['code'], message: m.say.codeTaken }],
  extras: {
    list: defineExtra({
      method: 'GET',
      path: 'list',
      summary: 'Menus and buttons matching name, code, alias and category as a tree sorted by sort (BladeX), not a page',
      // Paging parameters are accepted, as clients send them, but a tree list is not paged.
      query: pageQuery.extend(menuListQuery.shape).extend({
        category: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number(say('badType')).int(say('badType')).optional()),
      }),
      response: z.array(menuNode),
      permission: 'menu',
    }),
    lazyList: defineExtra({
      method: 'GET',
      path: 'lazy-list',
      summary: 'Children of parentId (every match when absent), each with hasChildren; filters name, code, alias',
      query: lazyListQuery,
      response: z.array(menuNode),
      permission: 'menu',
    }),
    lazyMenuList: defineExtra({
      method: 'GET',
      path: 'lazy-menu-list',
      summary: 'As lazy-list, menus (category 1) only',
      query: lazyListQuery,
      response: z.array(menuNode),
      permission: MENU_READERS,
    }),
    menuList: defineExtra({
      method: 'GET',
      path: 'menu-list',
      summary: 'Every menu (category 1) as a tree sorted by sort; filters name, code, alias',
      query: menuListQuery,
      response: z.array(menuNode),
      permission: MENU_READERS,
    }),
    tree: defineExtra({
      method: 'GET',
      path: 'tree',
      summary: "Every menu and button as a select tree; a tenant with a package (tenantId, the caller's by default) sees its package's",
      query: z.object({ tenantId: z.string().max(12).optional() }),
      response: z.array(menuTreeNode),
      permission: [...MENU_READERS, 'tenantpackage'],
    }),
    grantTree: defineExtra({
      method: 'GET',
      path: 'grant-tree',
      summary: 'What the caller may grant to roles: menus (within the tenant package), data scopes, API scopes',
      response: menuGrantTree,
      permission: 'role_grant',
    }),
    roleTreeKeys: defineExtra({
      method: 'GET',
      path: 'role-tree-keys',
      summary: "Menu, data scope and API scope ids granted to roles of the caller's tenant",
      query: z.object({ roleIds: requiredIds(say('selectOne')) }),
      response: menuCheckedKeys,
      permission: 'role_grant',
    }),
    grantTopTree: defineExtra({
      method: 'GET',
      path: 'grant-top-tree',
      summary: 'The menus (category 1) the caller may set on top menus',
      response: z.object({ menu: z.array(menuTreeNode) }),
      permission: 'topmenu_setting',
    }),
    topTreeKeys: defineExtra({
      method: 'GET',
      path: 'top-tree-keys',
      summary: "Menu ids set on top menus of the caller's tenant",
      query: z.object({ topMenuIds: requiredIds(m.say.topMenuChoose) }),
      response: z.object({ menu: z.array(z.string()) }),
      permission: 'topmenu_setting',
    }),
    routes: defineExtra({
      method: 'GET',
      path: 'routes',
      summary: "The caller's menus (category 1) with their ancestors, as a tree sorted by sort",
      // An empty topMenuId (a form field left blank) means none.
      query: z.object({ topMenuId: z.union([z.literal(''), idString]).optional() }),
      response: z.array(menuNode),
      permission: null,
    }),
    buttons: defineExtra({
      method: 'GET',
      path: 'buttons',
      summary: "The caller's buttons (category 2) as a tree; every leaf code is a permission",
      response: z.array(menuNode),
      permission: null,
    }),
    topMenu: defineExtra({
      method: 'GET',
      path: 'top-menu',
      summary: "The top menus granted to the caller's role",
      response: z.array(topMenuRow),
      permission: null,
    }),
  },
  view: {
    title: ['菜单管理', 'Menus'],
    columns: [
      { prop: 'name', label: ['菜单名称', 'Name'], search: true },
      { prop: 'nameEn', label: ['英文名称', 'English name'] },
      { prop: 'code', label: ['菜单编号', 'Code'], search: true },
      { prop: 'alias', label: ['菜单别名', 'Alias'] },
      { prop: 'path', label: ['路由地址', 'Path'] },
      { prop: 'source', label: ['菜单图标', 'Icon'], type: 'icon' },
      { prop: 'sort', label: ['排序', 'Sort'], type: 'number' },
      { prop: 'category', label: ['菜单类型', 'Type'], type: 'select', dict: 'menu_category' },
      { prop: 'parentId', label: ['上级菜单', 'Parent'], type: 'tree', hideInTable: true },
    ],
  },
});
