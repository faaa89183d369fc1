import type { Db } from '../db/database.js';

/** How the user proved who they are in the first step. */
export type FirstStep = 'password' | 'phone' | 'social' | 'springblade' | 'passkey';

/**
 * CAS `renew=true` asks for a credential presented in this very sign-in, not a single sign-on
 * session. A session opened by a password or a phone code (or by the second factor that follows
 * any first step) is fresh for a minute, with the access token that sign-in answered only, and
 * the first CAS ticket asked for with that token spends it: a session reused from earlier, one
 * signed in through a social provider, or a token from a refresh never satisfies renew, and one
 * sign-in satisfies one renew at most. The mark is stored with the session it marks (Sessions.create,
 * in the same statement, which also drops the unspent marks that have run out).
 */
export const FRESH_FOR_MS = 60_000;

/** First steps that present a credential to the platform itself (a social sign-in presents the provider's session). */
const CREDENTIAL_STEPS: readonly FirstStep[] = ['password', 'phone', 'springblade', 'passkey'];

export const presentsCredential = (step: FirstStep): boolean => CREDENTIAL_STEPS.includes(step);

/**
 * Whether the caller's token is the fresh one of its session, spent by this call (whatever the
 * token): true once at most per sign-in, and only within the minute.
 */
export async function spendFreshSignIn(db: Db, caller: { sid: string; jti: string }): Promise<boolean> {
  const spent = await db
    .deleteFrom('sso_fresh_sign_in')
    .where('sessionId', '=', caller.sid)
    .returning(['tokenId', 'expiresAt'])
    .executeTakeFirst();
  return spent !== undefined && spent.tokenId === caller.jti && new Date(spent.expiresAt).getTime() > Date.now();
}
