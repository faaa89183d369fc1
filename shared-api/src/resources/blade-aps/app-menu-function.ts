import { z } from 'zod';
import { formNumber, idString, optionalText, requiredText } from '../../common.js';
import { defineResource } from '../../resource.js';
import { app } from './app.js';
import { appAuthzMessages as m } from './app-authz-messages.js';
import { appMenu } from './app-menu.js';

/**
 * Function codes of an application, each under one of its menus (`order:export` under the orders
 * page): what the application checks before an action, granted to roles or users.
 */
export const appMenuFunction = defineResource({
  service: 'blade-aps',
  name: 'appmenufunction',
  table: 'blade_app_menu_function',
  tenantScoped: true,
  securityAudit: true,
  permission: 'appmenufunction',
  entity: z.object({
    appId: idString,
    menuId: idString,
    functionCode: requiredText(m.say.functionCode, 64).pipe(z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, m.say.menuCodeFormat)),
    functionName: requiredText(m.say.functionName, 255),
    sort: formNumber(m.say.sort).optional(),
    remark: optionalText(500),
  }),
  names: {
    appName: { field: 'appId', table: 'blade_app', column: 'appName', sameTenant: true },
    menuName: { field: 'menuId', table: 'blade_app_menu', column: 'name', sameTenant: true },
  },
  references: {
    appId: { to: () => app, label: 'appName', hint: 'appCode', missing: m.say.appMissing, choose: m.say.appChoose },
    menuId: { to: () => appMenu, label: 'name', hint: 'code', missing: m.say.menuMissing, choose: m.say.menuChoose },
  },
  filters: { appId: 'eq', menuId: 'eq', functionCode: 'like', functionName: 'like' },
  sorts: ['sort', 'functionCode', 'functionName'],
  defaultSort: { column: 'sort' },
  unique: [{ fields: ['appId', 'functionCode'], message: m.say.functionCodeTaken }],
  view: {
    title: ['菜单功能', 'Menu functions'],
    columns: [
      { prop: 'appId', label: ['应用', 'Application'], search: true, hideInTable: true },
      { prop: 'appName', label: ['应用', 'Application'], hideInForm: true },
      { prop: 'menuId', label: ['所属菜单', 'Menu'], search: true, hideInTable: true },
      { prop: 'menuName', label: ['所属菜单', 'Menu'], hideInForm: true },
      { prop: 'functionCode', label: ['功能编码', 'Code'], search: true },
      { prop: 'functionName', label: ['功能名称', 'Name'], search: true },
      { prop: 'sort', label: ['排序', 'Sort'], type: 'number' },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});
