import { createHash } from 'node:crypto';
import {
  accountLockedFor,
  addressThrottled,
  DEFAULT_TENANT_ID,
  directoryPasswordMessages,
  logMessages,
  say,
  type TokenResponse,
} from '@sso/shared-api';
import type { AppContext } from '../context.js';
import { GrantError } from './grant-error.js';
import { recordLockReached } from './lock-events.js';
import { isMd5Digest } from './passwords.js';
import { completeSignIn } from './second-factor.js';
import { assertTenantRowUsable, type GrantRequest, pick, switchMessages, tokenResponse } from './session-grant.js';
import { sessionLimitMessages } from './session-limits.js';
import { stillHeld } from './session-state.js';
import { findPasswordAccount } from './sign-in-account.js';

export { GrantError };

type PasswordGrantInput = GrantRequest & {
  tenantId?: string;
  username?: string;
  /** The md5 digest of the password (what BladeX clients send). */
  password?: string;
  /** The password itself, when the client sent it sealed (see readSentPassword): only this can bind to a directory. */
  plainPassword?: string;
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
  if (!account || !digest) throw new GrantError(400, say('missingParam'));
  const attempt = { tenantId, account, ip: input.ip };
  const lock = await ctx.lockout.verdict(attempt);
  if (lock.throttledFor) throw new GrantError(429, addressThrottled(lock.throttledFor), lock.throttledFor);
  if (lock.lockedMinutes) throw new GrantError(400, accountLockedFor(lock.lockedMinutes));

  const found = await findPasswordAccount(ctx.db, tenantId, account);
  const user = found?.user;
  const directory = found?.directoryLinked ? await ctx.directoryPasswords.linkOf(tenantId, found.user.id) : undefined;
  let check: { ok: boolean; upgrade: boolean } | undefined;
  if (user && directory) {
    // A directory checks the password itself, which a client sending only its digest cannot give.
    if (!input.plainPassword) throw new GrantError(400, directoryPasswordMessages.say.sealedPasswordNeeded);
    const verdict = await ctx.directoryPasswords.verify(directory, account, input.plainPassword);
    if (verdict === 'unreachable') throw new GrantError(503, directoryPasswordMessages.say.directoryUnreachable);
    check = { ok: verdict === 'ok', upgrade: false };
  } else if (user && isMd5Digest(digest)) {
    check = await ctx.passwords.verifyDigest(user.password, digest);
  }
  if (!user) await ctx.passwords.burnTime(digest);
  if (!user || !check?.ok) {
    await ctx.lockout.recordFailure(attempt);
    await recordLockReached(ctx, attempt);
    throw new GrantError(400, say('badCredentials'));
  }
  if (lock.hasFailures) await ctx.lockout.recordSuccess(attempt);
  if (check.upgrade) {
    await ctx.db
      .updateTable('blade_user')
      .set({ password: await ctx.passwords.hashDigest(digest) })
      .where('id', '=', user.id)
      .execute();
  }
  return completeSignIn(ctx, { ...input, user, method: 'password' });
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
  if (!input.refreshToken) throw new GrantError(400, say('missingParam'));
  // A switch is checked before the token is spent: a refused one leaves the session as it was.
  const holder = input.roleId || input.deptId ? await refreshTokenHolder(ctx, input.refreshToken) : undefined;
  if (holder) {
    pick(holder.roleId, input.roleId, switchMessages.say.roleNotHeld);
    pick(holder.deptId, input.deptId, switchMessages.say.deptNotHeld);
  }
  const rotated = await ctx.sessions.rotate(input.refreshToken, input.client.refreshTokenValidity, {
    roleId: input.roleId,
    deptId: input.deptId,
  });
  if (!rotated.ok) throw new GrantError(400, say(rotated.reason === 'reused' ? 'refreshReused' : 'badRefresh'));
  const { session } = rotated;
  if (session.clientId !== input.client.clientId) {
    await ctx.sessions.revoke(session.id, 'client-mismatch');
    throw new GrantError(400, say('badRefresh'));
  }
  // The compliance profile: an idle session, or one past its longest time, ends here.
  const limit = await ctx.sessions.refusedRefresh(session);
  if (limit) throw new GrantError(401, limit === 'idle' ? sessionLimitMessages.say.idle : sessionLimitMessages.say.maxAge);
  // The user and tenant were read with the rotation (a refresh is the most frequent grant).
  const { user, tenant } = rotated.holder;
  if (!user || user.status !== 1) {
    await ctx.sessions.revoke(session.id, 'user-disabled');
    throw new GrantError(400, say('accountDisabled'));
  }
  assertTenantRowUsable(tenant);
  // The session row now carries the switched ids (rotate wrote them); check them once more.
  // Otherwise the session keeps what it named and the user still holds (grants may have been taken away).
  const roleId = input.roleId ? pick(user.roleId, input.roleId, switchMessages.say.roleNotHeld) : stillHeld(session.roleId, user.roleId);
  const deptId = input.deptId ? pick(user.deptId, input.deptId, switchMessages.say.deptNotHeld) : stillHeld(session.deptId, user.deptId);
  return tokenResponse(ctx, input.client, user, { sessionId: session.id, refreshToken: rotated.refreshToken, roleId, deptId });
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
