import { DEFAULT_TENANT_ID, defineMessages, ok, redirectRefusal, zh } from '@sso/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appForCode } from '../cas/app-lookup.js';
import { recordVisit } from '../cas/record-visit.js';
import type { AppContext } from '../context.js';
import { mayOpen } from '../domain/app-access.js';
import { isRegisteredForApp } from '../resources/app/redirect-source.js';
import type { ClientRow } from './clients.js';
import { GrantError } from './grants.js';
import type { Caller } from './permissions.js';
import type { AccessClaims } from './tokens.js';

export const APP_NAME_PATH = '/api/blade-auth/oauth/getAppNameByAppCode';

export const handoffMessages = defineMessages({
  signInFirst: ['请先登录', 'Please sign in first'],
  noApp: ['应用不存在或未启用', 'The application does not exist or is disabled'],
});

/** The claims of the caller's session, unchanged: a hand-off never widens what the session holds. */
function claimsOf(caller: Caller): AccessClaims {
  const { sid, client_id, tenant_id, user_id, account, user_name, nick_name, real_name, role_id, role_name, dept_id, post_id, oauth_id } =
    caller;
  return { sid, client_id, tenant_id, user_id, account, user_name, nick_name, real_name, role_id, role_name, dept_id, post_id, oauth_id };
}

interface SsoGrantInput {
  caller: Caller | undefined;
  client: ClientRow;
  appCode?: string;
  referer?: string;
  request: Pick<FastifyRequest, 'ip'>;
}

/**
 * grant_type=sso (BladeX hand-off): the signed-in caller's token for the application `appCode`
 * of protocol `token`, its audience that application, and the referer with `access_token`
 * appended. Only when the referer lies under one of THAT application's registered URIs and the
 * caller may open it; the open is recorded. Nothing is signed for a refusal.
 */
export async function ssoGrant(ctx: AppContext, input: SsoGrantInput) {
  const { caller, appCode, referer } = input;
  if (!caller) throw new GrantError(401, handoffMessages.signInFirst);
  const app = appCode ? await appForCode(ctx, 'token', appCode, caller.tenant_id) : undefined;
  if (!app || !referer) throw new GrantError(400, handoffMessages.noApp);
  const target = isRegisteredForApp(app, referer);
  if (!target) throw new GrantError(400, redirectRefusal(referer));
  const granted = await mayOpen(ctx, caller, app.appCode);
  if (!granted) throw new GrantError(403, zh('forbidden'));
  await recordVisit(ctx, caller, granted, input.request);
  const ttl = input.client.accessTokenValidity;
  const { token } = await ctx.tokens.issue(claimsOf(caller), ttl, app.appCode);
  target.searchParams.set('access_token', token);
  return { access_token: token, token_type: 'bearer', expires_in: ttl, app_code: app.appCode, redirect_uri: target.href };
}

/**
 * POST oauth/getAppNameByAppCode (public): the name of the `token` application asking, for the
 * sign-in page. A missing and a disabled application answer alike (an empty name).
 */
export function registerAppNameRoute(root: FastifyInstance, ctx: AppContext): void {
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
