import { oidcRedirectOrigins } from '../apps/oidc-apps.js';
import type { AppContext } from '../context.js';

/**
 * Whether a browser page of this origin may call the provider's endpoints (the CORS preflight):
 * only the origins of registered redirect URIs of enabled oidc applications. A preflight names no
 * client, so it is answered for the catalogue as a whole; the request itself is then checked
 * against its own client's addresses (`clientBasedCORS`).
 */
export async function mayCallFromBrowser(ctx: AppContext, origin: string): Promise<boolean> {
  return (await oidcRedirectOrigins(ctx)).has(origin);
}
