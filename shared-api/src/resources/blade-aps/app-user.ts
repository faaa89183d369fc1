import { z } from 'zod';
import { idString, optionalId } from '../../common.js';
import { defineMessages } from '../../messages.js';
import { defineResource } from '../../resource.js';
import { app } from './app.js';

export const appUserMessages = defineMessages('appUser', {
  appId: ['请选择应用', 'Please choose the application'],
  oneTarget: ['授权对象须且只能是一个：用户、角色或部门', 'Grant the application to exactly one of: a user, a role or a department'],
  appMissing: ['应用不存在', 'The application does not exist'],
  appChoose: ['请选择应用', 'Please choose the application'],
  targetMissing: ['授权对象不存在', 'The user, role or department granted does not exist'],
  granted: ['该对象已被授权此应用', 'The application is already granted to them'],
});

/**
 * Who may open an application: one grant per row, to a user, a role or a department (a
 * department grant covers its sub-departments). Grants and revokes are security events.
 */
export const appUser = defineResource({
  service: 'blade-aps',
  name: 'appuser',
  table: 'blade_app_user',
  tenantScoped: true,
  securityAudit: true,
  permission: 'appuser',
  entity: z.object({
    appId: idString,
    userId: optionalId,
    roleId: optionalId,
    deptId: optionalId,
  }),
  references: {
    appId: {
      to: () => app,
      label: 'appName',
      hint: 'appCode',
      missing: appUserMessages.say.appMissing,
      choose: appUserMessages.say.appChoose,
    },
  },
  names: {
    appName: { field: 'appId', table: 'blade_app', column: 'appName', sameTenant: true },
    userName: { field: 'userId', table: 'blade_user', column: 'realName', sameTenant: true },
    roleName: { field: 'roleId', table: 'blade_role', column: 'roleName', sameTenant: true },
    deptName: { field: 'deptId', table: 'blade_dept', column: 'deptName', sameTenant: true },
  },
  filters: { appId: 'eq', userId: 'eq', roleId: 'eq', deptId: 'eq' },
  defaultSort: { column: 'createTime', desc: true },
  view: {
    title: ['应用用户', 'Application grants'],
    actions: { edit: false },
    columns: [
      { prop: 'appId', label: ['应用', 'Application'], search: true, hideInTable: true },
      { prop: 'appName', label: ['应用', 'Application'], hideInForm: true },
      { prop: 'userId', label: ['用户', 'User'], hideInTable: true },
      { prop: 'userName', label: ['用户', 'User'], hideInForm: true },
      { prop: 'roleId', label: ['角色', 'Role'], hideInTable: true },
      { prop: 'roleName', label: ['角色', 'Role'], hideInForm: true },
      { prop: 'deptId', label: ['部门', 'Department'], hideInTable: true },
      { prop: 'deptName', label: ['部门', 'Department'], hideInForm: true },
      { prop: 'createTime', label: ['授权时间', 'Granted'], type: 'datetime', hideInForm: true },
    ],
  },
});
