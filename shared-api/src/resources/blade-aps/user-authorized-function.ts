import { z } from 'zod';
import { idList, idString, optionalId } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { grantReason, userGrantFields, userGrantLeadColumns, userGrantNames, userGrantTailColumns } from './grant-shapes.js';

/** Function codes of an application granted to a user directly, besides those of their application roles. */
export const userAuthorizedFunction = defineResource({
  service: 'blade-aps',
  name: 'userauthorizedfunction',
  table: 'blade_user_authorized_function',
  tenantScoped: true,
  permission: 'userauthorizedfunction',
  routes: 'read',
  entity: z.object({ ...userGrantFields, functionId: idString, source: z.string().optional() }),
  names: {
    ...userGrantNames,
    functionName: { field: 'functionId', table: 'blade_app_menu_function', column: 'functionName', sameTenant: true },
    functionCode: { field: 'functionId', table: 'blade_app_menu_function', column: 'functionCode', sameTenant: true },
  },
  filters: { userId: 'eq', appId: 'eq', functionId: 'eq' },
  defaultSort: { column: 'createTime', desc: true },
  extras: {
    submit: defineExtra({
      method: 'POST',
      path: 'submit',
      summary: 'Grant a function of an application to a user directly (checked against the separation-of-duties rules, logged)',
      body: z.object({ id: optionalId, ...userGrantFields, userId: idString.optional(), functionId: idString.optional() }),
      response: z.record(z.string(), z.unknown()),
      namedRows: true,
      permission: ['userauthorizedfunction_add', 'userauthorizedfunction_edit'],
    }),
    remove: defineExtra({
      method: 'POST',
      path: 'remove',
      fieldsFrom: 'query-or-body',
      summary: 'Revoke direct function grants (ids), each logged',
      query: z.object({ ids: idList, reason: grantReason }),
      response: z.boolean(),
      permission: 'userauthorizedfunction_delete',
    }),
  },
  view: {
    title: ['用户授权功能', 'User function grants'],
    columns: [
      ...userGrantLeadColumns,
      { prop: 'functionId', label: ['功能', 'Function'], hideInTable: true },
      { prop: 'functionName', label: ['功能', 'Function'], hideInForm: true },
      { prop: 'functionCode', label: ['功能编码', 'Code'], hideInForm: true },
      ...userGrantTailColumns,
    ],
  },
});
