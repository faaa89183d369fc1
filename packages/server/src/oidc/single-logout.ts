import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../context.js';
import { sessionsOfGrants } from './grant-sessions.js';

type Middleware = (koa: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>;

/** The grants of the provider session a confirmed logout has just ended, kept on the request until it is answered. */
const ENDED_GRANTS = Symbol('endedGrants');

/**
 * Single logout from an application: when a browser confirms "sign me out" at the provider
 * (RP-initiated logout with `logout=yes`), the platform sessions that made the ended provider
 * session's grants end too, as Keycloak and CAS servers do. Ending them tells every other
 * application signed on from them (OpenID Connect back-channel logout, CAS single logout), and
 * the next sign-on asks for the password again. "Stay signed in" ends the one application only.
 */
export function endPlatformSessionOnLogout(ctx: AppContext, provider: Provider): Middleware {
  provider.on('end_session.success', (koa: KoaContextWithOIDC) => {
    if (!koa.oidc.params?.logout) return;
    const authorizations = Object.values(koa.oidc.session?.authorizations ?? {}) as { grantId?: string }[];
    (koa.state as Record<symbol, string[]>)[ENDED_GRANTS] = authorizations.flatMap((entry) => (entry.grantId ? [entry.grantId] : []));
  });
  return async (koa, next) => {
    await next();
    const grantIds = (koa.state as Record<symbol, string[] | undefined>)[ENDED_GRANTS];
    if (!grantIds?.length) return;
    for (const sessionId of await sessionsOfGrants(ctx.db, grantIds)) await ctx.sessions.revoke(sessionId, 'logout');
  };
}
