import { badRequest, type ComplianceSettings, defineMessages, PASSWORD_CHANGE } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import { complianceOf } from '../db/compliance.js';
import type { Database } from '../db/schema.js';

/**
 * The compliance profile's password limits (see db/compliance.ts; each is off at 0 and all are
 * off while the tenant's profile is off): a password older than `passwordExpiryDays` must be
 * changed at sign-in, a new password may not be one of the last `passwordHistory` ones, and the
 * user's own change waits `passwordMinAgeDays` after the last one (never a forced change).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Earlier hashes kept per user: the most the history limit can ask for. */
export const KEPT_PASSWORDS = 24;

export const passwordPolicyMessages = defineMessages('passwordPolicy', {
  reused: ['新密码不能与最近使用过的密码相同', 'The new password must differ from the passwords you used recently'],
  tooSoon: ['密码修改过于频繁，请稍后再试', 'The password was changed too recently; try again later'],
});

type Db = Kysely<Database>;

/** Whether a password set at `changedAt` has outlived the tenant's expiry. */
export function passwordExpired(settings: ComplianceSettings, changedAt: Date, now = Date.now()): boolean {
  return settings.passwordExpiryDays > 0 && now - changedAt.getTime() >= settings.passwordExpiryDays * DAY_MS;
}

/**
 * At sign-in: an expired password is a required change, held exactly like a first sign-in's
 * (`must_change_password`), so that every client and the session's routes treat it the same, but
 * marked as the expiry's: once the expiry no longer applies (the profile turned off, the expiry
 * lengthened) the hold is lifted at the next sign-in. A first sign-in's or a reset's hold stays.
 * A password checked by a directory is changed there, never here: it does not expire here.
 * Answers the user as it now is.
 */
export async function holdExpiredPassword<U extends { id: string; tenantId: string; mustChangePassword: number; passwordChangedAt: Date }>(
  ctx: AppContext,
  user: U,
): Promise<U> {
  if (user.mustChangePassword === PASSWORD_CHANGE.required) return user;
  const expired =
    passwordExpired(await complianceOf(ctx.params, user.tenantId), user.passwordChangedAt) &&
    !(await ctx.directoryPasswords.linkOf(user.tenantId, user.id));
  const hold = expired ? PASSWORD_CHANGE.expired : PASSWORD_CHANGE.none;
  if (hold === user.mustChangePassword) return user;
  await ctx.db.updateTable('blade_user').set({ mustChangePassword: hold }).where('id', '=', user.id).execute();
  return { ...user, mustChangePassword: hold };
}

/**
 * The user's own change: refused within the minimum age of the last change, unless the change is
 * a required one (first sign-in, expiry, a reset).
 */
export function assertOldEnough(settings: ComplianceSettings, user: { mustChangePassword: number; passwordChangedAt: Date }): void {
  if (user.mustChangePassword !== PASSWORD_CHANGE.none || settings.passwordMinAgeDays <= 0) return;
  if (Date.now() - user.passwordChangedAt.getTime() < settings.passwordMinAgeDays * DAY_MS)
    throw badRequest(passwordPolicyMessages.say.tooSoon);
}

/**
 * A new password (its md5 digest) must differ from the last `passwordHistory` ones: the current
 * one and the newest earlier ones kept, compared with the same hashing as a sign-in.
 */
export async function assertNotRecent(
  ctx: AppContext,
  settings: ComplianceSettings,
  user: { id: string; password: string },
  newDigest: string,
): Promise<void> {
  if (settings.passwordHistory <= 0) return;
  const earlier = await ctx.db
    .selectFrom('blade_user_password')
    .select('password')
    .where('userId', '=', user.id)
    .orderBy('id', 'desc')
    .limit(settings.passwordHistory - 1)
    .execute();
  // Checked one after the other: each verification is a deliberately slow hash.
  for (const hash of [user.password, ...earlier.map((row) => row.password)]) {
    if ((await ctx.passwords.verifyDigest(hash, newDigest)).ok) throw badRequest(passwordPolicyMessages.say.reused);
  }
}

/** The settings a user's password change is checked against. */
export const passwordSettingsOf = (ctx: AppContext, tenantId: string) => complianceOf(ctx.params, tenantId);

/**
 * Keeps the hash a password had before it was replaced (the history limit reads them), at most
 * KEPT_PASSWORDS per user, whether or not the profile is on now: turning it on later finds them.
 */
export async function rememberReplacedPasswords(
  db: Db,
  users: readonly { id: string; tenantId: string; password: string }[],
): Promise<void> {
  const kept = users.filter((user) => user.password);
  if (!kept.length) return;
  await db
    .insertInto('blade_user_password')
    .values(kept.map((user) => ({ tenantId: user.tenantId, userId: user.id, password: user.password })))
    .execute();
  for (const user of kept) {
    const newest = await db
      .selectFrom('blade_user_password')
      .select('id')
      .where('userId', '=', user.id)
      .orderBy('id', 'desc')
      .offset(KEPT_PASSWORDS)
      .limit(1)
      .executeTakeFirst();
    if (newest) await db.deleteFrom('blade_user_password').where('userId', '=', user.id).where('id', '<=', newest.id).execute();
  }
}
