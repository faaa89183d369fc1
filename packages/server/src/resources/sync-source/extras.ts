import {
  ApiError,
  badRequest,
  syncMessages as m,
  type SyncChangeRow,
  type SyncRunAnswer,
  syncSource,
  type UploadedFile,
} from '@sso/shared-api';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { messageFor } from '../../http/language.js';
import type { Caller } from '../../kernel/caller.js';
import { applyPlan } from './apply.js';
import { hrRows, snapshotOfRows } from './file-reader.js';
import { type Plan, type PlanStep, planSync } from './plan.js';
import { enabledSource, readerFor, type SourceRow, scopeOf } from './source.js';

/** Rows answered and kept per run; the counts are always whole. */
const MAX_ROWS = 2000;

interface StoredPlan {
  steps: PlanStep[];
  rows: SyncChangeRow[];
  counts: Plan['counts'];
}

export async function computePlan(ctx: AppContext, source: SourceRow): Promise<Plan> {
  const snapshot = await (await readerFor(ctx, source)).read();
  return planSync(ctx.db, scopeOf(source), snapshot);
}

/**
 * Records a run: counts, duration, outcome, its error rows; a dry run keeps its plan to be applied
 * as it is. Written here: the run log has no routes that write, and a failed run is recorded
 * outside any save.
 */
export async function record(
  ctx: AppContext,
  caller: Caller,
  source: SourceRow,
  run: { dryRun: boolean; outcome: string; plan?: Plan; started: number; message?: string },
): Promise<string> {
  const id = ctx.ids.next();
  const counts = run.plan?.counts ?? { creates: 0, updates: 0, moves: 0, disables: 0, errors: 0 };
  const errorRows = run.plan?.rows.filter((r) => r.action === 'error').slice(0, MAX_ROWS) ?? [];
  const now = new Date();
  await ctx.db
    .insertInto('blade_sync_run')
    .values({
      id,
      tenantId: source.tenantId,
      sourceId: source.id,
      dryRun: run.dryRun ? 1 : 0,
      outcome: run.outcome,
      ...counts,
      durationMs: Date.now() - run.started,
      message: run.message?.slice(0, 500) ?? null,
      errorRows: errorRows.length ? JSON.stringify(errorRows) : null,
      plan:
        run.dryRun && run.plan
          ? JSON.stringify({ steps: run.plan.steps, rows: run.plan.rows.slice(0, MAX_ROWS), counts } satisfies StoredPlan)
          : null,
      createUser: caller.user_id,
      createTime: now,
      updateUser: caller.user_id,
      updateTime: now,
      finishedTime: now,
    })
    .execute();
  return id;
}

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

/** A refusal whose run was recorded already (with its error rows). */
class RecordedRefusal extends ApiError {}

/**
 * An HR file is applied whole or not at all: a plan holding any error row (a broken row, an
 * account held by another user) applies nothing, and its run is recorded as failed with every
 * error row. The other kinds apply what they can and report the rest.
 */
export async function refuseBrokenFile(ctx: AppContext, caller: Caller, source: SourceRow, plan: Plan, started: number) {
  if (source.kind !== 'file' || plan.counts.errors === 0) return;
  const first = plan.rows.find((r) => r.action === 'error');
  const message = `${m.fileHasErrors}: ${first?.message ?? ''}`;
  await record(ctx, caller, source, { dryRun: false, outcome: 'failed', plan, started, message });
  throw new RecordedRefusal(400, message);
}

/** How long an apply may hold its source before another node may take it over (a node that died mid-run). */
const LEASE_MS = 30 * 60_000;

/**
 * Runs the work holding the source's lease, so that one apply at a time runs per source across
 * every node; a second one is refused with a 400 while the first is under way.
 */
export async function holdingSource<T>(ctx: AppContext, source: SourceRow, work: () => Promise<T>): Promise<T> {
  const owner = ctx.ids.next();
  const now = new Date();
  const taken = await ctx.db
    .updateTable('blade_sync_source')
    .set({ runOwner: owner, runUntil: new Date(now.getTime() + LEASE_MS) })
    .where('id', '=', source.id)
    .where((eb) => eb.or([eb('runUntil', 'is', null), eb('runUntil', '<', now)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw badRequest(m.running);
  try {
    return await work();
  } finally {
    await ctx.db
      .updateTable('blade_sync_source')
      .set({ runOwner: null, runUntil: null })
      .where('id', '=', source.id)
      .where('runOwner', '=', owner)
      .execute();
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
  if (!run || run.dryRun !== 1 || !run.plan) throw badRequest(m.runMissing);
  const later = await ctx.db
    .selectFrom('blade_sync_run')
    .select('id')
    .where('sourceId', '=', source.id)
    .where('dryRun', '=', 0)
    .where('outcome', '=', 'applied')
    .where('id', '>', runId)
    .executeTakeFirst();
  if (run.outcome !== 'planned' || later) throw badRequest(m.runUsed);
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
      holdingSource(ctx, source, async () => {
        const plan = query.runId ? await storedPlan(ctx, source, query.runId) : await computePlan(ctx, source);
        if (query.runId) {
          // Taken before the work, so that the same plan cannot be applied twice at once.
          const taken = await ctx.db
            .updateTable('blade_sync_run')
            .set({ outcome: 'applied', updateUser: caller.user_id, updateTime: new Date() })
            .where('id', '=', query.runId)
            .where('outcome', '=', 'planned')
            .executeTakeFirst();
          if (Number(taken.numUpdatedRows) !== 1) throw badRequest(m.runUsed);
        }
        await refuseBrokenFile(ctx, caller, source, plan, started);
        await applyPlan(ctx, caller, scopeOf(source), plan.steps);
        const runId = await record(ctx, caller, source, { dryRun: false, outcome: 'applied', plan, started });
        return answerOf(request, runId, plan, started);
      }),
    );
  },
  upload: async ({ ctx, caller, query, body, request }) => {
    const source = await enabledSource(ctx.db, caller.tenant_id, query.id);
    if (source.kind !== 'file') throw badRequest(m.fileKind);
    const file = body.file as UploadedFile;
    const rows = await hrRows(file.data);
    const { problems = [] } = snapshotOfRows(rows);
    // Kept even with broken rows: a dry run lists them, and an apply refuses the file whole.
    await ctx.db
      .updateTable('blade_sync_source')
      .set({
        fileName: file.filename.slice(0, 255),
        fileData: Buffer.from(file.data).toString('base64'),
        fileTime: new Date(),
        updateUser: caller.user_id,
        updateTime: new Date(),
      })
      .where('id', '=', source.id)
      .execute();
    return {
      rows: rows.length,
      failures: problems.map((p) => ({ row: Number(/\d+/.exec(p.origin)?.[0] ?? 0), message: messageFor(request, p.message) })),
    };
  },
});
