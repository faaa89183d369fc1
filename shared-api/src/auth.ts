import { z } from 'zod';

/** Raw OAuth2 answer of POST /api/blade-auth/oauth/token: plain JSON, not the envelope, as BladeX clients expect. */
export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  refresh_token: z.string(),
  expires_in: z.number(),
  scope: z.string(),
  jti: z.string(),
  tenant_id: z.string(),
  user_id: z.string(),
  dept_id: z.string(),
  post_id: z.string(),
  role_id: z.string(),
  role_name: z.string(),
  account: z.string(),
  user_name: z.string(),
  nick_name: z.string(),
  real_name: z.string(),
  avatar: z.string(),
  oauth_id: z.string(),
  client_id: z.string(),
  license: z.string(),
  is_init_password: z.string(),
  detail: z.record(z.string(), z.unknown()),
  /** 'enrol': the user must set up a second factor (required by tenant or role) and has none yet. */
  second_factor: z.literal('enrol').optional(),
  /**
   * The tenant's idle limit (compliance profile), when it has one: the session ends after that many
   * minutes without a request, and a client signs its user out after as long without input.
   */
  session_idle_minutes: z.number().int().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const tokenError = z.object({
  error_code: z.number(),
  error_description: z.string(),
  /** 'mfa_required' (error_code 428): send `grant_type=mfa&mfa_ticket=&mfa_code=` next. */
  error: z.string().optional(),
  mfa_ticket: z.string().optional(),
  mfa_expires_in: z.number().optional(),
  /** What the second step can be answered with: `totp` (mfa_code) and / or `passkey`. */
  mfa_methods: z.array(z.enum(['totp', 'passkey'])).optional(),
});
export type TokenError = z.infer<typeof tokenError>;

export const tokenQuery = z.object({
  grant_type: z.string().optional(),
  tenantId: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  type: z.string().optional(),
  /** grant_type=sso: the application asking and the address the token is handed to. */
  appCode: z.string().max(64).optional(),
  referer: z.string().max(2000).optional(),
  /** grant_type=mfa: the ticket of the first step and a TOTP or recovery code. */
  mfa_ticket: z.string().max(200).optional(),
  mfa_code: z.string().max(40).optional(),
  /** grant_type=passkey (with `challenge` from passkey/sign-in-options) or mfa: a passkey's answer, WebAuthn JSON (best sent in the form body). */
  passkey: z.string().max(20_000).optional(),
  /** grant_type=phone: the phone and the code sent to it. */
  phone: z.string().max(32).optional(),
  phoneCode: z.string().max(12).optional(),
  /** grant_type=social: the provider id, and the one-time code and state the provider's call back handed the sign-in page. */
  source: z.string().max(20).optional(),
  code: z.string().max(100).optional(),
  state: z.string().max(100).optional(),
  captchaMode: z.string().max(8).optional(),
});
export type TokenQuery = z.infer<typeof tokenQuery>;

/** GET oauth/user-info: who the token belongs to. */
export const USER_INFO_PATH = '/api/blade-auth/oauth/user-info';
export const userInfo = z.object({
  tenantId: z.string(),
  userId: z.string(),
  account: z.string(),
  userName: z.string(),
  nickName: z.string(),
  realName: z.string(),
  avatar: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  deptId: z.string(),
  postId: z.string(),
  clientId: z.string(),
  isInitPassword: z.string(),
  permissions: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfo>;

/** One entry of the browser's buffered error log, uploaded with POST oauth/logout. */
export const clientErrorLog = z.object({
  type: z.string().max(32).optional(),
  url: z.string().max(2000).optional(),
  message: z.string().max(4000).optional(),
  stack: z.string().max(20000).optional(),
  info: z.string().max(4000).optional(),
  time: z.string().max(64).optional(),
});
export const logoutBody = z.union([z.array(clientErrorLog).max(500), z.object({}).passthrough(), z.undefined()]);
