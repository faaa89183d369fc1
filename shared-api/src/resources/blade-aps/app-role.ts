import { z } from 'zod';
import { formNumber, idString, optionalText, requiredText } from '../../common.js';
import { defineResource } from '../../resource.js';
import { app } from './app.js';
import { appAuthzMessages as m } from './app-authz-messages.js';

/**
 * The roles of an application (`POST approle/submit { appId, roleName, roleAlias }`): what users
 * are granted inside it. `roleAlias` is the role's code, unique in the application, by which
 * scripts and the CLI name it.
 */
export const appRole = defineResource({
  service: 'blade-aps',
  name: 'approle',
  table: 'blade_app_role',
  tenantScoped: true,
  securityAudit: true,
  permission: 'approle',
  entity: z.object({
    appId: idString,
    roleName: requiredText(m.say.roleName, 64),
    roleAlias: requiredText(m.say.roleAlias, 64).pipe(z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, m.say.menuCodeFormat)),
    sort: formNumber(m.say.sort).optional(),
    remark: optionalText(500),
  }),
  references: { appId: { to: () => app, label: 'appName', hint: 'appCode', missing: m.say.appMissing, choose: m.say.appChoose } },
  names: { appName: { field: 'appId', table: 'blade_app', column: 'appName', sameTenant: true } },
  filters: { appId: 'eq', roleName: 'like', roleAlias: 'like' },
  sorts: ['sort', 'roleName', 'roleAlias'],
  defaultSort: { column: 'sort' },
  unique: [{ fields: ['appId', 'roleAlias'], message: m.say.roleAliasTaken }],
  view: {
    title: ['应用角色', 'Application roles'],
    columns: [
      { prop: 'appId', label: ['应用', 'Application'], search: true, hideInTable: true },
      { prop: 'appName', label: ['应用', 'Application'], hideInForm: true },
      { prop: 'roleName', label: ['角色名称', 'Name'], search: true },
      { prop: 'roleAlias', label: ['角色编码', 'Code'], search: true },
      { prop: 'sort', label: ['排序', 'Sort'], type: 'number' },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});
