import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import { clientSecretMatches } from '../kernel/client-secret.js';
import { live } from '../kernel/live-rows.js';
import { followCatalogue } from './catalogue.js';

/** The application a call comes from, once its credentials are checked. */
export interface CallingApp {
  id: string;
  tenantId: string;
  appCode: string;
}

/** A new client secret: 192 random bits, URL-safe. It is answered once and stored hashed (`hashClientSecret`). */
export const newClientSecret = () => randomBytes(24).toString('base64url');

const APP_AUTH_CACHE = 'app-client-auth';

/** The enabled application with this code that has a client secret, in any tenant; none when two tenants hold one (cached). */
async function appWithSecret(ctx: AppContext, appCode: string) {
  followCatalogue(ctx, APP_AUTH_CACHE);
  return ctx.cache.get(APP_AUTH_CACHE, appCode, async () => {
    const rows = await ctx.db
      .selectFrom('blade_app')
      .select(['id', 'tenantId', 'appCode', 'clientSecret'])
      .where('appCode', '=', appCode)
      .where('status', '=', 1)
      .where('clientSecret', 'is not', null)
      .$call(live(null))
      .limit(2)
      .execute();
    return rows.length === 1 ? rows[0] : undefined;
  });
}

const calling = (app: { id: unknown; tenantId: string; appCode: string }): CallingApp => ({
  id: String(app.id),
  tenantId: app.tenantId,
  appCode: app.appCode,
});

/**
 * The enabled application with this code that holds a client secret, whichever protocol, when
 * the caller proved it some other way (a token issued to it); undefined otherwise.
 */
export async function appHoldingSecret(ctx: AppContext, appCode: string): Promise<CallingApp | undefined> {
  const app = await appWithSecret(ctx, appCode);
  return app ? calling(app) : undefined;
}

/** The enabled application with this code, whichever protocol, when `secret` is its client secret; undefined otherwise. */
export async function appBySecret(ctx: AppContext, appCode: string, secret: string): Promise<CallingApp | undefined> {
  const app = await appWithSecret(ctx, appCode);
  return app?.clientSecret && clientSecretMatches(app.clientSecret, secret) ? calling(app) : undefined;
}

/**
 * The enabled `token` application with this code whose client secret this is, in any tenant (two
 * tenants may use one code: the secret tells them apart), with its hand-off mode; undefined when none.
 */
export async function tokenAppBySecret(
  ctx: AppContext,
  appCode: string,
  secret: string,
): Promise<(CallingApp & { handoffMode: string }) | undefined> {
  const rows = await ctx.db
    .selectFrom('blade_app')
    .select(['id', 'tenantId', 'appCode', 'clientSecret', 'handoffMode'])
    .where('appCode', '=', appCode)
    .where('protocol', '=', 'token')
    .where('status', '=', 1)
    .$call(live())
    .execute();
  const own = rows.find((row) => row.clientSecret && clientSecretMatches(row.clientSecret, secret));
  return own ? { ...calling(own), handoffMode: own.handoffMode } : undefined;
}
