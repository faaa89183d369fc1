import type { IncomingMessage } from 'node:http';
import { OIDC_INTERACTION_PATH } from '@sso/shared-api';
import type { FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Grant, interactionPolicy, KoaContextWithOIDC } from 'oidc-provider';
import { type BrowserSession, browserSession } from '../auth/live-session.js';
import type { AppContext } from '../context.js';
import { admitOidcSignOn, grantSignOn } from './sign-on-grant.js';

/** The request as the platform's HTTP layer read it (its client address), by the raw request the provider is handed. */
const platformRequests = new WeakMap<IncomingMessage, Pick<FastifyRequest, 'ip'>>();

/** Notes the platform's view of a request before the provider handles it. */
export function notePlatformRequest(request: FastifyRequest): void {
  platformRequests.set(request.raw, request);
}

/** The browser's platform session found for an authorization request, kept for the request. */
const sessionsOf = new WeakMap<KoaContextWithOIDC, BrowserSession>();

/**
 * Ties the provider's session to the browser's platform session at the authorization endpoint.
 * When the browser is signed in to the platform (see `browserSession`), the provider's session is
 * signed in as that user, with the platform sign-in's time as its authentication time (so that
 * `max_age` counts from it): a provider session that is new, or whose platform session has
 * ended (its row is then gone with it), or of the same user. A provider session of another
 * account is left as it is: the sign-in page and the provider's own account switch handle it.
 * Without a platform session nothing is signed in here, and the request needs the sign-in page.
 */
export function bindProviderSessions(ctx: AppContext, provider: Provider): void {
  const Session = provider.Session;
  const load = Session.get.bind(Session);
  Session.get = async (koa) => {
    const session = await load(koa);
    const oidc = (koa as KoaContextWithOIDC).oidc;
    if (oidc?.route !== 'authorization') return session;
    const platform = await browserSession(ctx, koa.get('cookie') || undefined, OIDC_INTERACTION_PATH);
    if (!platform) return session;
    const accountId = platform.caller.user_id;
    if (session.accountId && session.accountId !== accountId) return session;
    sessionsOf.set(koa as KoaContextWithOIDC, platform);
    if (session.accountId === accountId && session.loginTs === platform.signedInAt) return session;
    session.loginAccount({ accountId, loginTs: platform.signedInAt });
    // Marked as changed the way the provider marks it (left out of its type definitions), so
    // that it is stored and its cookie set.
    (session as typeof session & { touched?: boolean }).touched = true;
    return session;
  };
}

/**
 * The grant of a browser signed in to the platform, made in the authorization request itself:
 * when none of `pageChecks` asks for the sign-in page (the provider's own checks: `prompt=login`,
 * `max_age`, an `id_token_hint` of someone else, `prompt=consent`…), the sign-on goes through the
 * same pipeline as the sign-in page's (application, redirect URI, who may open it, the open
 * recorded). Undefined when any of that says no: the provider then sends the browser to the
 * sign-in page, which refuses or signs in as it does without a session.
 */
export async function signedInGrant(
  ctx: AppContext,
  koa: KoaContextWithOIDC,
  pageChecks: readonly interactionPolicy.Check[],
): Promise<Grant | undefined> {
  const platform = sessionsOf.get(koa);
  if (!platform || koa.oidc.session?.accountId !== platform.caller.user_id) return undefined;
  for (const { check } of pageChecks) if (await check(koa)) return undefined;
  const clientId = koa.oidc.client?.clientId ?? '';
  const admitted = await admitOidcSignOn(ctx, {
    caller: platform.caller,
    clientId,
    redirectUri: String(koa.oidc.params?.redirect_uri ?? ''),
    request: platformRequests.get(koa.req) ?? { ip: koa.ip },
  });
  if (!admitted.admitted) return undefined;
  return grantSignOn(ctx, koa.oidc.provider, { caller: platform.caller, clientId, scope: String(koa.oidc.params?.scope ?? 'openid') });
}
