import { APP_NAME_PATH, DEFAULT_TENANT_ID, defineMessages, ok, redirectRefusal, say, zh } from '@sso/shared-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokenAppBySecret } from '../apps/client-credentials.js';
import { appForCode } from '../apps/protocol-apps.js';
import { admitSignOn } from '../apps/sign-on.js';
import { mayOpen } from '../apps/who-may-open.js';
import { GrantError } from '../auth/grants.js';
import type { SsoGrantInput } from '../auth/routes.js';
import { appTickets } from '../cas/app-tickets.js';
import type { AppContext } from '../context.js';
import { basicCredentials } from '../kernel/basic-credentials.js';
import type { AccessClaims, Caller } from '../kernel/caller.js';

/** Where a `code` application's server exchanges the one-time hand-off code for the token. */
export const HANDOFF_EXCHANGE_PATH = '/api/blade-auth/oauth/handoff/exchange';
/** A hand-off code lives 30 seconds: the application's server exchanges it straight after the redirect. */
export const HANDOFF_CODE_LIFETIME_MS = 30_000;

export const handoffMessages = defineMessages('handoff', {
  signInFirst: ['请先登录', 'Please sign in first'],
  noApp: ['应用不存在或未启用', 'The application does not exist or is disabled'],
  badApp: ['应用凭据无效', 'The application credentials are not valid'],
  badCode: ['交接码无效、已使用或已过期', 'The hand-off code is not valid, already used or expired'],
});

/** What a hand-off code stands for: the token the token mode would have put in the address. */
interface HandoffPayload {
  claims: AccessClaims;
  ttl: number;
}

/** The claims of the caller's session, unchanged: a hand-off never widens what the session holds. */
function claimsOf(caller: Caller): AccessClaims {
  const { sid, client_id, tenant_id, user_id, account, user_name, nick_name, real_name, role_id, role_name, dept_id, post_id, oauth_id } =
    caller;
  return { sid, client_id, tenant_id, user_id, account, user_name, nick_name, real_name, role_id, role_name, dept_id, post_id, oauth_id };
}

/**
 * grant_type=sso (BladeX hand-off): the signed-in caller's token for the application `appCode`
 * of protocol `token`, its audience that application, and the referer with `access_token`
 * appended. Only when the referer lies under one of THAT application's registered URIs and the
 * caller may open it; the open is recorded. Nothing is signed for a refusal.
 */
export async function ssoGrant(ctx: AppContext, input: SsoGrantInput) {
  const { caller, appCode, referer } = input;
  if (!caller) throw new GrantError(401, handoffMessages.say.signInFirst);
  const app = appCode ? await appForCode(ctx, 'token', appCode, caller.tenant_id) : undefined;
  if (!app || !referer) throw new GrantError(400, handoffMessages.say.noApp);
  const admitted = await admitSignOn(ctx, { caller, app, target: referer, request: input.request });
  if (!admitted.admitted) {
    if (admitted.refusal === 'not-granted') throw new GrantError(403, say('forbidden'));
    throw new GrantError(400, redirectRefusal(referer));
  }
  const { target } = admitted;
  const ttl = input.client.accessTokenValidity;
  if (app.handoffMode === 'code') {
    // No token in the address: a one-time code the application's server exchanges with its secret.
    const payload: HandoffPayload = { claims: claimsOf(caller), ttl };
    const code = await appTickets(ctx).issue('handoff', 'HC-', HANDOFF_CODE_LIFETIME_MS, { appId: app.id, service: target.href, payload });
    target.searchParams.set('code', code);
    return { code, expires_in: HANDOFF_CODE_LIFETIME_MS / 1000, app_code: app.appCode, redirect_uri: target.href };
  }
  const { token } = await ctx.tokens.issue(claimsOf(caller), ttl, app.appCode);
  target.searchParams.set('access_token', token);
  return { access_token: token, token_type: 'bearer', expires_in: ttl, app_code: app.appCode, redirect_uri: target.href };
}

/**
 * POST oauth/getAppNameByAppCode (public): the name of the `token` application asking, for the
 * sign-in page. A missing and a disabled application answer alike (an empty name). The code
 * mode's exchange is registered alongside.
 */
export function registerAppNameRoute(root: FastifyInstance, ctx: AppContext): void {
  registerHandoffExchangeRoute(root, ctx);
  const input = z.object({ appCode: z.string().max(64).optional(), tenantId: z.string().max(12).optional() });
  root.withTypeProvider<ZodTypeProvider>().post(
    APP_NAME_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The name of the application asking for a sign-in (BladeX hand-off); empty for a missing or disabled one',
        querystring: input,
        response: { 200: z.object({ code: z.number(), success: z.boolean(), data: z.string(), msg: z.string() }) },
      },
    },
    async (request) => {
      // BladeX front ends send appCode in the query or as a JSON or form body.
      const parsed = input.safeParse(request.body ?? {});
      const body: z.infer<typeof input> = parsed.success ? parsed.data : {};
      const appCode = body.appCode ?? request.query.appCode;
      const header = request.headers['tenant-id'];
      const tenantId = body.tenantId ?? request.query.tenantId ?? (typeof header === 'string' && header ? header : DEFAULT_TENANT_ID);
      const app = appCode ? await appForCode(ctx, 'token', appCode, tenantId) : undefined;
      return ok(app?.appName ?? '');
    },
  );
}

/** `Authorization: Basic base64(appCode:secret)`, or `client_id` and `client_secret` in the body. */
function appCredentials(header: string | undefined, body: { client_id?: string; client_secret?: string }) {
  const basic = basicCredentials(header);
  if (basic) return basic;
  return body.client_id && body.client_secret ? { id: body.client_id, secret: body.client_secret } : undefined;
}

/**
 * POST oauth/handoff/exchange (the application's server, not the browser): a `code` application
 * authenticates with its code and secret and trades the hand-off code for the token the `token`
 * mode puts in the address (audience: the application). The code is spent by the first attempt,
 * lives 30 seconds and is honoured only for the application it was issued to; the user must still
 * be allowed to open the application.
 */
export function registerHandoffExchangeRoute(root: FastifyInstance, ctx: AppContext): void {
  const body = z.object({
    code: z.string().max(128).optional(),
    client_id: z.string().max(64).optional(),
    client_secret: z.string().max(256).optional(),
  });
  const refuse = (status: number, message: string) => ({ status, body: { error_code: status, error_description: message } });
  root.withTypeProvider<ZodTypeProvider>().post(
    HANDOFF_EXCHANGE_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: "BladeX hand-off, code mode: the application's server exchanges a one-time code (30 s) for the user's token",
        querystring: body,
      },
    },
    async (request, reply) => {
      const parsed = body.safeParse(request.body ?? {});
      const input = { ...request.query, ...(parsed.success ? parsed.data : {}) };
      const answer = await exchange(request.headers.authorization, input);
      if ('status' in answer) return reply.status(answer.status).send(answer.body);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  async function exchange(header: string | undefined, input: z.infer<typeof body>) {
    const presented = appCredentials(header, input);
    const own = presented ? await tokenAppBySecret(ctx, presented.id, presented.secret) : undefined;
    if (!own || own.handoffMode !== 'code') return refuse(401, handoffMessages.badApp);
    if (!input.code) return refuse(400, handoffMessages.badCode);
    const grant = await appTickets(ctx).redeem<HandoffPayload>('handoff', input.code);
    if (!grant || grant.appId !== own.id) return refuse(400, handoffMessages.badCode);
    const { claims, ttl } = grant.payload;
    const user = { tenant_id: claims.tenant_id, user_id: claims.user_id };
    if (claims.tenant_id !== own.tenantId || !(await mayOpen(ctx, user, own.appCode))) return refuse(403, zh('forbidden'));
    const { token } = await ctx.tokens.issue(claims, ttl, own.appCode);
    return { access_token: token, token_type: 'bearer', expires_in: ttl, app_code: own.appCode };
  }
}
