import { CAPTCHA_PATH, captchaMessages, fail, LOGIN_OPTIONS_PATH, loginOptionsQuery, ok } from '@sso/shared-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { AddressRate } from '../kernel/address-rate.js';
import { loginOptionsOf } from './login-options.js';

/** Captchas one client address may draw per minute (a sign-in page and its refreshes need a few). */
const CAPTCHAS_PER_MINUTE = 30;

/** The public parts of a sign-in form: its options and the captcha picture, both open to callers not signed in. */
export function registerCaptchaRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const rate = new AddressRate(CAPTCHAS_PER_MINUTE, 60_000);

  app.get(
    CAPTCHA_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'A captcha picture: raw { key, image } (image a data URL), valid 5 minutes, one answer; per-address rate limit',
      },
    },
    async (request, reply) => {
      // Drawing one writes a row: an unauthenticated caller gets a bounded number per minute.
      const budget = rate.take(request.ip);
      if (!budget.allowed) {
        reply.header('retry-after', String(budget.retryAfterSeconds));
        return reply.status(429).send(fail(429, captchaMessages.say.captchaTooMany));
      }
      reply.header('cache-control', 'no-store');
      return ctx.captcha.issue();
    },
  );

  app.get(
    LOGIN_OPTIONS_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether the sign-in form asks for the tenant and whether the tenant (default 000000) requires a captcha',
        querystring: loginOptionsQuery,
      },
    },
    async (request) => ok(await loginOptionsOf(ctx, request.query.tenantId)),
  );
}
