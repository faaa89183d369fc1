import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { runDueSources } from './scheduler.js';

const MINUTE_MS = 60_000;

/**
 * Runs the due scheduled syncs every minute (cron's finest step) while the server is up; the timer
 * does not keep the process alive, and closing stops it and waits for a tick under way.
 */
export function scheduleDirectorySync(app: FastifyInstance, ctx: AppContext): void {
  let current: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    // A tick still running (a long sync) is not queued behind: the next one finds what is due then.
    if (current) return;
    current = runDueSources(ctx)
      .catch((error: unknown) => ctx.log?.error({ err: error }, 'scheduled directory sync failed'))
      .finally(() => {
        current = undefined;
      });
  }, MINUTE_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await current;
  });
}
