import { z } from 'zod';
import { idList, idString, optionalText, requiredText, uploadedFile } from '../../common.js';
import { type Said, say } from '../../messages.js';
import { defineExtra } from '../../resource.js';
import { account, choice, optionalEmail, optionalIdList, phone, plainPassword, userEntity, userRow } from './user-fields.js';
import { userMessages as m } from './user-messages.js';

/** Extras of /api/blade-user, the calls BladeX's user screens make; ids travel in the query string as BladeX sends them. */

const userIds = z.object({ userIds: idList });
const done = z.boolean();
const md5Digest = (message: Said) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .regex(/^[0-9a-fA-F]{32}$/, m.say.digestMalformed);

/** update-password: md5 digests as at sign-in, plus the new password in base64 for the complexity rule. */
export const updatePasswordFields = z.object({
  oldPassword: md5Digest(m.say.oldPassword),
  newPassword: md5Digest(m.say.newPassword),
  newPassword1: md5Digest(m.say.newPassword1),
  passwordBase64: z.string(m.say.passwordBase64).min(1, m.say.passwordBase64).max(1000),
});

/** The filters of page, also used by export-user. */
export const userFilters = z.object({
  account: z.string().max(255).optional(),
  realName: z.string().max(255).optional(),
  name: z.string().max(255).optional(),
  phone: z.string().max(255).optional(),
  code: z.string().max(255).optional(),
  deptId: optionalIdList,
});

export const userProfile = userRow.extend({
  tenantName: z.string(),
  roleName: z.string(),
  deptName: z.string(),
  postName: z.string(),
  userTypeName: z.string(),
  sexName: z.string(),
  statusName: z.string(),
  isInitPassword: z.string(),
});

const passwordPolicy = { permission: 'user_reset' } as const;

export const userExtras = {
  update: defineExtra({
    method: 'POST',
    path: 'update',
    summary: 'Update a user (never the password)',
    body: userEntity.partial().extend({ id: idString }),
    response: userRow,
    permission: 'user_edit',
  }),
  reset: defineExtra({
    method: 'POST',
    fieldsFrom: 'query-or-body',
    path: 'reset',
    summary: 'Reset users to the initial password (account.initPassword); they must change it',
    query: userIds,
    response: done,
    ...passwordPolicy,
  }),
  resetPassword: defineExtra({
    method: 'POST',
    fieldsFrom: 'query-or-body',
    path: 'reset-password',
    summary: 'Same as reset',
    query: userIds,
    response: done,
    ...passwordPolicy,
  }),
  initPwdRandom: defineExtra({
    method: 'POST',
    fieldsFrom: 'query-or-body',
    path: 'initPwdRandom',
    summary: 'Give users a random password (shown once); they must change it',
    query: z.object({ userIds: idList.optional(), userId: idString.optional() }),
    response: z.array(z.object({ userId: z.string(), account: z.string(), password: z.string() })),
    ...passwordPolicy,
  }),
  oneClickModify: defineExtra({
    method: 'POST',
    fieldsFrom: 'query-or-body',
    path: 'one-click-modify',
    summary: 'Make users change their password at the next sign-in',
    query: userIds,
    response: done,
    ...passwordPolicy,
  }),
  oneClickCancel: defineExtra({
    method: 'POST',
    fieldsFrom: 'query-or-body',
    path: 'one-click-cancel',
    summary: 'Withdraw the required password change',
    query: userIds,
    response: done,
    ...passwordPolicy,
  }),
  updatePassword: defineExtra({
    method: 'POST',
    path: 'update-password',
    summary: "The caller's own password (fields in the query as BladeX sends them, or in a JSON body)",
    query: updatePasswordFields.partial(),
    body: updatePasswordFields.partial().nullish(),
    response: done,
    permission: null,
  }),
  updateInfo: defineExtra({
    method: 'POST',
    path: 'update-info',
    summary: "The caller's own profile",
    body: z.object({
      avatar: optionalText(500),
      realName: requiredText(m.say.realName, 10).optional(),
      name: requiredText(m.say.name, 20).optional(),
      phone,
      email: optionalEmail,
    }),
    response: done,
    permission: null,
  }),
  userList: defineExtra({
    method: 'GET',
    path: 'user-list',
    summary:
      "Live users of the caller's tenant as pickers list them (Saber's leave form chooses its approver here): id, account, name, realName; optional account or realName (contains); at most 1,000, by account",
    query: z.object({
      account: z.string().max(45).optional(),
      realName: z.string().max(45).optional(),
    }),
    response: z.array(z.object({ id: z.string(), account: z.string(), name: z.string(), realName: z.string() })),
    // Any signed-in user: whoever applies for leave picks the approver among their colleagues.
    permission: null,
  }),
  info: defineExtra({
    method: 'GET',
    path: 'info',
    summary: "The caller's profile as the personal-info form shows it",
    response: userProfile,
    permission: null,
    namedRows: true,
  }),
  platformDetail: defineExtra({
    method: 'GET',
    path: 'platform-detail',
    summary: "A user's platform (userType) and its extension (userExt)",
    query: z.object({ id: idString }),
    response: userRow.pick({ id: true, account: true, realName: true, userType: true, userExt: true }).nullable(),
    permission: 'user_platform',
  }),
  updatePlatform: defineExtra({
    method: 'POST',
    fieldsFrom: 'query-or-body',
    path: 'update-platform',
    summary: "Set a user's platform and extension",
    query: z.object({ userId: idString, userType: choice(m.say.userType, [1, 2, 3]), userExt: optionalText(2000) }),
    response: done,
    permission: 'user_platform',
  }),
  grant: defineExtra({
    method: 'POST',
    fieldsFrom: 'query-or-body',
    path: 'grant',
    summary: "Set users' roles (roles of the caller's tenant)",
    query: z.object({ userIds: idList, roleIds: idList }),
    response: done,
    permission: 'user_role',
  }),
  resetSecondFactor: defineExtra({
    method: 'POST',
    fieldsFrom: 'query-or-body',
    path: 'reset-second-factor',
    summary: "Remove users' TOTP second factor and recovery codes (they set it up again); logged",
    query: userIds,
    response: done,
    ...passwordPolicy,
  }),
  unlock: defineExtra({
    method: 'POST',
    fieldsFrom: 'query-or-body',
    path: 'unlock',
    summary: 'Clear the sign-in lockout of users',
    query: userIds,
    response: done,
    permission: 'user_unlock',
  }),
  enable: defineExtra({
    method: 'POST',
    fieldsFrom: 'query-or-body',
    path: 'enable',
    summary: 'Enable disabled accounts (left by the directory, dormant, or disabled by an administrator); logged',
    query: userIds,
    response: done,
    permission: 'user_edit',
  }),
  disable: defineExtra({
    method: 'POST',
    fieldsFrom: 'query-or-body',
    path: 'disable',
    summary: 'Disable accounts: they cannot sign in and their sessions end at once; logged',
    query: userIds,
    response: done,
    permission: 'user_edit',
  }),
  lockedAccounts: defineExtra({
    method: 'GET',
    path: 'locked-accounts',
    summary: "The tenant's accounts locked now for failed sign-ins (account, lockedUntil), for the users screen to mark them",
    response: z.array(z.object({ account: z.string(), lockedUntil: z.string() })),
    permission: 'user_unlock',
  }),
  registerGuest: defineExtra({
    method: 'POST',
    path: 'register-guest',
    summary: 'Self-registration: a pending account (status 2) that an administrator approves; fields in the query (BladeX) or the body',
    fieldsFrom: 'query-or-body',
    body: z.object({
      tenantId: requiredText(m.say.tenantId, 12),
      account: account(m.say.registerAccount),
      password: plainPassword.min(1, m.say.password),
      // BladeX clients send the password once; a confirmation, when sent, must match it.
      password2: plainPassword.min(1, m.say.password).optional(),
      name: optionalText(20),
      oauthId: z.union([z.literal(''), idString]).optional(),
      // The ticket the unbound social sign-in answered: proves the registrant holds the identity.
      oauthTicket: z.string().max(100).optional(),
    }),
    response: done,
    permission: 'public',
  }),
  auditPass: defineExtra({
    method: 'POST',
    fieldsFrom: 'query-or-body',
    path: 'audit-pass',
    summary: 'Approve pending registrations',
    query: userIds,
    response: done,
    permission: 'user_audit',
  }),
  auditRefuse: defineExtra({
    method: 'POST',
    fieldsFrom: 'query-or-body',
    path: 'audit-refuse',
    summary: 'Refuse pending registrations (they are removed)',
    query: userIds,
    response: done,
    permission: 'user_audit',
  }),
  exportUser: defineExtra({
    method: 'GET',
    path: 'export-user',
    summary: 'The filtered users as an xlsx file',
    query: userFilters,
    response: z.instanceof(Uint8Array),
    download: true,
    permission: 'user_export',
  }),
  exportTemplate: defineExtra({
    method: 'GET',
    path: 'export-template',
    summary: 'The xlsx template of import-user',
    response: z.instanceof(Uint8Array),
    download: true,
    permission: 'user_import',
  }),
  importUser: defineExtra({
    method: 'POST',
    path: 'import-user',
    summary:
      'Import users from an xlsx file (field "file"); isCovered=1 updates existing accounts; dryRun=1 checks every row as the import would, writes nothing and answers each refused row',
    query: z.object({ isCovered: choice(say('badType'), [0, 1]), dryRun: choice(say('badType'), [0, 1]) }),
    body: z.object({ file: uploadedFile(m.say.importFile) }),
    // A dry run answers what the import would write and, in row order, every row it would refuse.
    response: z.object({
      inserted: z.number(),
      updated: z.number(),
      failures: z.array(z.object({ row: z.number(), message: z.string() })).optional(),
    }),
    multipart: true,
    permission: 'user_import',
  }),
};
