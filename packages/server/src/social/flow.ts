import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { badRequest, type Message, withDetail } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import { urlSafeTicket } from '../kernel/url-safe-ticket.js';
import { OutboundRefused } from '../net/outbound-guard.js';
import { type FlowChecks, SocialExchangeError, type SocialIdentity, type SocialProviderConfig } from './adapter.js';
import { socialFlowMessages as m } from './flow-messages.js';
import { adapters, enabledProvider } from './providers.js';

/** Time a person has at the provider between the button and the call back. */
const STATE_TTL_MS = 10 * 60_000;
/** Time the sign-in page has to redeem the one-time code the call back hands it. */
const CODE_TTL_MS = 2 * 60_000;

export const CALLBACK_PATH = '/api/blade-auth/oauth/social/callback';

/** The PKCE verifier never travels in an address, and RFC 7636 asks for 43 to 128 characters: 256 bits in base64url. */
const newCodeVerifier = () => randomBytes(32).toString('base64url');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Why a call back ends without a sign-in; the page it lands on explains it (i18n key). */
export type CallbackFailure = 'state' | 'provider' | 'denied' | 'exchange' | 'taken';

export type CallbackOutcome =
  | { kind: 'sign-in'; tenantId: string; providerId: string; code: string; state: string }
  | { kind: 'bound' }
  | { kind: 'failed'; reason: CallbackFailure; bind: boolean };

/**
 * Starts a sign-in (or, with `bindUserId`, a binding for a signed-in user) with a provider of the
 * tenant: a random state, nonce and PKCE verifier are stored server side for ten minutes and the
 * provider's authorize address is answered. Unknown or disabled providers are refused (400).
 */
export async function startSocialFlow(
  ctx: AppContext,
  input: { tenantId: string; providerId: string; origin: string; bindUserId?: string },
): Promise<URL> {
  const provider = await enabledProvider(ctx.db, input.tenantId, input.providerId);
  if (!provider) throw badRequest(m.say.unknownProvider);
  // The state and nonce travel in the provider's address (WeChat takes only letters and digits in a state).
  const checks: FlowChecks = {
    state: urlSafeTicket(),
    nonce: urlSafeTicket(),
    codeVerifier: newCodeVerifier(),
    redirectUri: `${input.origin}${CALLBACK_PATH}`,
  };
  let url: URL;
  try {
    url = await adapters[provider.kind].authorizeUrl(provider, checks, ctx.outbound.fetchFor(provider.tenantId));
  } catch (error) {
    // The provider cannot be reached (its discovery document): the reason names the address.
    if (error instanceof OutboundRefused) throw badRequest(error.said);
    if (error instanceof SocialExchangeError && error.refusal) throw badRequest(error.refusal.said);
    const reason = error instanceof Error ? error.message.replace(/^discovery failed: /, '') : String(error);
    throw badRequest(withDetail(m.say.unreachable, reason));
  }
  await ctx.db.deleteFrom('sso_social_state').where('expiresAt', '<', new Date()).execute();
  await ctx.db
    .insertInto('sso_social_state')
    .values({
      state: checks.state,
      tenantId: provider.tenantId,
      providerId: provider.id,
      nonce: checks.nonce,
      codeVerifier: checks.codeVerifier,
      redirectUri: checks.redirectUri,
      bindUserId: input.bindUserId ?? null,
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    })
    .execute();
  return url;
}

/**
 * The provider's call back: the state must be one this server issued, unspent and unexpired; the
 * code is exchanged (nonce and PKCE checked for OpenID Connect), and the identity recorded in
 * `blade_user_oauth`. A binding attaches it to the signed-in user (refused when it belongs to
 * someone else); a sign-in gets a one-time code for the sign-in page to redeem with
 * grant_type=social within two minutes. The state is spent whatever the outcome.
 */
export async function finishSocialCallback(ctx: AppContext, callbackUrl: URL): Promise<CallbackOutcome> {
  const state = callbackUrl.searchParams.get('state') ?? '';
  const row = state
    ? await ctx.db
        .selectFrom('sso_social_state')
        .selectAll()
        .where('state', '=', state)
        .where('codeHash', 'is', null)
        .where('expiresAt', '>', new Date())
        .executeTakeFirst()
    : undefined;
  if (!row) return { kind: 'failed', reason: 'state', bind: false };
  const bind = Boolean(row.bindUserId);
  const spend = () => ctx.db.deleteFrom('sso_social_state').where('state', '=', state).execute();
  const provider = await enabledProvider(ctx.db, row.tenantId, String(row.providerId));
  if (!provider) {
    await spend();
    return { kind: 'failed', reason: 'provider', bind };
  }
  if (callbackUrl.searchParams.get('error') || !(callbackUrl.searchParams.get('code') || callbackUrl.searchParams.get('authCode'))) {
    await spend();
    return { kind: 'failed', reason: 'denied', bind };
  }
  let identity: SocialIdentity;
  try {
    const checks = { state, nonce: row.nonce, codeVerifier: row.codeVerifier, redirectUri: row.redirectUri };
    // The address the provider was told to call back (behind a proxy the request's own may differ).
    const current = new URL(row.redirectUri);
    current.search = callbackUrl.search;
    identity = await adapters[provider.kind].exchange(provider, current, checks, ctx.outbound.fetchFor(provider.tenantId));
  } catch (error) {
    await spend();
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof SocialExchangeError)
      ctx.log?.warn({ provider: provider.id, kind: provider.kind, reason }, 'social sign-in refused');
    else ctx.log?.error({ err: error, provider: provider.id }, 'social sign-in exchange failed');
    return { kind: 'failed', reason: 'exchange', bind };
  }
  const binding = await recordIdentity(ctx, provider, identity);
  if (row.bindUserId) {
    await spend();
    if (binding.userId && binding.userId !== String(row.bindUserId)) return { kind: 'failed', reason: 'taken', bind };
    const userId = String(row.bindUserId);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('blade_user_oauth').set({ userId }).where('id', '=', binding.id).execute();
      await ctx.audit.write(trx, {
        type: 'user.social-bind',
        tenantId: provider.tenantId,
        targets: [{ kind: 'account', id: userId }],
        detail: { provider: provider.id, kind: provider.kind },
      });
    });
    return { kind: 'bound' };
  }
  // The code travels in the sign-in page's address.
  const code = urlSafeTicket();
  await ctx.db
    .updateTable('sso_social_state')
    .set({ codeHash: sha256(code), oauthId: binding.id, expiresAt: new Date(Date.now() + CODE_TTL_MS) })
    .where('state', '=', state)
    .execute();
  return { kind: 'sign-in', tenantId: row.tenantId, providerId: provider.id, code, state };
}

/** The binding row of this identity, created on first sight and refreshed with what the provider shows. */
async function recordIdentity(ctx: AppContext, provider: SocialProviderConfig, identity: SocialIdentity) {
  const shown = {
    username: identity.username?.slice(0, 64) ?? null,
    nickname: identity.nickname?.slice(0, 64) ?? null,
    avatar: identity.avatar?.slice(0, 1000) ?? null,
    email: identity.email?.slice(0, 255) ?? null,
  };
  const key = { tenantId: provider.tenantId, source: provider.id, uuid: identity.id.slice(0, 64) };
  const find = () =>
    ctx.db
      .selectFrom('blade_user_oauth')
      .select(['id', 'userId'])
      .where('tenantId', '=', key.tenantId)
      .where('source', '=', key.source)
      .where('uuid', '=', key.uuid)
      .executeTakeFirst();
  const existing = await find();
  if (existing) {
    await ctx.db.updateTable('blade_user_oauth').set(shown).where('id', '=', existing.id).execute();
    return { id: String(existing.id), userId: existing.userId ? String(existing.userId) : undefined };
  }
  // Two call backs of the same person at once: the unique index keeps one row, both use it.
  await ctx.db
    .insertInto('blade_user_oauth')
    .values({ id: ctx.ids.next(), ...key, ...shown })
    .onConflict((oc) => oc.columns(['tenantId', 'source', 'uuid']).where('uuid', 'is not', null).doNothing())
    .execute();
  const created = await find();
  if (!created) throw new Error('the binding could not be recorded');
  return { id: String(created.id), userId: created.userId ? String(created.userId) : undefined };
}

/** Why a redeem was refused: the code or state is unknown, spent or expired, or they do not belong together. */
export class SocialRedeemRefused extends Error {
  constructor(readonly said: Message) {
    super(said.text);
  }
}

/**
 * Redeems the one-time code of a call back (grant_type=social): it must have been issued for
 * this state and this provider (`source`), within two minutes, and is spent by the first try,
 * right or wrong. Answers the tenant and the binding.
 */
export async function redeemSocialCode(
  ctx: AppContext,
  input: { source: string; code: string; state: string },
): Promise<{ tenantId: string; oauthId: string; providerId: string }> {
  // A registration ticket shares the table: it never stands in for a sign-in's state.
  if (input.state.startsWith('register:')) throw new SocialRedeemRefused(m.say.badState);
  const row = await ctx.db
    .selectFrom('sso_social_state')
    .select(['state', 'tenantId', 'providerId', 'codeHash', 'oauthId', 'expiresAt'])
    .where('state', '=', input.state)
    .where('codeHash', 'is not', null)
    .executeTakeFirst();
  if (!row?.codeHash || !row.oauthId) throw new SocialRedeemRefused(m.say.badState);
  const spent = await ctx.db
    .deleteFrom('sso_social_state')
    .where('state', '=', row.state)
    .where('codeHash', '=', row.codeHash)
    .executeTakeFirst();
  if (!spent.numDeletedRows) throw new SocialRedeemRefused(m.say.badState);
  if (new Date(row.expiresAt).getTime() < Date.now()) throw new SocialRedeemRefused(m.say.badState);
  const given = Buffer.from(sha256(input.code));
  if (!timingSafeEqual(given, Buffer.from(row.codeHash)) || String(row.providerId) !== input.source) {
    throw new SocialRedeemRefused(m.say.stateMismatch);
  }
  return { tenantId: row.tenantId, oauthId: String(row.oauthId), providerId: String(row.providerId) };
}
