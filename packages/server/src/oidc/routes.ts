import {
  badRequest,
  forbidden,
  OIDC_INTERACTION_PATH,
  OIDC_LOGIN_PARAM,
  oidcInteractionQuery,
  oidcInteractionResponse,
  oidcMessages,
  ok,
  refusedWith,
  SIGN_IN_AGAIN,
} from '@sso/shared-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { callerOf } from '../kernel/caller.js';
import { mayCallFromBrowser } from './cors-origins.js';
import { notePlatformRequest } from './platform-session.js';
import { OIDC_PREFIX } from './provider.js';
import { Providers } from './providers.js';
import { admitOidcSignOn, grantSignOn } from './sign-on-grant.js';
import { withWriteBatch } from './write-batch.js';

/** The provider's answers may post forms back to an application (form_post, logout): form-action is opened for them. */
const PROVIDER_CSP_FORM_ACTION = "form-action 'self' https: http:";

/** A CORS preflight: the browser asks before a cross-origin call whether it may make it. */
const isPreflight = (request: FastifyRequest) => request.method === 'OPTIONS' && Boolean(request.headers['access-control-request-method']);

/** Hands the raw request to the provider, with the security headers this server's hooks put on the reply. */
async function handToProvider(ctx: AppContext, providers: Providers, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  // The provider would allow any origin's preflight: only registered application origins get one.
  const origin = request.headers.origin;
  if (isPreflight(request) && !(origin && (await mayCallFromBrowser(ctx, origin)))) return reply.status(204).send();
  const { handle } = await providers.get();
  notePlatformRequest(request);
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value as string);
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string') reply.raw.setHeader('content-security-policy', csp.replace(/form-action [^;]*/, PROVIDER_CSP_FORM_ACTION));
  await handle(request.raw, reply.raw);
}

/**
 * The OpenID Connect provider's endpoints (under /oidc, discovery at the root) and the interaction
 * API of the sign-in page. The provider reads request bodies itself: its routes take them unparsed.
 */
export function registerOidcRoutes(root: FastifyInstance, ctx: AppContext, origin: () => string): Providers {
  const providers = new Providers(ctx, origin);
  void root.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The body is left in the request stream for the provider to read.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const options = { config: { access: 'public' as const }, schema: { hide: true } };
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${OIDC_PREFIX}/*`,
      ...options,
      handler: (request, reply) => handToProvider(ctx, providers, request, reply),
    });
    scope.get('/.well-known/openid-configuration', options, (request, reply) => handToProvider(ctx, providers, request, reply));
  });

  // The provider's interaction address: the browser goes on to the sign-in page, which names the request.
  root
    .withTypeProvider<ZodTypeProvider>()
    .get(
      OIDC_INTERACTION_PATH,
      { config: { access: 'public' }, schema: { hide: true, querystring: oidcInteractionQuery } },
      async (request, reply) => reply.redirect(`/login?${OIDC_LOGIN_PARAM}=${encodeURIComponent(request.query.uid)}`, 303),
    );

  root.withTypeProvider<ZodTypeProvider>().post(
    OIDC_INTERACTION_PATH,
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'OpenID Connect sign-on: the signed-in caller finishes the pending request of this browser, if granted the application',
        querystring: oidcInteractionQuery,
        response: { 200: z.object({ code: z.number(), success: z.boolean(), data: oidcInteractionResponse, msg: z.string() }) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { provider } = await providers.get();
      // The interaction cookie ties the request to this browser: a uid alone finishes nothing.
      const interaction = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!interaction || interaction.uid !== request.query.uid) throw badRequest(oidcMessages.say.interactionGone);
      // A request that asks for a fresh sign-in (prompt=login, a passed max_age) is finished only by
      // a session signed in after it began (within the second it began at the earliest: the
      // request's time is kept in seconds): an older one is sent back to the form. The provider then
      // answers the session's real sign-in time as auth_time, never the time of this call.
      const startedAt = (await ctx.sessions.state(caller.sid))?.startedAt ?? 0;
      if (asksFreshSignIn(interaction.prompt) && startedAt < (interaction.iat ?? Number.POSITIVE_INFINITY) * 1000) {
        throw refusedWith(400, oidcMessages.say.signInAgain, SIGN_IN_AGAIN);
      }
      const signedInAt = Math.floor(startedAt / 1000);
      const clientId = String(interaction.params.client_id ?? '');
      const admitted = await admitOidcSignOn(ctx, {
        caller,
        clientId,
        redirectUri: String(interaction.params.redirect_uri ?? ''),
        request,
      });
      if (!admitted.admitted) {
        if (admitted.refusal === 'not-registered') throw badRequest(oidcMessages.say.redirectNotRegistered);
        throw forbidden(oidcMessages.say.notGranted);
      }
      // Applications are first-party: the grant holds the scopes asked for, without a consent screen.
      // The grant and the interaction's result are written together, as one statement.
      await withWriteBatch(ctx.db, async () => {
        const grant = await grantSignOn(ctx, provider, { caller, clientId, scope: String(interaction.params.scope ?? 'openid') });
        // The result is saved on the interaction just read and checked (what interactionResult does
        // after reading it a second time), so the browser resumes at the provider with it.
        interaction.result = { login: { accountId: caller.user_id, ts: signedInAt || undefined }, consent: { grantId: grant.jti } };
        await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
      });
      return ok({ url: interaction.returnTo });
    },
  );
  return providers;
}

/** Whether the provider's interaction asks for a credential presented now, not an earlier session's. */
function asksFreshSignIn(prompt: { name: string; reasons: string[] }): boolean {
  return prompt.name === 'login' && prompt.reasons.some((reason) => reason === 'login_prompt' || reason === 'max_age');
}
