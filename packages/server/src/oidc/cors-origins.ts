import { splitRedirectUris } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import { live } from '../kernel/live-rows.js';

const CACHE_KEY = 'oidc-cors-origins';

/** The origins of every registered redirect URI of the enabled oidc applications. */
async function registeredOrigins(ctx: AppContext): Promise<Set<string>> {
  return ctx.cache.get('blade_app', CACHE_KEY, async () => {
    const rows = await ctx.db
      .selectFrom('blade_app')
      .select('redirectUris')
      .where('protocol', '=', 'oidc')
      .where('status', '=', 1)
      .$call(live(null))
      .execute();
    const origins = rows.flatMap((row) => splitRedirectUris(row.redirectUris).map((uri) => URL.parse(uri)?.origin));
    return new Set(origins.filter((origin): origin is string => Boolean(origin)));
  });
}

/**
 * Whether a browser page of this origin may call the provider's endpoints (the CORS preflight):
 * only the origins of registered redirect URIs of enabled oidc applications. A preflight names no
 * client, so it is answered for the catalogue as a whole; the request itself is then checked
 * against its own client's addresses (`clientBasedCORS`).
 */
export async function mayCallFromBrowser(ctx: AppContext, origin: string): Promise<boolean> {
  return (await registeredOrigins(ctx)).has(origin);
}
