import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/database.js';
import { decryptSecret, encryptSecret } from '../db/secrets.js';

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s steps), one secret per user, encrypted at rest. A code is
 * accepted one step either side of now (clock drift), and never twice: the step it matched is
 * remembered and a code of that step or an earlier one is refused. Recovery codes are 10 random
 * codes shown once, stored as sha-256, each accepted once.
 */
const PERIOD = 30;
const WINDOW = 1;
const RECOVERY_CODES = 10;

const totpOf = (secret: string, label = '', issuer = 'SSO') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

const recoveryHash = (userId: string, code: string) =>
  createHash('sha256')
    .update(`${userId}|${code.replace(/[\s-]/g, '').toLowerCase()}`)
    .digest('hex');

/** Whether the user has a confirmed second factor. */
export async function hasConfirmedTotp(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('sso_totp').select('confirmedAt').where('userId', '=', userId).executeTakeFirst();
  return Boolean(row?.confirmedAt);
}

/** Starts (or restarts) an enrolment: a fresh unconfirmed secret; refused while a confirmed one exists. */
export async function startEnrolment(
  db: Db,
  user: { id: string; tenantId: string; account: string },
  issuer: string,
): Promise<{ secret: string; uri: string } | undefined> {
  if (await hasConfirmedTotp(db, user.id)) return undefined;
  const secret = new Secret({ size: 20 }).base32;
  const stored = await encryptSecret(db, secret);
  await db
    .insertInto('sso_totp')
    .values({ userId: user.id, tenantId: user.tenantId, secret: stored })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ secret: stored, confirmedAt: null, lastCounter: null }))
    .execute();
  return { secret, uri: totpOf(secret, user.account, issuer).toString() };
}

/**
 * Checks a code against the user's secret (confirmed, or pending when `confirming`) and spends
 * its time step. 'reused' when the code's step was already accepted.
 */
export async function checkTotp(db: Db, userId: string, code: string, confirming = false): Promise<'ok' | 'wrong' | 'reused'> {
  const row = await db.selectFrom('sso_totp').selectAll().where('userId', '=', userId).executeTakeFirst();
  if (!row || Boolean(row.confirmedAt) === confirming || !/^\d{6}$/.test(code)) return 'wrong';
  const secret = await decryptSecret(db, row.secret);
  if (!secret) return 'wrong';
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, window: WINDOW });
  if (delta === null) return 'wrong';
  const counter = totp.counter() + delta;
  // Spending the step is one conditional update: two requests with one code cannot both pass.
  const spent = await db
    .updateTable('sso_totp')
    .set({ lastCounter: counter, ...(confirming ? { confirmedAt: new Date() } : {}) })
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('lastCounter', 'is', null), eb('lastCounter', '<', String(counter))]))
    .returning('userId')
    .execute();
  return spent.length ? 'ok' : 'reused';
}

/** Replaces the user's recovery codes with fresh ones and answers them (the only time they are shown). */
export async function newRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sso_totp_recovery').where('userId', '=', userId).execute();
    await trx
      .insertInto('sso_totp_recovery')
      .values(codes.map((code) => ({ userId, codeHash: recoveryHash(userId, code) })))
      .execute();
  });
  return codes;
}

/** Spends a recovery code: true once per code. */
export async function useRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const spent = await db
    .updateTable('sso_totp_recovery')
    .set({ usedAt: new Date() })
    .where('userId', '=', userId)
    .where('codeHash', '=', recoveryHash(userId, code))
    .where('usedAt', 'is', null)
    .returning('userId')
    .execute();
  return spent.length > 0;
}

/** How many recovery codes the user has left. */
export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('sso_totp_recovery')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes the user's second factor and recovery codes (the user re-enrols). */
export async function removeTotp(db: Db, userIds: readonly string[]): Promise<void> {
  if (!userIds.length) return;
  await db.deleteFrom('sso_totp').where('userId', 'in', userIds).execute();
  await db.deleteFrom('sso_totp_recovery').where('userId', 'in', userIds).execute();
}
