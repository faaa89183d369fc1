import { matchRegisteredRedirect, splitRedirectUris } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import { live } from '../engine/live-rows.js';

/**
 * A place where redirect URIs are registered: the table it reads (its cached list is dropped
 * whenever that table is written) and how to read every registered URI of enabled rows.
 */
export interface RedirectSource {
  table: string;
  load(ctx: AppContext): Promise<string[]>;
}

/**
 * OAuth clients: `web_server_redirect_uri`, comma-separated as BladeX stores it, of every client
 * that can still sign in (status 1, not removed).
 */
const clientRedirectSource: RedirectSource = {
  table: 'blade_client',
  async load(ctx) {
    const rows = await ctx.db.selectFrom('blade_client').select('webServerRedirectUri').where('status', '=', 1).$call(live()).execute();
    return rows.flatMap((row) => splitRedirectUris(row.webServerRedirectUri));
  },
};

const sources: RedirectSource[] = [clientRedirectSource];

/** Adds a place where redirect URIs are registered (each is consulted by every check). */
export function registerRedirectSource(source: RedirectSource): void {
  if (!sources.includes(source)) sources.push(source);
}

const CACHE_KEY = 'registered-redirect-uris';

async function registeredUris(ctx: AppContext): Promise<string[]> {
  const lists = await Promise.all(sources.map((source) => ctx.cache.get(source.table, CACHE_KEY, () => source.load(ctx))));
  return lists.flat();
}

/**
 * The one decision whether a token, code or ticket may be sent to `target`: the normalised URL
 * when it lies under a registered redirect URI of any source, undefined otherwise.
 */
export async function registeredRedirect(ctx: AppContext, target: string): Promise<URL | undefined> {
  return matchRegisteredRedirect(target, await registeredUris(ctx));
}

export async function isRegisteredRedirect(ctx: AppContext, target: string): Promise<boolean> {
  return (await registeredRedirect(ctx, target)) !== undefined;
}
