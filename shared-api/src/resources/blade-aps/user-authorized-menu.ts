import { z } from 'zod';
import { idList, idString, optionalId } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { appAuthzMessages as m } from './app-authz-messages.js';
import {
  appPermissions,
  grantReason,
  userGrantFields,
  userGrantLeadColumns,
  userGrantNames,
  userGrantTailColumns,
} from './grant-shapes.js';

/** Whose menus in which application: the platform user (`ssoUserId`, or `userId`) and the application (`appId` or `appCode`). */
export const userMenuListQuery = z
  .object({
    userId: idString.optional(),
    ssoUserId: idString.optional(),
    appId: idString.optional(),
    appCode: z.string().trim().max(64).optional(),
  })
  .refine((q) => Boolean(q.userId || q.ssoUserId), m.say.userId)
  .refine((q) => Boolean(q.appId || q.appCode), m.say.appId);

/** Menus (and buttons) of an application granted to a user directly, besides those of their application roles. */
export const userAuthorizedMenu = defineResource({
  service: 'blade-aps',
  name: 'userauthorizedmenu',
  table: 'blade_user_authorized_menu',
  tenantScoped: true,
  permission: 'userauthorizedmenu',
  routes: 'read',
  entity: z.object({ ...userGrantFields, menuId: idString, source: z.string().optional() }),
  names: {
    ...userGrantNames,
    menuName: { field: 'menuId', table: 'blade_app_menu', column: 'name', sameTenant: true },
  },
  filters: { userId: 'eq', appId: 'eq', menuId: 'eq' },
  defaultSort: { column: 'createTime', desc: true },
  extras: {
    submit: defineExtra({
      method: 'POST',
      path: 'submit',
      summary: 'Grant a menu of an application to a user directly (checked against the separation-of-duties rules, logged)',
      body: z.object({ id: optionalId, ...userGrantFields, userId: idString.optional(), menuId: idString.optional() }),
      response: z.record(z.string(), z.unknown()),
      namedRows: true,
      permission: ['userauthorizedmenu_add', 'userauthorizedmenu_edit'],
    }),
    remove: defineExtra({
      method: 'POST',
      path: 'remove',
      fieldsFrom: 'query-or-body',
      summary: 'Revoke direct menu grants (ids), each logged',
      query: z.object({ ids: idList, reason: grantReason }),
      response: z.boolean(),
      permission: 'userauthorizedmenu_delete',
    }),
    menuList: defineExtra({
      method: 'GET',
      path: 'menu-list',
      summary:
        "A user's roles, menu tree and function codes in one application, merged from application roles and direct grants: the user themselves, or holders of the screen for anyone of their tenant",
      query: userMenuListQuery,
      response: appPermissions,
      permission: null,
    }),
  },
  view: {
    title: ['用户授权菜单', 'User menu grants'],
    columns: [
      ...userGrantLeadColumns,
      { prop: 'menuId', label: ['菜单', 'Menu'], hideInTable: true },
      { prop: 'menuName', label: ['菜单', 'Menu'], hideInForm: true },
      ...userGrantTailColumns,
    ],
  },
});
