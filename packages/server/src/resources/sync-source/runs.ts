import { ApiError, badRequest, type Message, syncMessages as m, type SyncChangeRow, storedText, withDetail } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { stamps } from '../../engine/stamps.js';
import type { Caller } from '../../kernel/caller.js';
import { MAX_ROWS, type Plan, type PlanStep, planSync } from './plan.js';
import { rivalSources } from './priority.js';
import { mappingOf, readerFor, type SourceRow, scopeOf } from './source.js';

/**
 * A run of a source, whoever starts it (a dry run or apply of the console and CLI, a change
 * callback): its plan read from the source, its record in the run log, and the lease that keeps
 * one apply of a source at a time across nodes.
 */

export { MAX_ROWS } from './plan.js';

export interface StoredPlan {
  steps: PlanStep[];
  rows: SyncChangeRow[];
  counts: Plan['counts'];
}

/** The run's actor: the source itself, on behalf of whoever last saved it (its audit rows name them). */
export function sourceCaller(source: SourceRow): Caller {
  return {
    sid: '',
    jti: '',
    exp: 0,
    client_id: 'directory-sync',
    tenant_id: source.tenantId,
    user_id: source.updateUser ?? source.createUser ?? '0',
    account: `sync-source:${source.id}`,
    user_name: source.name,
    nick_name: source.name,
    real_name: source.name,
    role_id: '',
    role_name: '',
    dept_id: '',
    post_id: '',
    oauth_id: '',
    roleIds: [],
    deptIds: [],
    isAdministrator: false,
  };
}

export async function computePlan(ctx: AppContext, source: SourceRow): Promise<Plan> {
  const snapshot = await (await readerFor(ctx, source)).read();
  const outranked = await rivalSources(ctx.db, source.tenantId, source.id, mappingOf(source.mapping));
  return planSync(ctx.db, { ...scopeOf(source), outranked }, snapshot);
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
      ...stamps(caller, now),
      finishedTime: now,
    })
    .execute();
  return id;
}

/** A refusal whose run was recorded already (with its error rows). */
export class RecordedRefusal extends ApiError {
  constructor(message: Message) {
    super(400, message);
  }
}

/**
 * An HR file is applied whole or not at all: a plan holding any error row (a broken row, an
 * account held by another user) applies nothing, and its run is recorded as failed with every
 * error row. The other kinds apply what they can and report the rest.
 */
export async function refuseBrokenFile(ctx: AppContext, caller: Caller, source: SourceRow, plan: Plan, started: number) {
  if (source.kind !== 'file' || plan.counts.errors === 0) return;
  const first = plan.rows.find((r) => r.action === 'error');
  const refusal = withDetail(m.say.fileHasErrors, storedText(first?.message ?? ''));
  await record(ctx, caller, source, { dryRun: false, outcome: 'failed', plan, started, message: refusal.text });
  throw new RecordedRefusal(refusal);
}

/** How long an apply may hold its source before another node may take it over (a node that died mid-run). */
const LEASE_MS = 30 * 60_000;

/**
 * Runs the work holding the source's lease, so that one apply at a time runs per source across
 * every node; a second one is refused with a 400 while the first is under way. `afterRelease`
 * runs once the lease is given back (a callback's wish that arrived meanwhile is met then).
 */
export async function holdingSource<T>(
  ctx: AppContext,
  source: SourceRow,
  afterRelease: () => Promise<void>,
  work: () => Promise<T>,
): Promise<T> {
  const owner = ctx.ids.next();
  const now = new Date();
  const taken = await ctx.db
    .updateTable('blade_sync_source')
    .set({ runOwner: owner, runUntil: new Date(now.getTime() + LEASE_MS) })
    .where('id', '=', source.id)
    .where((eb) => eb.or([eb('runUntil', 'is', null), eb('runUntil', '<', now)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw badRequest(m.say.running);
  try {
    return await work();
  } finally {
    await ctx.db
      .updateTable('blade_sync_source')
      .set({ runOwner: null, runUntil: null })
      .where('id', '=', source.id)
      .where('runOwner', '=', owner)
      .execute();
    await afterRelease();
  }
}
