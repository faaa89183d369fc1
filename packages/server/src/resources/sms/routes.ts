import { captchaMessages, DEFAULT_TENANT_ID, fail, ok, phoneSignInMessages, SEND_SMS_PATH, sendSmsQuery } from '@sso/shared-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

/**
 * Per client address: past `captchaAfter` codes within 10 minutes the next one needs a captcha
 * (Captcha-Key / Captcha-Code headers, from oauth/captcha); past `perHour` within an hour none is
 * sent. The per-phone limits of the SMS service apply besides.
 */
const ADDRESS_LIMITS = { captchaAfter: 3, captchaWindowMs: 10 * 60_000, perHour: 20 };

/**
 * POST /api/blade-auth/oauth/sendSms?phone= (public): a verification code for phone sign-in or a
 * password reset, in the tenant of the tenantId query or Tenant-Id header. The answer is the same
 * whether or not an account has the phone, so it tells nobody which phones are registered.
 */
export function registerSmsRoutes(root: FastifyInstance, ctx: AppContext): void {
  root.withTypeProvider<ZodTypeProvider>().post(
    SEND_SMS_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['blade-auth'],
        summary:
          'Send a 6-digit verification code (valid 5 minutes, usable once); limits per phone and per address, a captcha once throttled',
        querystring: sendSmsQuery,
      },
    },
    async (request, reply) => {
      const header = request.headers['tenant-id'];
      const tenantId = request.query.tenantId ?? (typeof header === 'string' && /^\d{1,12}$/.test(header) ? header : DEFAULT_TENANT_ID);
      if ((await ctx.sms.sentFromAddress(request.ip, 3_600_000)) >= ADDRESS_LIMITS.perHour) {
        reply.header('retry-after', '3600');
        return reply.status(429).send(fail(429, phoneSignInMessages.say.addressLimit));
      }
      if ((await ctx.sms.sentFromAddress(request.ip, ADDRESS_LIMITS.captchaWindowMs)) >= ADDRESS_LIMITS.captchaAfter) {
        const key = request.headers['captcha-key'];
        const code = request.headers['captcha-code'];
        if (typeof key !== 'string' || typeof code !== 'string' || !key || !code) {
          return reply.status(400).send(fail(400, phoneSignInMessages.say.captchaNeeded));
        }
        if (!(await ctx.captcha.check(key, code))) return reply.status(400).send(fail(400, captchaMessages.say.captchaWrong));
      }
      await ctx.sms.issueCode(tenantId, request.query.phone, request.ip);
      return ok(true);
    },
  );
}
