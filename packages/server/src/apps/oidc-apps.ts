import { splitRedirectUris } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import type { Db } from '../db/database.js';
import { live } from '../kernel/live-rows.js';
import { followCatalogue, fromCatalogue } from './catalogue.js';

/** The catalogue row an OpenID Connect client is made from. */
export interface OidcAppRow {
  id: string;
  tenantId: string;
  appCode: string;
  appName: string;
  appType: string | null;
  redirectUris: string | null;
  backchannelLogoutUri: string | null;
  clientSecret: string | null;
}

/**
 * The enabled oidc application whose code is this client id, in any tenant (an oidc code is unique
 * across tenants: `oidcCodeTakenElsewhere` refuses a second one). Two rows, from before that rule,
 * answer none rather than pick one.
 */
export async function findOidcApp(ctx: AppContext, clientId: string): Promise<OidcAppRow | undefined> {
  const rows = await ctx.db
    .selectFrom('blade_app')
    .select(['id', 'tenantId', 'appCode', 'appName', 'appType', 'redirectUris', 'backchannelLogoutUri', 'clientSecret'])
    .where('appCode', '=', clientId)
    .where('protocol', '=', 'oidc')
    .where('status', '=', 1)
    .$call(live(null))
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/**
 * Whether an application of another tenant than `tenantId` (removed ones aside) is an oidc
 * application with this code: an oidc code is its client id on the platform's one issuer, so it
 * must be unique across tenants. Asked inside the save's transaction.
 */
export async function oidcCodeTakenElsewhere(db: Db, appCode: string, tenantId: string): Promise<boolean> {
  const taken = await db
    .selectFrom('blade_app')
    .select('id')
    .where('appCode', '=', appCode)
    .where('protocol', '=', 'oidc')
    .where('tenantId', '<>', tenantId)
    .$call(live(null))
    .executeTakeFirst();
  return Boolean(taken);
}

const OPTED_IN_CACHE = 'oidc-permission-claims';

/**
 * The id of the oidc application with this client id (its code) in the tenant, when it asked for
 * permission claims (`permissionClaims` 1), enabled or not; undefined otherwise. Cached until the
 * catalogue changes.
 */
export async function appAskingPermissionClaims(ctx: AppContext, tenantId: string, clientId: string): Promise<string | undefined> {
  followCatalogue(ctx, OPTED_IN_CACHE);
  const found = await ctx.cache.get(OPTED_IN_CACHE, `${tenantId}:${clientId}`, async () => {
    const row = await ctx.db
      .selectFrom('blade_app')
      .select(['id', 'permissionClaims'])
      .where('appCode', '=', clientId)
      .where('protocol', '=', 'oidc')
      .$call(live(tenantId))
      .executeTakeFirst();
    return row && Number(row.permissionClaims) === 1 ? String(row.id) : null;
  });
  return found ?? undefined;
}

/** The origins of every registered redirect URI of the enabled oidc applications of every tenant (cached until the catalogue changes). */
export function oidcRedirectOrigins(ctx: AppContext): Promise<Set<string>> {
  return fromCatalogue(ctx, 'oidc-cors-origins', async () => {
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
