import { ApiError, syncMessages as m } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { live } from '../../kernel/live-rows.js';
import { pickUpWish } from './callback-sync.js';
import { carryOut } from './carry-out.js';
import { computePlan, holdingSource, record, sourceCaller } from './runs.js';
import { nextRunAfter } from './schedule.js';
import type { SourceRow } from './source.js';

/**
 * Scheduled syncs. Each tick looks at the enabled sources with a schedule: one whose next time
 * (`schedule_next`) has come is claimed by moving that time forward to the schedule's next one,
 * compare-and-set, so that of the nodes ticking together only one runs it; the run then holds the
 * source's lease like any apply (a run of the console or a callback under way: this time is
 * skipped). A run reads the source, plans, applies and is logged like the others (counts,
 * duration, error rows), its message `schedule`. A source whose schedule was never placed (just
 * saved, or from before schedules ran) is placed at its next time, not run at once.
 */
export async function runDueSources(ctx: AppContext, now: Date = new Date()): Promise<string[]> {
  const sources = await ctx.db
    .selectFrom('blade_sync_source')
    .selectAll()
    .$call(live())
    .where('status', '=', 1)
    .where('schedule', 'is not', null)
    .where((eb) => eb.or([eb('scheduleNext', 'is', null), eb('scheduleNext', '<=', now)]))
    .execute();
  const ran: string[] = [];
  for (const source of sources) {
    let next: Date;
    try {
      next = nextRunAfter(source.schedule as string, now);
    } catch {
      continue; // checked when saved; a schedule unreadable since is left alone
    }
    const claimed = await ctx.db
      .updateTable('blade_sync_source')
      .set({ scheduleNext: next })
      .where('id', '=', source.id)
      .where((eb) => (source.scheduleNext ? eb('scheduleNext', '=', source.scheduleNext) : eb('scheduleNext', 'is', null)))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1 || !source.scheduleNext) continue;
    if (await runScheduled(ctx, source)) ran.push(source.id);
  }
  return ran;
}

/** One scheduled run; false when another run held the source. A failure is logged as a failed run. */
async function runScheduled(ctx: AppContext, source: SourceRow): Promise<boolean> {
  const caller = sourceCaller(source);
  const started = Date.now();
  try {
    // A change callback that found the source held during the run is met once the run ends.
    await holdingSource(ctx, source, pickUpWish(ctx, source.id), async () => {
      const plan = await computePlan(ctx, source);
      // An HR file with broken rows applies nothing, as from the console.
      if (source.kind === 'file' && plan.counts.errors > 0) {
        await record(ctx, caller, source, { dryRun: false, outcome: 'failed', plan, started, message: m.fileHasErrors });
        return;
      }
      const done = await carryOut(ctx, caller, source, plan);
      await record(ctx, caller, source, { dryRun: false, outcome: 'applied', plan: done, started, message: 'schedule' });
    });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.message === m.running) return false;
    const message = error instanceof Error ? error.message : String(error);
    await record(ctx, caller, source, { dryRun: false, outcome: 'failed', started, message }).catch(() => undefined);
    return true;
  }
}
