import { appAuthzMessages as m, unauthorized } from '@sso/shared-api';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { basicCredentials } from '../kernel/basic-credentials.js';
import { clientSecretMatches } from '../kernel/client-secret.js';
import { live } from '../kernel/live-rows.js';
import { DatabaseAdapter } from './adapter.js';

/** The application a call comes from. */
export interface CallingApp {
  id: string;
  tenantId: string;
  appCode: string;
}

const BEARER = /^bearer\s+/i;
const APP_AUTH_CACHE = 'app-client-auth';

/** The enabled application with this code that has a client secret (an oidc code is unique across tenants). */
async function appWithSecret(ctx: AppContext, appCode: string) {
  ctx.cache.dependsOn(APP_AUTH_CACHE, 'blade_app');
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

/**
 * The application calling as itself: HTTP Basic `appCode:secret` (the secret the catalogue
 * answered once), or a bearer access token the OpenID Connect provider issued to it by the
 * client-credentials grant (opaque; looked up where the provider keeps it, unexpired). Anything
 * else is a 401.
 */
export async function callingApp(ctx: AppContext, request: FastifyRequest): Promise<CallingApp> {
  const header = request.headers.authorization ?? '';
  let appCode: string | undefined;
  const basic = basicCredentials(header);
  if (basic) {
    const app = await appWithSecret(ctx, basic.id);
    if (app?.clientSecret && clientSecretMatches(app.clientSecret, basic.secret)) appCode = basic.id;
  } else if (BEARER.test(header)) {
    const token = header.replace(BEARER, '');
    const payload = token.length <= 200 ? await new DatabaseAdapter(ctx.db, 'ClientCredentials').find(token) : undefined;
    if (payload && !payload.consumed && typeof payload.clientId === 'string' && (!payload.exp || payload.exp * 1000 > Date.now()))
      appCode = payload.clientId;
  }
  const app = appCode ? await appWithSecret(ctx, appCode) : undefined;
  if (!app) throw unauthorized(m.appClientAuth);
  return { id: String(app.id), tenantId: app.tenantId, appCode: app.appCode };
}
