import { z } from 'zod';
import { idString, isRealDate, optionalId, optionalText } from '../../common.js';
import type { ColumnView } from '../../resource.js';
import { appAuthzMessages as m } from './app-authz-messages.js';
import { appMenuNode } from './app-menu.js';

/** How a grant came about: an administrator's screen, a direct grant, an approved request, an Excel import, the CLI or a directory sync rule. */
export const GRANT_SOURCES = ['admin', 'direct', 'request', 'import', 'cli', 'sync'] as const;
export type GrantSource = (typeof GRANT_SOURCES)[number];

/** When a grant ends by itself: `YYYY-MM-DD[ HH:mm[:ss]]`; empty or absent never. */
export const expireTimeText = z
  .union([z.string(), z.null()], m.say.expireTime)
  .transform((v) => (v ?? '').trim())
  .refine((v) => v === '' || isRealDate(v), m.say.expireTime)
  .optional();

export const grantReason = optionalText(500);

/** Who a grant names, with the application it belongs to (derived from the role, menu or function when absent). */
export const userGrantFields = {
  userId: idString,
  appId: optionalId,
  expireTime: expireTimeText,
  reason: grantReason,
};

/** Display names every grant to a user shows: who (name and account) and in which application. */
export const userGrantNames = {
  userName: { field: 'userId', table: 'blade_user', column: 'realName', sameTenant: true },
  account: { field: 'userId', table: 'blade_user', column: 'account', sameTenant: true },
  appName: { field: 'appId', table: 'blade_app', column: 'appName', sameTenant: true },
} as const;

/** The columns a grant screen starts with: the user and the application (searchable by id). */
export const userGrantLeadColumns: ColumnView[] = [
  { prop: 'userId', label: ['用户', 'User'], search: true, hideInTable: true },
  { prop: 'account', label: ['账号', 'Account'], hideInForm: true },
  { prop: 'userName', label: ['姓名', 'Name'], hideInForm: true },
  { prop: 'appId', label: ['应用', 'Application'], search: true, hideInTable: true },
  { prop: 'appName', label: ['应用', 'Application'], hideInForm: true },
];

/** The columns a grant screen ends with: until when, why, and when it was granted. */
export const userGrantTailColumns: ColumnView[] = [
  { prop: 'expireTime', label: ['到期时间', 'Expires'], type: 'datetime' },
  { prop: 'reason', label: ['授权原因', 'Reason'], type: 'textarea', hideInTable: true },
  { prop: 'createTime', label: ['授权时间', 'Granted'], type: 'datetime', hideInForm: true },
];

/** A user's roles, menu tree and function codes in one application: what the application reads. */
export const appPermissions = z.object({
  appId: z.string(),
  appCode: z.string(),
  userId: z.string(),
  account: z.string(),
  roles: z.array(z.object({ id: z.string(), roleName: z.string(), roleAlias: z.string() })),
  menus: z.array(appMenuNode),
  /** Codes of the granted buttons and functions, sorted. */
  functions: z.array(z.string()),
});
export type AppPermissions = z.infer<typeof appPermissions>;

/** Where one held item comes from. */
export const grantOrigin = z.object({
  /** `approle`: through an application role the user holds; `direct`: granted to the user. */
  kind: z.enum(['approle', 'direct']),
  /** The role's name when through a role. */
  roleName: z.string(),
  source: z.string(),
  expireTime: z.string(),
});

/** Everything one user holds, per application, with where each item comes from. */
export const effectiveAccess = z.object({
  user: z.object({ id: z.string(), account: z.string(), realName: z.string(), tenantId: z.string() }),
  apps: z.array(
    z.object({
      appId: z.string(),
      appCode: z.string(),
      appName: z.string(),
      /** Why the user may open the application: granted to everyone, to the user, a role or a department; empty when they may not. */
      openedThrough: z.array(z.object({ kind: z.enum(['everyone', 'user', 'role', 'dept']), name: z.string() })),
      roles: z.array(
        z.object({
          appRoleId: z.string(),
          roleName: z.string(),
          roleAlias: z.string(),
          source: z.string(),
          requestId: z.string(),
          grantTime: z.string(),
          expireTime: z.string(),
        }),
      ),
      menus: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), category: z.number(), from: z.array(grantOrigin) })),
      functions: z.array(z.object({ id: z.string(), functionCode: z.string(), functionName: z.string(), from: z.array(grantOrigin) })),
    }),
  ),
});
export type EffectiveAccess = z.infer<typeof effectiveAccess>;

/** One user named by id or by account. */
export const oneUserQuery = z
  .object({ userId: idString.optional(), account: z.string().trim().max(64).optional() })
  .refine((q) => Boolean(q.userId || q.account), m.say.userId);
