import { ApiError, badRequest, syncMessages as m, type SyncRunAnswer, syncSource, type UploadedFile } from '@sso/shared-api';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { updateStamps } from '../../engine/stamps.js';
import { messageFor } from '../../http/language.js';
import type { Caller } from '../../kernel/caller.js';
import { pickUpWish } from './callback-sync.js';
import { carryOut } from './carry-out.js';
import { hrRows, postsByName, snapshotOfRows } from './file-reader.js';
import type { Plan } from './plan.js';
import { computePlan, holdingSource, MAX_ROWS, RecordedRefusal, record, refuseBrokenFile, type StoredPlan } from './runs.js';
import { enabledSource, liveSource, readerFor, type SourceRow } from './source.js';
import { typedSource } from './typed-source.js';

/** The answer of a run, its rows' messages in the caller's language (they sit in the data, not the envelope). */
const answerOf = (request: FastifyRequest, runId: string, plan: Plan, started: number): SyncRunAnswer => ({
  runId,
  ...plan.counts,
  durationMs: Date.now() - started,
  rows: plan.rows.slice(0, MAX_ROWS).map((row) => (row.message ? { ...row, message: messageFor(request, row.message) } : row)),
});

/** A failed run is recorded with its message (never a secret: the reader's refusals name only the server) and answered as it failed. */
async function recordingFailure<T>(
  ctx: AppContext,
  caller: Caller,
  source: SourceRow,
  dryRun: boolean,
  started: number,
  work: () => Promise<T>,
) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RecordedRefusal) throw error;
    const message = error instanceof Error ? error.message : String(error);
    await record(ctx, caller, source, { dryRun, outcome: 'failed', started, message }).catch(() => undefined);
    throw error;
  }
}

/** A dry run of this source not applied yet and not overtaken by a later apply. */
async function storedPlan(ctx: AppContext, source: SourceRow, runId: string): Promise<Plan> {
  const run = await ctx.db
    .selectFrom('blade_sync_run')
    .select(['id', 'outcome', 'dryRun', 'plan'])
    .where('id', '=', runId)
    .where('sourceId', '=', source.id)
    .where('tenantId', '=', source.tenantId)
    .executeTakeFirst();
  if (!run || run.dryRun !== 1 || !run.plan) throw badRequest(m.say.runMissing);
  const later = await ctx.db
    .selectFrom('blade_sync_run')
    .select('id')
    .where('sourceId', '=', source.id)
    .where('dryRun', '=', 0)
    .where('outcome', '=', 'applied')
    .where('id', '>', runId)
    .executeTakeFirst();
  if (run.outcome !== 'planned' || later) throw badRequest(m.say.runUsed);
  return JSON.parse(run.plan) as StoredPlan;
}

/**
 * Dry run: read the source, answer the difference, write nothing but the run record. Apply: read
 * and apply now, or apply exactly a dry run's plan (`runId`, once, and only while no later apply
 * overtook it); a second apply with nothing changed in the source changes nothing.
 */
export const syncSourceExtraHandlers = defineExtraHandlers(syncSource, {
  dryRun: async ({ ctx, caller, query, request }) => {
    const started = Date.now();
    const source = await enabledSource(ctx.db, caller.tenant_id, query.id);
    return recordingFailure(ctx, caller, source, true, started, async () => {
      const plan = await computePlan(ctx, source);
      const runId = await record(ctx, caller, source, { dryRun: true, outcome: 'planned', plan, started });
      return answerOf(request, runId, plan, started);
    });
  },
  apply: async ({ ctx, caller, query, request }) => {
    const started = Date.now();
    const source = await enabledSource(ctx.db, caller.tenant_id, query.id);
    return recordingFailure(ctx, caller, source, false, started, () =>
      holdingSource(ctx, source, pickUpWish(ctx, source.id), async () => {
        const plan = query.runId ? await storedPlan(ctx, source, query.runId) : await computePlan(ctx, source);
        if (query.runId) {
          // Taken before the work, so that the same plan cannot be applied twice at once.
          const taken = await ctx.db
            .updateTable('blade_sync_run')
            .set({ outcome: 'applied', ...updateStamps(caller) })
            .where('id', '=', query.runId)
            .where('outcome', '=', 'planned')
            .executeTakeFirst();
          if (Number(taken.numUpdatedRows) !== 1) throw badRequest(m.say.runUsed);
        }
        await refuseBrokenFile(ctx, caller, source, plan, started);
        const done = await carryOut(ctx, caller, source, plan);
        const runId = await record(ctx, caller, source, { dryRun: false, outcome: 'applied', plan: done, started });
        return answerOf(request, runId, done, started);
      }),
    );
  },
  /**
   * Reaches the source with its credentials (through the outbound guard), reading nothing else: the
   * saved one, or the values of an unsaved form over it (typed-source.ts). A refusal of the
   * source is the answer, not an error.
   */
  testConnection: async ({ ctx, caller, query, body, request }) => {
    const saved = query.id ? await liveSource(ctx.db, caller.tenant_id, query.id) : undefined;
    const source = await typedSource(ctx, caller, saved, body);
    try {
      await (await readerFor(ctx, source)).probe();
      return { ok: true, message: messageFor(request, m.say.connectionOk) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { ok: false, message: messageFor(request, error.message) };
    }
  },
  upload: async ({ ctx, caller, query, body, request }) => {
    const source = await enabledSource(ctx.db, caller.tenant_id, query.id);
    if (source.kind !== 'file') throw badRequest(m.say.fileKind);
    const file = body.file as UploadedFile;
    const rows = await hrRows(file.data);
    const { problems = [] } = snapshotOfRows(rows, await postsByName(ctx.db, source.tenantId));
    // Kept even with broken rows: a dry run lists them, and an apply refuses the file whole.
    await ctx.db
      .updateTable('blade_sync_source')
      .set({
        fileName: file.filename.slice(0, 255),
        fileData: Buffer.from(file.data).toString('base64'),
        fileTime: new Date(),
        ...updateStamps(caller),
      })
      .where('id', '=', source.id)
      .execute();
    return {
      rows: rows.length,
      failures: problems.map((p) => ({ row: Number(/\d+/.exec(p.origin)?.[0] ?? 0), message: messageFor(request, p.message) })),
    };
  },
});
