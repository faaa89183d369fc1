import { DEFAULT_TENANT_ID, fail, ok, SOCIAL_AUTHORIZE_PATH, say } from '@sso/shared-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { CALLBACK_PATH, finishSocialCallback, startSocialFlow } from './flow.js';
import { socialFlowMessages as m } from './flow-messages.js';

const TENANT = /^\d{1,12}$/;

/**
 * Social sign-in: `GET …/social/authorize?id=` answers the provider address to send the browser
 * to (for a sign-in, public; with `bind=true`, binding the identity to the signed-in user), and
 * the provider calls back `GET …/social/callback`, which sends the browser on to the sign-in page
 * with a one-time code (`/login?social=<provider>&code=&state=&tenantId=`), or to /info/index
 * after a binding, or with `social_error` / `social_bind` naming why it failed.
 */
export function registerSocialRoutes(root: FastifyInstance, ctx: AppContext, origin: () => string): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    SOCIAL_AUTHORIZE_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Start a social sign-in (or with bind=true a binding): answers the provider address to open',
        querystring: z.object({
          id: z.string(m.say.unknownProvider).regex(/^[1-9]\d{0,18}$/, m.say.unknownProvider),
          tenantId: z.string().regex(TENANT, m.say.unknownProvider).optional(),
          bind: z.enum(['true', 'false']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      const bind = request.query.bind === 'true';
      if (bind && !caller) return reply.status(401).send(fail(401, say('unauthorized')));
      const header = request.headers['tenant-id'];
      const tenantId =
        bind && caller
          ? caller.tenant_id
          : (request.query.tenantId ?? (typeof header === 'string' && TENANT.test(header) ? header : DEFAULT_TENANT_ID));
      const url = await startSocialFlow(ctx, {
        tenantId,
        providerId: request.query.id,
        origin: origin(),
        bindUserId: bind ? caller?.user_id : undefined,
      });
      return ok({ url: url.href });
    },
  );

  app.get(
    CALLBACK_PATH,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Where identity providers send the browser back (register it at the provider)' },
    },
    async (request, reply) => {
      const outcome = await finishSocialCallback(ctx, new URL(request.url, 'http://callback.invalid'));
      reply.header('cache-control', 'no-store');
      if (outcome.kind === 'sign-in') {
        const query = new URLSearchParams({
          social: outcome.providerId,
          code: outcome.code,
          state: outcome.state,
          tenantId: outcome.tenantId,
        });
        return reply.redirect(`/login?${query}`);
      }
      if (outcome.kind === 'bound') return reply.redirect('/info/index?social_bind=done');
      return reply.redirect(outcome.bind ? `/info/index?social_bind=${outcome.reason}` : `/login?social_error=${outcome.reason}`);
    },
  );
}
