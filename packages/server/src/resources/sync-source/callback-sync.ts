import { ApiError, syncMessages as m } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { live } from '../../kernel/live-rows.js';
import { recordRefusal } from '../../logs/security-refusal.js';
import { carryOut } from './carry-out.js';
import { computePlan, holdingSource, record, sourceCaller } from './runs.js';

/** The syncs this node started for callbacks and has not finished. */
const underWay = new Set<Promise<void>>();

const loadSource = (ctx: AppContext, id: string) =>
  ctx.db.selectFrom('blade_sync_source').selectAll().where('id', '=', id).$call(live()).executeTakeFirst();

/**
 * A change callback asks for a sync of its source: the wish is stored (`sync_wanted`), and the
 * sync runs in the background holding the source's lease, so that one run at a time reads and
 * applies it across every node. The wish is cleared when a run starts reading; a callback that
 * arrives during the run asks again and the run goes once more. When another node or an apply
 * holds the lease, the wish stays stored and that run meets it when it gives the lease back.
 */
export function requestSync(ctx: AppContext, sourceId: string, fresh = true): void {
  const run: Promise<void> = syncWhileWanted(ctx, sourceId, fresh)
    .catch((error: unknown) => ctx.log?.warn({ sourceId, reason: (error as Error).message }, 'directory sync after a callback failed'))
    .finally(() => underWay.delete(run));
  underWay.add(run);
}

/** Resolves once every sync this node started for a callback has ended (tests, and a server closing). */
export async function callbackSyncsSettled(): Promise<void> {
  while (underWay.size) await Promise.all([...underWay]);
}

const noWait = async () => undefined;

/**
 * After an apply gives its lease back: a callback that asked for a sync while it ran (and found
 * the source held) is met now, by a sync in the background.
 */
export const pickUpWish = (ctx: AppContext, sourceId: string) => async () => {
  const source = await ctx.db.selectFrom('blade_sync_source').select('syncWanted').where('id', '=', sourceId).executeTakeFirst();
  if (source?.syncWanted) requestSync(ctx, sourceId, false);
};

async function syncWhileWanted(ctx: AppContext, sourceId: string, fresh: boolean): Promise<void> {
  if (fresh) await ctx.db.updateTable('blade_sync_source').set({ syncWanted: new Date() }).where('id', '=', sourceId).execute();
  for (;;) {
    const source = await loadSource(ctx, sourceId);
    if (!source || source.status !== 1 || !source.syncWanted) return;
    const wanted = source.syncWanted;
    const caller = sourceCaller(source);
    const started = Date.now();
    try {
      await holdingSource(ctx, source, noWait, async () => {
        await ctx.db
          .updateTable('blade_sync_source')
          .set({ syncWanted: null })
          .where('id', '=', sourceId)
          .where('syncWanted', '<=', wanted)
          .execute();
        const plan = await computePlan(ctx, source);
        // An HR file has no callback; the organisation APIs apply what they can and report the rest.
        const done = await carryOut(ctx, caller, source, plan);
        await record(ctx, caller, source, { dryRun: false, outcome: 'applied', plan: done, started, message: 'callback' });
      });
    } catch (error) {
      // Another run holds the source: the wish stays stored for it.
      if (error instanceof ApiError && error.message === m.running) return;
      // A refused grant (三员分立) is a security event even when no request is there to answer.
      await recordRefusal(ctx.audit, error).catch(() => undefined);
      const message = error instanceof Error ? error.message : String(error);
      await record(ctx, caller, source, { dryRun: false, outcome: 'failed', started, message }).catch(() => undefined);
      return;
    }
  }
}
