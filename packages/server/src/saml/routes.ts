import {
  badRequest,
  defineMessages,
  forbidden,
  ok,
  parseRegisteredRedirectUri,
  redirectRefusal,
  refusedWith,
  SAML_APP_PARAM,
  SAML_LOGIN_PARAM,
  SAML_LOGOUT_PARAM,
  SAML_LOGOUT_PATH,
  SAML_RESPONSE_PATH,
  SAML_ROTATE_KEY_PATH,
  SIGN_IN_AGAIN,
  say,
  splitRedirectUris,
} from '@sso/shared-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isRegisteredForApp } from '../apps/registered-uris.js';
import { type SamlApp, samlAppById, samlAppForEntityId } from '../apps/saml-apps.js';
import { browserSession } from '../auth/live-session.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import { CLOCK_SKEW_MS, identityProvider, serviceProvider } from './entities.js';
import { rotateSamlKeys, samlKeys } from './keys.js';
import {
  acceptRequestOnce,
  keepPending,
  type PendingLogin,
  type PendingLogout,
  type PendingPost,
  peekPending,
  takePending,
} from './pending.js';
import { sendPostForm } from './post-form.js';
import { flowRequest, forcesAuthn, incomingMessage, messageXml, peekIssuer } from './requests.js';
import { samlSignOn } from './sign-on-response.js';
import { forgetSamlSignOn } from './sign-ons.js';

export const samlMessages = defineMessages('saml', {
  unknownTenant: ['租户不存在', 'The tenant does not exist'],
  noRequest: ['缺少 SAMLRequest 参数', 'The SAMLRequest parameter is missing'],
  unreadable: ['无法读取该 SAML 消息', 'The SAML message could not be read'],
  unknownProvider: ['该服务提供者未登记为本租户启用的 SAML 应用', 'The service provider is not an enabled saml application of this tenant'],
  refused: ['该 SAML 请求未通过校验（签名、目的地址或格式）', 'The SAML request failed its checks (signature, destination or format)'],
  stale: ['该 SAML 请求已过期或时间无效', 'The SAML request has expired or its time is not valid'],
  replayed: ['该 SAML 请求已使用过', 'The SAML request has already been used'],
  pendingGone: [
    '登录请求已失效，请回到应用重新登录',
    'The sign-on request is no longer valid: go back to the application and sign in again',
  ],
  otherTenant: ['该登录请求属于其他租户', 'The sign-on request belongs to another tenant'],
  noLogoutAddress: ['该应用未登记单点退出地址', 'The application has no single logout address'],
  signInAgain: ['该应用要求重新登录，请再次输入密码', 'This application asks you to sign in again: enter your password once more'],
});
const m = samlMessages;

/** The page that posts a response is fetched by the browser at once: the response waits this long at most. */
const POST_PAGE_MS = 60_000;

/** An AuthnRequest is taken this long after it was issued (plus the allowed clock skew). */
const REQUEST_MAX_AGE_MS = 5 * 60_000;

const samlPost = z.object({
  code: z.number(),
  success: z.boolean(),
  data: z.object({ url: z.string().optional(), fields: z.record(z.string(), z.string()).optional() }),
  msg: z.string(),
});

async function tenantExists(ctx: AppContext, tenantId: string): Promise<boolean> {
  if (!/^[\w-]{1,12}$/.test(tenantId)) return false;
  const row = await ctx.db.selectFrom('blade_tenant').select('tenantId').where('tenantId', '=', tenantId).$call(live()).executeTakeFirst();
  return Boolean(row);
}

/** The registered address that is exactly the requested assertion consumer service (normalised), if any. */
function registeredAcs(app: SamlApp, requested: string | undefined): string | undefined {
  const registered = splitRedirectUris(app.redirectUris);
  if (!requested) return registered[0];
  // Registered for this application (the one rule every protocol asks), and exactly one of its addresses, not one below.
  const target = isRegisteredForApp(app, requested);
  if (!target) return undefined;
  return registered.some((entry) => parseRegisteredRedirectUri(entry)?.href === target.href) ? requested : undefined;
}

/** A time the request states, when it lies within the window the identity provider takes. */
function freshIssueInstant(value: unknown, now: number): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at) || at > now + CLOCK_SKEW_MS || at < now - REQUEST_MAX_AGE_MS - CLOCK_SKEW_MS) return undefined;
  return new Date(at);
}

/**
 * SAML 2.0 identity provider for applications with protocol `saml`, per tenant:
 * `/saml/{tenant}/metadata` (its entity ID), `/saml/{tenant}/sso` and `/saml/{tenant}/slo`, each by
 * HTTP-Redirect and HTTP-POST. A browser signed in to the platform (the web app's token cookie)
 * gets the page that posts its response straight from `/sso`; otherwise, or with ForceAuthn, a
 * checked request waits under a key and the browser goes to the sign-in page, which (signed in,
 * or once signed in) asks `POST saml/response` for the response and posts it to the application.
 */
export function registerSamlRoutes(root: FastifyInstance, ctx: AppContext, origin: () => string): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tenantParams = z.object({ tenantId: z.string().max(64) });

  const idpFor = async (tenantId: string, samlApp?: SamlApp) =>
    identityProvider({ origin: origin(), tenantId, keys: await samlKeys(ctx, tenantId), app: samlApp });

  app.get(
    '/saml/:tenantId/metadata',
    { config: { access: 'public' }, schema: { hide: true, params: tenantParams } },
    async (request, reply) => {
      const { tenantId } = request.params;
      if (!(await tenantExists(ctx, tenantId))) throw badRequest(m.say.unknownTenant);
      const idp = await idpFor(tenantId);
      return reply.type('application/samlmetadata+xml; charset=utf-8').header('cache-control', 'no-cache').send(idp.getMetadata());
    },
  );

  /** The application a request's issuer names in the tenant, and the message checked by its settings. */
  async function checked(tenantId: string, request: FastifyRequest, kind: 'login' | 'logout') {
    if (!(await tenantExists(ctx, tenantId))) throw badRequest(m.say.unknownTenant);
    const message = incomingMessage(request.method, request.url, request.body);
    const xml = messageXml(message, 'SAMLRequest');
    if (!xml) throw badRequest(message.params.SAMLRequest ? m.say.unreadable : m.say.noRequest);
    const issuer = peekIssuer(xml);
    if (!issuer) throw badRequest(m.say.unreadable);
    const samlApp = await samlAppForEntityId(ctx, tenantId, issuer);
    if (!samlApp) throw badRequest(m.say.unknownProvider);
    const idp = await idpFor(tenantId, samlApp);
    const sp = serviceProvider(samlApp);
    try {
      const parsed =
        kind === 'login'
          ? await idp.parseLoginRequest(sp, message.binding, flowRequest(message) as never)
          : await idp.parseLogoutRequest(sp, message.binding, flowRequest(message) as never);
      return { samlApp, idp, message, xml, extract: parsed.extract as Record<string, unknown> };
    } catch (error) {
      request.log.info({ err: error, app: samlApp.appCode }, 'SAML request refused');
      throw badRequest(m.say.refused);
    }
  }

  const sso = async (request: FastifyRequest<{ Params: { tenantId: string } }>, reply: FastifyReply) => {
    const { tenantId } = request.params;
    const { samlApp, message, xml, extract } = await checked(tenantId, request, 'login');
    const authn = (extract.request ?? {}) as Record<string, unknown>;
    const destination = typeof authn.destination === 'string' ? authn.destination : undefined;
    if (destination && destination !== `${origin()}/saml/${tenantId}/sso`) throw badRequest(m.say.refused);
    const acsRequested = typeof authn.assertionConsumerServiceUrl === 'string' ? authn.assertionConsumerServiceUrl : undefined;
    const acsUrl = registeredAcs(samlApp, acsRequested);
    if (!acsUrl) throw badRequest(redirectRefusal(acsRequested ?? ''));
    const requestId = typeof authn.id === 'string' ? authn.id : '';
    const now = Date.now();
    const issued = freshIssueInstant(authn.issueInstant, now);
    if (!requestId || !issued) throw badRequest(m.say.stale);
    const validUntil = new Date(issued.getTime() + REQUEST_MAX_AGE_MS + 2 * CLOCK_SKEW_MS);
    if (!(await acceptRequestOnce(ctx, tenantId, samlApp.id, requestId, validUntil))) throw badRequest(m.say.replayed);
    const relayState = message.params.RelayState;
    const forceAuthn = forcesAuthn(xml);
    const pending: PendingLogin = {
      requestId,
      acsUrl,
      ...(relayState ? { relayState: relayState.slice(0, 1000) } : {}),
      ...(forceAuthn ? { forceAuthn: true, requestedAt: Date.now() } : {}),
    };
    // A browser signed in to the platform (of this tenant) gets its response here, in one
    // exchange, unless the application asks for a fresh sign-in (ForceAuthn). A refusal is the
    // sign-in page's to show, as for a browser without a session.
    const platform = forceAuthn ? undefined : await browserSession(ctx, request.headers.cookie, SAML_RESPONSE_PATH);
    if (platform && platform.caller.tenant_id === tenantId) {
      const issued = await samlSignOn(ctx, origin(), { caller: platform.caller, samlApp, acsUrl, pending, request });
      if (!issued.refusal) return sendPostForm(reply, issued.url, issued.fields);
    }
    const key = await keepPending(ctx, 'login', { tenantId, appId: samlApp.id }, pending);
    return reply.redirect(`/login?${new URLSearchParams({ [SAML_LOGIN_PARAM]: key })}`);
  };
  const form = z.record(z.string(), z.unknown()).optional();
  app.get('/saml/:tenantId/sso', { config: { access: 'public' }, schema: { hide: true, params: tenantParams } }, sso);
  app.post('/saml/:tenantId/sso', { config: { access: 'public' }, schema: { hide: true, params: tenantParams, body: form } }, sso);

  const slo = async (request: FastifyRequest<{ Params: { tenantId: string } }>, reply: FastifyReply) => {
    const { tenantId } = request.params;
    const message = incomingMessage(request.method, request.url, request.body);
    // A service provider's answer to a logout the platform started: nothing more to do here.
    if (!message.params.SAMLRequest && message.params.SAMLResponse) return reply.redirect('/login');
    const { samlApp, extract } = await checked(tenantId, request, 'logout');
    const logout = (extract.request ?? {}) as Record<string, unknown>;
    const requestId = typeof logout.id === 'string' ? logout.id : '';
    if (!requestId) throw badRequest(m.say.refused);
    const nameId = typeof extract.nameID === 'string' ? extract.nameID : '';
    const relayState = message.params.RelayState;
    const sessionIndex = typeof extract.sessionIndex === 'string' ? extract.sessionIndex : undefined;
    const pending: PendingLogout = {
      requestId,
      nameId,
      ...(sessionIndex ? { sessionIndex } : {}),
      ...(relayState ? { relayState: relayState.slice(0, 1000) } : {}),
    };
    const key = await keepPending(ctx, 'logout', { tenantId, appId: samlApp.id }, pending);
    return reply.redirect(`/login?${new URLSearchParams({ [SAML_LOGOUT_PARAM]: key })}`);
  };
  app.get('/saml/:tenantId/slo', { config: { access: 'public' }, schema: { hide: true, params: tenantParams } }, slo);
  app.post('/saml/:tenantId/slo', { config: { access: 'public' }, schema: { hide: true, params: tenantParams, body: form } }, slo);

  // The HTTP-POST binding: a page that posts the response to the application's registered ACS.
  // The sign-in page's own policy allows form posts to this origin only, so the post is this page's.
  app.get(
    '/saml/:tenantId/post',
    { config: { access: 'public' }, schema: { hide: true, params: tenantParams, querystring: z.object({ key: z.string().max(128) }) } },
    async (request, reply) => {
      const taken = await takePending<PendingPost>(ctx, 'post', request.query.key);
      if (!taken || taken.tenantId !== request.params.tenantId) throw badRequest(m.say.pendingGone);
      return sendPostForm(reply, taken.payload.url, taken.payload.fields);
    },
  );

  app.post(
    SAML_RESPONSE_PATH,
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: `SAML: the response to post to the application, for a pending request (${SAML_LOGIN_PARAM}) or an IdP-initiated sign-on (${SAML_APP_PARAM})`,
        querystring: z.object({ request: z.string().max(128).optional(), appCode: z.string().max(64).optional() }),
        response: { 200: samlPost },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { request: key, appCode } = request.query;
      let samlApp: SamlApp | undefined;
      let acsUrl: string | undefined;
      let pending: PendingLogin | undefined;
      if (key) {
        // ForceAuthn is answered only by a sign-in made after the request: an older session is
        // sent back to the form, the request left waiting for the sign-in made there.
        const waiting = await peekPending<PendingLogin>(ctx, 'login', key);
        if (waiting?.forceAuthn && ((await ctx.sessions.state(caller.sid))?.startedAt ?? 0) < (waiting.requestedAt ?? Infinity)) {
          throw refusedWith(400, m.say.signInAgain, SIGN_IN_AGAIN);
        }
        const taken = await takePending<PendingLogin>(ctx, 'login', key);
        if (!taken) throw badRequest(m.say.pendingGone);
        // A request names a tenant's identity provider: only that tenant's users answer it.
        if (taken.tenantId !== caller.tenant_id) throw badRequest(m.say.otherTenant);
        pending = taken.payload;
        samlApp = await samlAppById(ctx, taken.tenantId, taken.appId);
        acsUrl = pending.acsUrl;
      } else if (appCode) {
        samlApp = await samlAppById(ctx, caller.tenant_id, appCode);
        acsUrl = samlApp ? splitRedirectUris(samlApp.redirectUris)[0] : undefined;
      } else {
        throw badRequest(m.say.noRequest);
      }
      const issued = await samlSignOn(ctx, origin(), { caller, samlApp, acsUrl, pending, request });
      if (issued.refusal === 'not-granted') throw forbidden(say('forbidden'));
      if (issued.refusal) throw badRequest(redirectRefusal(acsUrl ?? ''));
      const { app: answered, url, fields } = issued;
      // The browser fetches the posting page once, straight away: the response waits that long at most.
      const postKey = await keepPending(ctx, 'post', { tenantId: caller.tenant_id, appId: answered.id }, { url, fields }, POST_PAGE_MS);
      return ok({ url: `/saml/${encodeURIComponent(caller.tenant_id)}/post?${new URLSearchParams({ key: postKey })}` });
    },
  );

  app.post(
    SAML_ROTATE_KEY_PATH,
    {
      config: { access: { code: 'app_edit' } },
      schema: {
        tags: ['auth'],
        summary:
          "SAML: rotate the caller's tenant signing key with overlap: the first call publishes a next key beside the current one, the next call makes it current",
        response: {
          200: z.object({
            code: z.number(),
            success: z.boolean(),
            data: z.object({ current: z.string(), next: z.string().optional() }),
            msg: z.string(),
          }),
        },
      },
    },
    async (request) => {
      const keys = await rotateSamlKeys(ctx, callerOf(request).tenant_id);
      return ok({ current: keys.current.certificate, ...(keys.next ? { next: keys.next.certificate } : {}) });
    },
  );

  app.post(
    SAML_LOGOUT_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: "SAML sign-out: ends the calling session (if any); for a pending LogoutRequest, the application's LogoutResponse address",
        querystring: z.object({ request: z.string().max(128).optional() }),
        response: { 200: samlPost },
      },
    },
    async (request) => {
      const caller = request.caller;
      const key = request.query.request;
      const taken = key ? await takePending<PendingLogout>(ctx, 'logout', key) : undefined;
      // The application that asked already knows: the session's end tells only the others.
      if (caller && taken) await forgetSamlSignOn(ctx, caller.sid, taken.appId, taken.payload.sessionIndex);
      if (caller) await ctx.sessions.revoke(caller.sid, 'logout');
      if (!taken) return ok({});
      const samlApp = await samlAppById(ctx, taken.tenantId, taken.appId);
      if (!samlApp?.samlLogoutUrl) return ok({});
      const idp = await idpFor(taken.tenantId, samlApp);
      const sp = serviceProvider(samlApp);
      const answer = idp.createLogoutResponse(sp, { extract: { request: { id: taken.payload.requestId } } }, 'redirect', {
        relayState: taken.payload.relayState ?? '',
      } as never) as { context: string };
      return ok({ url: answer.context });
    },
  );
}
