import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { purgeChainBefore } from './audit-chain.js';
import type { LogTable } from './log-recorder.js';

const LOG_TABLES: LogTable[] = ['blade_log_api', 'blade_log_usual', 'blade_log_error', 'blade_log_login'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes log rows older than `log.retentionDays` (default 90); answers how many went per table. */
export async function purgeOldLogs(ctx: AppContext, now = new Date()): Promise<Record<LogTable, number>> {
  const days = await ctx.params.getNumber('log.retentionDays', 90);
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const removed = {} as Record<LogTable, number>;
  // The chain forgets the links of the records going, so it verifies from its first kept one.
  await purgeChainBefore(ctx.db, cutoff);
  for (const table of LOG_TABLES) {
    // Audit rows are not soft-deleted: once past retention they are gone.
    const result = await sql`delete from ${sql.table(table)} where create_time < ${cutoff}`.execute(ctx.db);
    removed[table] = Number(result.numAffectedRows ?? 0);
  }
  return removed;
}

/** Purges at start and then daily; the timer does not keep the process alive. */
export function scheduleLogPurge(ctx: AppContext): () => Promise<void> {
  let current: Promise<unknown> = Promise.resolve();
  const run = () => {
    current = purgeOldLogs(ctx).catch((error: unknown) => ctx.log?.error({ err: error }, 'log retention purge failed'));
  };
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  // Stopping waits for a running purge: the database closes right after.
  return async () => {
    clearInterval(timer);
    await current;
  };
}
