import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';

/** How long the sign-in page may take to register an unbound identity after its sign-in. */
const TICKET_TTL_MS = 30 * 60_000;
/** Registration tickets share the social state table; their keys cannot be taken for a sign-in's state. */
const PREFIX = 'register:';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * An identity no account is bound to may be registered only by whoever just signed in with it:
 * the unbound answer carries a random ticket (kept as its sha-256 for 30 minutes), and
 * register-guest binds the new account to the identity only with that ticket. Knowing an
 * identity's id alone is not enough to attach an account to someone else's WeCom or DingTalk user.
 */
export async function issueRegistrationTicket(
  ctx: AppContext,
  identity: { tenantId: string; providerId: string; oauthId: string },
): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await ctx.db
    .insertInto('sso_social_state')
    .values({
      state: `${PREFIX}${sha256(ticket).slice(0, 48)}`,
      tenantId: identity.tenantId,
      providerId: identity.providerId,
      nonce: '',
      codeVerifier: '',
      redirectUri: '',
      codeHash: sha256(ticket),
      oauthId: identity.oauthId,
      expiresAt: new Date(Date.now() + TICKET_TTL_MS),
    })
    .execute();
  return ticket;
}

/**
 * Spends the ticket of a registration bound to `oauthId` (inside the registration's transaction,
 * so a refused registration keeps it): true only for the live ticket issued for that identity in
 * that tenant.
 */
export async function spendRegistrationTicket(
  db: Kysely<Database>,
  claim: { tenantId: string; oauthId: string; ticket: string },
): Promise<boolean> {
  const hash = sha256(claim.ticket);
  const row = await db
    .deleteFrom('sso_social_state')
    .where('state', '=', `${PREFIX}${hash.slice(0, 48)}`)
    .where('tenantId', '=', claim.tenantId)
    .where('oauthId', '=', claim.oauthId)
    .returning(['codeHash', 'expiresAt'])
    .executeTakeFirst();
  if (!row?.codeHash || new Date(row.expiresAt).getTime() < Date.now()) return false;
  return timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(hash));
}
