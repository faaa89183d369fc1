import { createHash } from 'node:crypto';
import {
  accountLockedFor,
  addressThrottled,
  DEFAULT_TENANT_ID,
  defineMessages,
  INIT_PASSWORD_DONE,
  INIT_PASSWORD_PENDING,
  logMessages,
  type TokenResponse,
  zh,
} from '@sso/shared-api';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import { live } from '../engine/live-rows.js';
import type { ClientRow } from './clients.js';
import { recordLockReached } from './lock-events.js';
import { isMd5Digest } from './passwords.js';
import { stillHeld } from './session-state.js';
import { findSignInAccount } from './sign-in-account.js';

type UserRow = Selectable<Database['blade_user']>;

/** A refused grant: answered as `{ error_code, error_description }` (with Retry-After when throttled). */
export class GrantError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

interface GrantRequest {
  client: ClientRow;
  ip: string;
  userAgent?: string;
  /** Dept-Id / Role-Id headers: switch to one the user holds. */
  deptId?: string;
  roleId?: string;
}

const LICENSE = 'powered by sso-platform';

const switchMessages = defineMessages({
  deptNotHeld: ['您不属于所选机构，无法切换', 'You cannot switch to a department you do not belong to'],
  roleNotHeld: ['您未被授予所选角色，无法切换', 'You cannot switch to a role you do not hold'],
});

type PasswordGrantInput = GrantRequest & {
  tenantId?: string;
  username?: string;
  password?: string;
  /** Checked first, refusals logged like any other (the captcha): it touches no failure counter. */
  before?: () => Promise<void>;
};

/** The password grant, with every attempt (granted or refused, and why) in the sign-in log before the answer. */
export async function passwordGrant(ctx: AppContext, input: PasswordGrantInput): Promise<TokenResponse> {
  const attempt = {
    tenantId: input.tenantId || DEFAULT_TENANT_ID,
    account: input.username?.trim() ?? '',
    clientId: input.client.clientId,
    ip: input.ip,
    userAgent: input.userAgent,
  };
  try {
    await input.before?.();
    const granted = await checkPasswordGrant(ctx, input);
    await ctx.audit.signIn({ ...attempt, success: true, reason: logMessages.signInOk, userId: granted.user_id });
    return granted;
  } catch (error) {
    await ctx.audit.signIn({ ...attempt, success: false, reason: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

async function checkPasswordGrant(ctx: AppContext, input: PasswordGrantInput): Promise<TokenResponse> {
  const tenantId = input.tenantId || DEFAULT_TENANT_ID;
  const account = input.username?.trim();
  const digest = input.password?.trim();
  if (!account || !digest) throw new GrantError(400, zh('missingParam'));
  const attempt = { tenantId, account, ip: input.ip };
  const lock = await ctx.lockout.verdict(attempt);
  if (lock.throttledFor) throw new GrantError(429, addressThrottled(lock.throttledFor), lock.throttledFor);
  if (lock.lockedMinutes) throw new GrantError(400, accountLockedFor(lock.lockedMinutes));

  const user = await findSignInAccount(ctx.db, tenantId, account);
  const check = user && isMd5Digest(digest) ? await ctx.passwords.verifyDigest(user.password, digest) : undefined;
  if (!user) await ctx.passwords.burnTime(digest);
  if (!user || !check?.ok) {
    await ctx.lockout.recordFailure(attempt);
    await recordLockReached(ctx, attempt);
    throw new GrantError(400, zh('badCredentials'));
  }
  if (lock.hasFailures) await ctx.lockout.recordSuccess(attempt);
  await assertTenantUsable(ctx, tenantId);
  if (user.status === 2) throw new GrantError(400, zh('accountPending'));
  if (user.status !== 1) throw new GrantError(400, zh('accountDisabled'));
  if (check.upgrade) {
    await ctx.db
      .updateTable('blade_user')
      .set({ password: await ctx.passwords.hashDigest(digest) })
      .where('id', '=', user.id)
      .execute();
  }
  const roleId = pick(user.roleId, input.roleId, switchMessages.roleNotHeld);
  const deptId = pick(user.deptId, input.deptId, switchMessages.deptNotHeld);
  const { sessionId, refreshToken } = await ctx.sessions.create({
    tenantId,
    userId: user.id,
    clientId: input.client.clientId,
    roleId,
    deptId,
    ip: input.ip,
    userAgent: input.userAgent,
    refreshTtlSeconds: input.client.refreshTokenValidity,
    mustChangePassword: user.mustChangePassword === 1,
  });
  return tokenResponse(ctx, input.client, user, { sessionId, refreshToken, roleId, deptId });
}

/** The refresh grant, with every attempt in the sign-in log as for passwords (written before the answer). */
export async function refreshGrant(ctx: AppContext, input: GrantRequest & { refreshToken?: string }): Promise<TokenResponse> {
  const attempt = { clientId: input.client.clientId, ip: input.ip, userAgent: input.userAgent };
  try {
    const granted = await checkRefreshGrant(ctx, input);
    const who = { tenantId: granted.tenant_id, account: granted.account, userId: granted.user_id };
    await ctx.audit.signIn({ ...attempt, ...who, success: true, reason: logMessages.refreshOk });
    return granted;
  } catch (error) {
    // The holder of a refused token is not known: the row names no account and the platform tenant.
    const reason = error instanceof Error ? error.message : String(error);
    await ctx.audit.signIn({ ...attempt, tenantId: DEFAULT_TENANT_ID, account: '', success: false, reason });
    throw error;
  }
}

async function checkRefreshGrant(ctx: AppContext, input: GrantRequest & { refreshToken?: string }): Promise<TokenResponse> {
  if (!input.refreshToken) throw new GrantError(400, zh('missingParam'));
  // A switch is checked before the token is spent: a refused one leaves the session as it was.
  const holder = input.roleId || input.deptId ? await refreshTokenHolder(ctx, input.refreshToken) : undefined;
  if (holder) {
    pick(holder.roleId, input.roleId, switchMessages.roleNotHeld);
    pick(holder.deptId, input.deptId, switchMessages.deptNotHeld);
  }
  const rotated = await ctx.sessions.rotate(input.refreshToken, input.client.refreshTokenValidity, {
    roleId: input.roleId,
    deptId: input.deptId,
  });
  if (!rotated.ok) throw new GrantError(400, zh(rotated.reason === 'reused' ? 'refreshReused' : 'badRefresh'));
  const { session } = rotated;
  if (session.clientId !== input.client.clientId) {
    await ctx.sessions.revoke(session.id, 'client-mismatch');
    throw new GrantError(400, zh('badRefresh'));
  }
  // The user and tenant were read with the rotation (a refresh is the most frequent grant).
  const { user, tenant } = rotated.holder;
  if (!user || user.status !== 1) {
    await ctx.sessions.revoke(session.id, 'user-disabled');
    throw new GrantError(400, zh('accountDisabled'));
  }
  assertTenantRowUsable(tenant);
  // The session row now carries the switched ids (rotate wrote them); check them once more.
  // Otherwise the session keeps what it named and the user still holds (grants may have been taken away).
  const roleId = input.roleId ? pick(user.roleId, input.roleId, switchMessages.roleNotHeld) : stillHeld(session.roleId, user.roleId);
  const deptId = input.deptId ? pick(user.deptId, input.deptId, switchMessages.deptNotHeld) : stillHeld(session.deptId, user.deptId);
  return tokenResponse(ctx, input.client, user, { sessionId: session.id, refreshToken: rotated.refreshToken, roleId, deptId });
}

/**
 * The id the Dept-Id / Role-Id header names when the user holds it, or all of the user's ids
 * when there is no header; a header naming one the user does not hold is refused.
 */
function pick(held: string | null, requested: string | undefined, refusal: string): string {
  const ids = held ? held.split(',').filter(Boolean) : [];
  if (!requested) return ids.join(',');
  if (!ids.includes(requested)) throw new GrantError(400, refusal);
  return requested;
}

/** The held roles and depts of the user whose unspent refresh token this is (sessions store sha256). */
async function refreshTokenHolder(ctx: AppContext, refreshToken: string) {
  const tokenHash = createHash('sha256').update(refreshToken).digest('hex');
  return ctx.db
    .selectFrom('sso_refresh_token as t')
    .innerJoin('sso_session as s', 's.id', 't.sessionId')
    .innerJoin('blade_user as u', 'u.id', 's.userId')
    .select(['u.roleId', 'u.deptId'])
    .where('t.tokenHash', '=', tokenHash)
    .where('t.usedAt', 'is', null)
    .executeTakeFirst();
}

async function assertTenantUsable(ctx: AppContext, tenantId: string): Promise<void> {
  const tenant = await ctx.db.selectFrom('blade_tenant').select(['status', 'expireTime']).$call(live(tenantId)).executeTakeFirst();
  assertTenantRowUsable(tenant);
}

function assertTenantRowUsable(tenant: { status: number; expireTime: Date | null } | undefined): void {
  if (!tenant) throw new GrantError(400, zh('tenantMissing'));
  if (tenant.status !== 1) throw new GrantError(400, zh('tenantDisabled'));
  if (tenant.expireTime && tenant.expireTime.getTime() < Date.now()) throw new GrantError(400, zh('tenantExpired'));
}

/** What a token says about its user. */
type TokenUser = Pick<UserRow, 'id' | 'tenantId' | 'account' | 'name' | 'realName' | 'postId' | 'avatar' | 'mustChangePassword'>;

async function tokenResponse(
  ctx: AppContext,
  client: ClientRow,
  user: TokenUser,
  s: { sessionId: string; refreshToken: string; roleId: string; deptId: string },
): Promise<TokenResponse> {
  const roleIds = s.roleId ? s.roleId.split(',') : [];
  // Role aliases are read through the resource cache (a role change drops it on every node).
  const roles = roleIds.length
    ? await ctx.cache.get('blade_role', `aliases|${s.roleId}`, () =>
        ctx.db.selectFrom('blade_role').select('roleAlias').where('id', 'in', roleIds).$call(live()).execute(),
      )
    : [];
  const claims = {
    sid: s.sessionId,
    client_id: client.clientId,
    tenant_id: user.tenantId,
    user_id: user.id,
    account: user.account,
    user_name: user.account,
    nick_name: user.name ?? user.account,
    real_name: user.realName ?? '',
    role_id: s.roleId,
    role_name: roles.map((r) => r.roleAlias).join(','),
    dept_id: s.deptId,
    post_id: user.postId ?? '',
    oauth_id: '',
  };
  const { token, jti } = await ctx.tokens.issue(claims, client.accessTokenValidity);
  return {
    access_token: token,
    token_type: 'bearer',
    refresh_token: s.refreshToken,
    expires_in: client.accessTokenValidity,
    scope: client.scope,
    jti,
    ...claims,
    avatar: user.avatar ?? '',
    license: LICENSE,
    is_init_password: user.mustChangePassword ? INIT_PASSWORD_PENDING : INIT_PASSWORD_DONE,
    detail: { type: 'web' },
  };
}
