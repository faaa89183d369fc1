import { clearAddressQuery, LOCKOUT_BASE, ok, throttledAddress } from '@sso/shared-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { formatDateTime } from '../kernel/rows.js';
import { callerWithOrigin } from '../logs/security-events.js';

const HOUR_MS = 3_600_000;

/**
 * Throttled client addresses, for the platform administrator: who they are and when each throttle
 * ends, and releasing them early (a shared office address locked out by someone's script). Also
 * purges counts that no longer matter, hourly.
 */
export function registerLockoutRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Releasing a throttled address is the same power as unlocking an account, over every tenant.
  const access = { code: 'user_unlock', platformOnly: true } as const;

  app.get(
    `${LOCKOUT_BASE}/addresses`,
    {
      config: { access },
      schema: {
        tags: ['blade-auth'],
        summary: 'Client addresses throttled for failed sign-ins, most failures first',
        response: { 200: z.object({ code: z.number(), success: z.boolean(), data: z.array(throttledAddress), msg: z.string() }) },
      },
    },
    async () => {
      const rows = await ctx.lockout.throttledAddresses();
      return ok(rows.map((r) => ({ ip: r.ip, failures: r.failures, throttledUntil: formatDateTime(r.throttledUntil) })));
    },
  );

  app.post(
    `${LOCKOUT_BASE}/clear-address`,
    {
      config: { access },
      schema: {
        tags: ['blade-auth'],
        summary: 'Forget the failed sign-ins of client addresses (ips=a,b): they may sign in again at once',
        querystring: clearAddressQuery,
      },
    },
    async (request) => {
      await ctx.lockout.clearAddresses(request.query.ips);
      const targets = request.query.ips.map((ip) => ({ kind: 'address' as const, name: ip }));
      await ctx.audit.record({ type: 'address.unlock', actor: callerWithOrigin(request), targets });
      return ok(true);
    },
  );

  const purge = () => ctx.lockout.purge().catch((error: unknown) => ctx.log?.error({ err: error }, 'sign-in failure purge failed'));
  const timer = setInterval(purge, HOUR_MS);
  timer.unref();
  root.addHook('onClose', async () => clearInterval(timer));
}
