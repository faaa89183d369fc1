import { appAuthzMessages as m, unauthorized } from '@sso/shared-api';
import type { FastifyRequest } from 'fastify';
import { appBySecret, appHoldingSecret, type CallingApp } from '../apps/client-credentials.js';
import type { AppContext } from '../context.js';
import { basicCredentials } from '../kernel/basic-credentials.js';
import { DatabaseAdapter } from './adapter.js';

const BEARER = /^bearer\s+/i;

/**
 * The application calling as itself: HTTP Basic `appCode:secret` (the secret the catalogue
 * answered once), or a bearer access token the OpenID Connect provider issued to it by the
 * client-credentials grant (opaque; looked up where the provider keeps it, unexpired). Anything
 * else is a 401.
 */
export async function callingApp(ctx: AppContext, request: FastifyRequest): Promise<CallingApp> {
  const header = request.headers.authorization ?? '';
  let app: CallingApp | undefined;
  const basic = basicCredentials(header);
  if (basic) {
    app = await appBySecret(ctx, basic.id, basic.secret);
  } else if (BEARER.test(header)) {
    const token = header.replace(BEARER, '');
    const payload = token.length <= 200 ? await new DatabaseAdapter(ctx.db, 'ClientCredentials').find(token) : undefined;
    if (payload && !payload.consumed && typeof payload.clientId === 'string' && (!payload.exp || payload.exp * 1000 > Date.now()))
      app = await appHoldingSecret(ctx, payload.clientId);
  }
  if (!app) throw unauthorized(m.say.appClientAuth);
  return app;
}
