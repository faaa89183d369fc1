import { matchRegisteredRedirect, splitRedirectUris } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import { live } from '../kernel/live-rows.js';

/** One registered redirect URI and who registered it: a tenant, or nobody in particular (platform-wide). */
export interface RegisteredUri {
  uri: string;
  /** The tenant whose row registered it; null for a platform-wide registration (OAuth clients). */
  tenantId: string | null;
}

/**
 * A place where redirect URIs are registered: the table it reads (its cached list is dropped
 * whenever that table is written) and how to read every registered URI of enabled rows.
 */
export interface RedirectSource {
  table: string;
  load(ctx: AppContext): Promise<RegisteredUri[]>;
}

/**
 * OAuth clients: `web_server_redirect_uri`, comma-separated as BladeX stores it, of every client
 * that can still sign in (status 1, not removed). Clients are platform-wide rows that only the
 * platform tenant may write, so their addresses count for every tenant.
 */
const clientRedirectSource: RedirectSource = {
  table: 'blade_client',
  async load(ctx) {
    const rows = await ctx.db.selectFrom('blade_client').select('webServerRedirectUri').where('status', '=', 1).$call(live()).execute();
    return rows.flatMap((row) => splitRedirectUris(row.webServerRedirectUri).map((uri) => ({ uri, tenantId: null })));
  },
};

const sources: RedirectSource[] = [clientRedirectSource];

/** Adds a place where redirect URIs are registered (each is consulted by every check). */
export function registerRedirectSource(source: RedirectSource): void {
  if (!sources.includes(source)) sources.push(source);
}

const CACHE_KEY = 'registered-redirect-uris';

async function registeredUris(ctx: AppContext): Promise<RegisteredUri[]> {
  const lists = await Promise.all(sources.map((source) => ctx.cache.get(source.table, CACHE_KEY, () => source.load(ctx))));
  return lists.flat();
}

/**
 * The one decision whether a token, code or ticket may be sent to `target` for a caller of
 * `tenantId`: the normalised URL when it lies under a redirect URI registered by that tenant (its
 * applications) or platform-wide (OAuth clients), undefined otherwise. Another tenant's
 * registration never counts: a tenant administrator could otherwise register their own host and
 * receive the token of anyone who follows a link to it. No tenant (an anonymous caller) counts the
 * platform-wide registrations only.
 */
export async function registeredRedirect(ctx: AppContext, target: string, tenantId: string | undefined): Promise<URL | undefined> {
  const vouched = (await registeredUris(ctx)).filter((entry) => entry.tenantId === null || entry.tenantId === tenantId);
  return matchRegisteredRedirect(
    target,
    vouched.map((entry) => entry.uri),
  );
}
