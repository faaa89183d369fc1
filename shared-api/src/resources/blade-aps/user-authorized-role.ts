import { z } from 'zod';
import { idList, idString, optionalId, uploadedFile } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { appAuthzMessages as m } from './app-authz-messages.js';
import {
  effectiveAccess,
  expireTimeText,
  grantReason,
  oneUserQuery,
  userGrantFields,
  userGrantLeadColumns,
  userGrantNames,
  userGrantTailColumns,
} from './grant-shapes.js';

const accountList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/[\s,]+/) : v),
  z
    .array(z.string().trim().max(64), m.say.usersRequired)
    .transform((list) => [...new Set(list.filter(Boolean))])
    .refine((list) => list.length > 0, m.say.usersRequired)
    .refine((list) => list.length <= 1000, m.say.tooManyUsers),
);

/** Grants or revokes one application role for many accounts, each through the checked grant path. */
export const bulkGrantBody = z.object({
  action: z.enum(['grant', 'revoke'], m.say.bulkAction),
  appCode: z.string(m.say.appId).trim().min(1, m.say.appId).max(64),
  roleCode: z.string(m.say.roleAlias).trim().min(1, m.say.roleAlias).max(64),
  accounts: accountList,
  reason: grantReason,
  expireTime: expireTimeText,
  /** Check every account and answer what would happen, changing nothing. */
  dryRun: z.boolean().optional(),
  /** The path the grants are logged under: the admin screen (default) or the CLI. */
  source: z.enum(['admin', 'cli'], m.say.bulkAction).optional(),
});
export const bulkGrantResult = z.object({
  results: z.array(
    z.object({
      account: z.string(),
      /** `granted`, `revoked`, `unchanged` (already so), or `refused` (message says why). */
      outcome: z.enum(['granted', 'revoked', 'unchanged', 'refused']),
      message: z.string(),
    }),
  ),
  granted: z.number(),
  revoked: z.number(),
  unchanged: z.number(),
  refused: z.number(),
  dryRun: z.boolean(),
});

/** What an import did, row by row (row numbers as the sheet shows them). */
export const importGrantResult = z.object({
  results: z.array(
    z.object({ row: z.number(), account: z.string(), outcome: z.enum(['granted', 'unchanged', 'refused']), message: z.string() }),
  ),
  granted: z.number(),
  unchanged: z.number(),
  refused: z.number(),
});

/**
 * Application roles granted to users (`POST userauthorizedrole/submit { userId, appId, appRoleId }`).
 * Every grant and revoke goes through one path that checks the separation-of-duties rules first,
 * writes the grant log and drops the cached permission answers, so submit and remove are that
 * path, not the generic writes.
 */
export const userAuthorizedRole = defineResource({
  service: 'blade-aps',
  name: 'userauthorizedrole',
  table: 'blade_user_authorized_role',
  tenantScoped: true,
  permission: 'userauthorizedrole',
  routes: 'read',
  entity: z.object({
    ...userGrantFields,
    appRoleId: idString,
    source: z.string().optional(),
    requestId: optionalId,
  }),
  names: {
    ...userGrantNames,
    roleName: { field: 'appRoleId', table: 'blade_app_role', column: 'roleName', sameTenant: true },
  },
  filters: { userId: 'eq', appId: 'eq', appRoleId: 'eq', source: 'eq' },
  defaultSort: { column: 'createTime', desc: true },
  extras: {
    submit: defineExtra({
      method: 'POST',
      path: 'submit',
      summary:
        'Grant an application role to a user (no id), refused with 400 naming both roles when it breaks a separation-of-duties rule; with an id, change its expiry or reason',
      body: z.object({ id: optionalId, ...userGrantFields, userId: idString.optional(), appRoleId: idString.optional() }),
      response: z.record(z.string(), z.unknown()),
      namedRows: true,
      permission: ['userauthorizedrole_add', 'userauthorizedrole_edit'],
    }),
    remove: defineExtra({
      method: 'POST',
      path: 'remove',
      fieldsFrom: 'query-or-body',
      summary: 'Revoke grants (ids), each logged',
      query: z.object({ ids: idList, reason: grantReason }),
      response: z.boolean(),
      permission: 'userauthorizedrole_delete',
    }),
    bulk: defineExtra({
      method: 'POST',
      path: 'bulk',
      summary:
        'Grant or revoke one application role (appCode, roleCode) for many accounts, each checked and logged; dryRun changes nothing',
      body: bulkGrantBody,
      response: bulkGrantResult,
      permission: ['userauthorizedrole_add', 'userauthorizedrole_delete'],
    }),
    importGrant: defineExtra({
      method: 'POST',
      path: 'import-grant',
      summary:
        'Grant application roles from an xlsx file (field "file"; columns account, appCode, roleCode, expireTime, reason): a bad row refuses the file (第N行), then each row goes through the checked grant path',
      body: z.object({ file: uploadedFile(m.say.importFile) }),
      response: importGrantResult,
      multipart: true,
      permission: 'userauthorizedrole_add',
    }),
    effectiveAccess: defineExtra({
      method: 'GET',
      path: 'effective-access',
      summary: 'Every application, role, menu and function one user (userId or account) holds, and where each comes from',
      query: oneUserQuery,
      response: effectiveAccess,
      permission: 'userauthorizedrole',
    }),
  },
  view: {
    title: ['用户授权角色', 'User application roles'],
    columns: [
      ...userGrantLeadColumns,
      { prop: 'appRoleId', label: ['应用角色', 'Role'], hideInTable: true },
      { prop: 'roleName', label: ['应用角色', 'Role'], hideInForm: true },
      { prop: 'source', label: ['来源', 'Source'], hideInForm: true },
      ...userGrantTailColumns,
    ],
  },
});
