import { parseRedirectAddress, parseRegisteredRedirectUri, redirectMatches, splitRedirectUris } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import { live } from '../kernel/live-rows.js';
import { fromCatalogue } from './catalogue.js';
import { isRegisteredForApp } from './registered-uris.js';

/** An enabled application of one protocol, as the sign-on protocols read it. */
export interface ProtocolApp {
  id: string;
  tenantId: string;
  appCode: string;
  appName: string;
  appType: string | null;
  redirectUris: string | null;
  /** `token` applications: `token` (a token in the address) or `code` (a one-time code). */
  handoffMode: string;
}

const columns = ['id', 'tenantId', 'appCode', 'appName', 'appType', 'redirectUris', 'handoffMode'] as const;

/**
 * How closely an application's registered URIs cover the address: the length of the longest
 * registered path it lies under (without trailing `/`), or -1 when none covers it.
 */
function coverage(app: { redirectUris: string | null }, address: string): number {
  const target = parseRedirectAddress(address);
  if (!target || !isRegisteredForApp(app, address)) return -1;
  let longest = -1;
  for (const entry of splitRedirectUris(app.redirectUris)) {
    const registered = parseRegisteredRedirectUri(entry);
    if (registered && redirectMatches(target, registered)) longest = Math.max(longest, registered.pathname.replace(/\/+$/, '').length);
  }
  return longest;
}

/**
 * The enabled application of this protocol whose registered URIs the address lies under, in the
 * given tenant (or any tenant when none is given: a CAS service names no tenant). Disabled and
 * missing applications are alike: none. When several cover it, the one that registered the
 * longest path answers (`/erp/finance` before `/erp`), and among equals the oldest, so that the
 * answer never depends on the order the database returns rows in. Every sign-on looks its
 * application up, so the rows are read through the catalogue's cache.
 */
export async function appForAddress(
  ctx: AppContext,
  protocol: string,
  address: string,
  tenantId?: string,
): Promise<ProtocolApp | undefined> {
  const rows = await fromCatalogue(ctx, `${protocol}:${tenantId ?? '*'}`, () => {
    let query = ctx.db.selectFrom('blade_app').select(columns).where('protocol', '=', protocol).where('status', '=', 1);
    if (tenantId) query = query.where('tenantId', '=', tenantId);
    return query.$call(live()).execute();
  });
  let best: { app: (typeof rows)[number]; covered: number } | undefined;
  for (const app of rows) {
    const covered = coverage(app, address);
    if (covered < 0) continue;
    if (!best || covered > best.covered || (covered === best.covered && BigInt(app.id) < BigInt(best.app.id))) best = { app, covered };
  }
  return best ? { ...best.app, id: String(best.app.id) } : undefined;
}

/** The enabled application of this protocol with this code in the tenant; none for a missing or disabled one. */
export async function appForCode(ctx: AppContext, protocol: string, appCode: string, tenantId: string): Promise<ProtocolApp | undefined> {
  const app = await fromCatalogue(ctx, `${protocol}:${tenantId}:${appCode}`, () =>
    ctx.db
      .selectFrom('blade_app')
      .select(columns)
      .where('protocol', '=', protocol)
      .where('status', '=', 1)
      .where('appCode', '=', appCode)
      .$call(live(tenantId))
      .executeTakeFirst(),
  );
  return app ? { ...app, id: String(app.id) } : undefined;
}
