import { DEFAULT_TENANT_ID, resourceMessages as m, ok } from '@sso/shared-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

/**
 * POST /api/blade-auth/oauth/sendSms?phone= (public): a verification code for phone sign-in or a
 * password reset, in the tenant of the Tenant-Id header; the per-phone rate limit applies.
 */
export function registerSmsRoutes(root: FastifyInstance, ctx: AppContext): void {
  root.withTypeProvider<ZodTypeProvider>().post(
    '/api/blade-auth/oauth/sendSms',
    {
      config: { access: 'public' },
      schema: {
        tags: ['blade-auth'],
        summary: 'Send a 6-digit verification code (valid 5 minutes, usable once)',
        querystring: z.object({
          phone: z
            .string({ error: m.phones })
            .trim()
            .regex(/^\+?\d{11,15}$/, m.phoneFormat),
          tenantId: z
            .string()
            .regex(/^\d{1,12}$/)
            .optional(),
        }),
      },
    },
    async (request) => {
      const header = request.headers['tenant-id'];
      const tenantId = request.query.tenantId ?? (typeof header === 'string' && /^\d{1,12}$/.test(header) ? header : DEFAULT_TENANT_ID);
      await ctx.sms.issueCode(tenantId, request.query.phone);
      return ok(true);
    },
  );
}
