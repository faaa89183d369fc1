import { z } from 'zod';
import { idList, parentIdString } from '../../common.js';
import { defineMessages, type Said } from '../../messages.js';
import { type TreeNode, treeNode } from './dept-tree.js';

/** Messages of menus and top menus (their rules live in the server's menu and top-menu services). */
export const menuMessages = defineMessages('menu', {
  code: ['请输入菜单编号', 'Please enter the menu code'],
  name: ['请输入菜单名称', 'Please enter the menu name'],
  sort: ['请输入菜单排序', 'Please enter the menu sort order'],
  category: ['请选择菜单类型', 'Please choose the menu type'],
  action: ['请选择按钮功能', 'Please choose the button position'],
  isOpen: ['请选择新窗口打开', 'Please choose whether it opens in a new window'],
  codeTaken: ['菜单编号已存在', 'The menu code already exists'],
  parentMissing: ['上级菜单不存在', 'The parent menu does not exist'],
  parentCycle: ['上级菜单不能是自身或其下级菜单', 'A menu cannot be placed under itself or its own sub-menus'],
  menuUnderButton: ['按钮下不能添加菜单', 'A menu cannot be placed under a button'],
  buttonWithMenus: ['存在下级菜单的菜单不能改为按钮', 'A menu with sub-menus cannot become a button'],
  hasChildren: ['请先删除子菜单', 'Remove the sub-menus first'],
  menuMissing: ['所选菜单不存在', 'A chosen menu does not exist'],
  roleMissing: ['所选角色不存在', 'A chosen role does not exist'],
  topMenuMissing: ['所选顶部菜单不存在', 'A chosen top menu does not exist'],
  topMenuChoose: ['请选择顶部菜单', 'Please choose top menus'],
  topCode: ['请输入顶部菜单编号', 'Please enter the top menu code'],
  topName: ['请输入顶部菜单名称', 'Please enter the top menu name'],
  topSort: ['请输入顶部菜单排序', 'Please enter the top menu sort order'],
  topCodeTaken: ['顶部菜单编号已存在', 'The top menu code already exists'],
  beyondOwnGrants: ['不能设置超出自身权限的菜单', 'You cannot set menus you do not hold yourself'],
});

/** A node of the select and grant trees, a selection-tree node: title is the name, key and value the id. */
export type MenuTreeNode = TreeNode;
export const menuTreeNode = treeNode;

/** `grant-tree`: what the role grant dialog offers (menus, data scopes, API scopes). */
export const menuGrantTree = z.object({
  menu: z.array(menuTreeNode),
  dataScope: z.array(menuTreeNode),
  apiScope: z.array(menuTreeNode),
});
/** `role-tree-keys`: what the chosen roles hold, as ids. */
export const menuCheckedKeys = z.object({ menu: z.array(z.string()), dataScope: z.array(z.string()), apiScope: z.array(z.string()) });

/** Filters of the menu admin lists (contained text, as BladeX). */
export const menuListQuery = z.object({
  name: z.string().max(255).optional(),
  code: z.string().max(255).optional(),
  alias: z.string().max(255).optional(),
});
/** A parent of lazy lists: an id or 0; empty or absent means every menu (a search). */
export const lazyListQuery = menuListQuery.extend({
  parentId: z.preprocess((v) => (v === '' ? undefined : v), parentIdString.optional()),
});

/** Ids sent as comma-joined text, a number or an array (a JSON body): as comma-joined text. */
const asText = (v: unknown) => (Array.isArray(v) ? v.join(',') : typeof v === 'number' ? String(v) : v);
/** Comma-joined ids, required, with a message naming what to choose. */
export const requiredIds = (message: Said) => z.preprocess(asText, z.string(message).min(1, message).pipe(idList));
/** Comma-joined ids that may be empty or absent (grant nothing). */
export const optionalIds = z
  .preprocess((v) => {
    const text = asText(v);
    return text === '' || text === null ? undefined : text;
  }, idList.optional())
  .transform((ids) => ids ?? []);
