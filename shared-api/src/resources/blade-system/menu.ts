import { z } from 'zod';
import { formNumber, idString, optionalId, optionalText, requiredText } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';

/** A node of `menu/routes` and `menu/buttons` (DESIGN §4). */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string | null;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string | null;
  hasChildren: boolean;
  children?: MenuNode[];
}
export const menuNode: z.ZodType<MenuNode> = z.object({
  id: z.string(),
  parentId: z.string(),
  code: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  path: z.string().nullable(),
  source: z.string().nullable(),
  sort: z.number(),
  category: z.number(),
  action: z.number(),
  isOpen: z.number(),
  remark: z.string().nullable(),
  hasChildren: z.boolean(),
  get children() {
    return z.array(menuNode).optional();
  },
});

export const topMenuRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  source: z.string().nullable(),
  path: z.string().nullable(),
  sort: z.number(),
});

export const menu = defineResource({
  service: 'blade-system',
  name: 'menu',
  table: 'blade_menu',
  tenantScoped: false,
  permission: 'menu',
  cached: true,
  entity: z.object({
    parentId: optionalId,
    code: requiredText('请输入菜单编号'),
    name: requiredText('请输入菜单名称'),
    alias: optionalText(),
    path: optionalText(),
    source: optionalText(),
    sort: formNumber('请输入菜单排序'),
    category: formNumber('请选择菜单类型').pipe(z.union([z.literal(1), z.literal(2)], { error: '请选择菜单类型' })),
    action: formNumber('请选择按钮功能').optional(),
    isOpen: formNumber('请选择新窗口打开').optional(),
    remark: optionalText(),
  }),
  filters: { code: 'like', name: 'like', alias: 'like', category: 'eq', parentId: 'eq' },
  sorts: ['sort', 'code', 'name'],
  defaultSort: { column: 'sort' },
  extras: {
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
      { prop: 'code', label: ['菜单编号', 'Code'], search: true },
      { prop: 'alias', label: ['菜单别名', 'Alias'] },
      { prop: 'path', label: ['路由地址', 'Path'] },
      { prop: 'source', label: ['菜单图标', 'Icon'] },
      { prop: 'sort', label: ['排序', 'Sort'], type: 'number' },
      { prop: 'category', label: ['菜单类型', 'Type'], type: 'select', dict: 'menu_category' },
      { prop: 'parentId', label: ['上级菜单', 'Parent'], type: 'tree', hideInTable: true },
    ],
  },
});
