import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { removeExpiredAppRoleGrants } from '../../domain/app-role-grants.js';

const MINUTE_MS = 60_000;

/**
 * Removes grants whose expiry has passed, at start and then every minute (each removal logged);
 * the timer does not keep the process alive and closing waits for a running sweep.
 */
export function scheduleGrantExpiry(app: FastifyInstance, ctx: AppContext): void {
  let current: Promise<unknown> = Promise.resolve();
  const run = () => {
    current = removeExpiredAppRoleGrants(ctx).catch((error: unknown) => ctx.log?.error({ err: error }, 'removing expired grants failed'));
  };
  app.addHook('onReady', async () => run());
  const timer = setInterval(run, MINUTE_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await current;
  });
}
