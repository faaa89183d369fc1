import { z } from 'zod';
import { idString } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { optionalIds } from '../blade-system/menu-shape.js';
import { appAuthzMessages as m } from './app-authz-messages.js';

const roleQuery = z.object({ appRoleId: idString.refine(Boolean, m.say.roleMissing) });

/**
 * The menus of each application role (read; changed by `grant`, which replaces a role's menus and
 * is refused when it would let a user hold two roles a separation-of-duties rule keeps apart).
 */
export const appRoleMenu = defineResource({
  service: 'blade-aps',
  name: 'approlemenu',
  table: 'blade_app_role_menu',
  tenantScoped: true,
  permission: 'approlemenu',
  routes: 'read',
  entity: z.object({ appRoleId: idString, menuId: idString }),
  names: {
    roleName: { field: 'appRoleId', table: 'blade_app_role', column: 'roleName', sameTenant: true },
    menuName: { field: 'menuId', table: 'blade_app_menu', column: 'name', sameTenant: true },
  },
  filters: { appRoleId: 'eq', menuId: 'eq' },
  extras: {
    grant: defineExtra({
      method: 'POST',
      path: 'grant',
      fieldsFrom: 'query-or-body',
      summary: 'Replace the menus of an application role (appRoleId, menuIds comma-joined; empty takes them all away)',
      body: z.object({ appRoleId: idString, menuIds: optionalIds }),
      response: z.boolean(),
      permission: 'approlemenu_grant',
    }),
    getRoleMenuList: defineExtra({
      method: 'GET',
      path: 'getRoleMenuList',
      summary: 'The ids of the menus an application role holds (the checked keys of the grant tree)',
      query: roleQuery,
      response: z.array(z.string()),
      permission: ['approlemenu', 'approle'],
    }),
  },
  view: {
    title: ['角色菜单授权', 'Role menus'],
    actions: { add: false, edit: false, remove: false },
    columns: [
      { prop: 'appRoleId', label: ['应用角色', 'Role'], search: true, hideInTable: true },
      { prop: 'roleName', label: ['应用角色', 'Role'] },
      { prop: 'menuName', label: ['菜单', 'Menu'] },
      { prop: 'createTime', label: ['授权时间', 'Granted'], type: 'datetime' },
    ],
  },
});

/** The function codes of each application role (read; changed by `grant`, checked like the menus). */
export const appRoleFunction = defineResource({
  service: 'blade-aps',
  name: 'approlefunction',
  table: 'blade_app_role_function',
  tenantScoped: true,
  permission: 'approlefunction',
  routes: 'read',
  entity: z.object({ appRoleId: idString, functionId: idString }),
  names: {
    roleName: { field: 'appRoleId', table: 'blade_app_role', column: 'roleName', sameTenant: true },
    functionName: { field: 'functionId', table: 'blade_app_menu_function', column: 'functionName', sameTenant: true },
    functionCode: { field: 'functionId', table: 'blade_app_menu_function', column: 'functionCode', sameTenant: true },
  },
  filters: { appRoleId: 'eq', functionId: 'eq' },
  extras: {
    grant: defineExtra({
      method: 'POST',
      path: 'grant',
      fieldsFrom: 'query-or-body',
      summary: 'Replace the functions of an application role (query appRoleId, functionIds comma-joined; empty takes them all away)',
      query: z.object({ appRoleId: idString, functionIds: optionalIds }),
      response: z.boolean(),
      permission: 'approlefunction_grant',
    }),
    getRoleFuncList: defineExtra({
      method: 'GET',
      path: 'getRoleFuncList',
      summary: 'The ids of the functions an application role holds',
      query: roleQuery,
      response: z.array(z.string()),
      permission: ['approlefunction', 'approle'],
    }),
  },
  view: {
    title: ['角色功能授权', 'Role functions'],
    actions: { add: false, edit: false, remove: false },
    columns: [
      { prop: 'appRoleId', label: ['应用角色', 'Role'], search: true, hideInTable: true },
      { prop: 'roleName', label: ['应用角色', 'Role'] },
      { prop: 'functionName', label: ['功能', 'Function'] },
      { prop: 'functionCode', label: ['功能编码', 'Code'] },
      { prop: 'createTime', label: ['授权时间', 'Granted'], type: 'datetime' },
    ],
  },
});
