import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { syncSessionsOfUsers } from '../../domain/account-sessions.js';
import { checkPlatformRoleExclusivity } from '../../domain/platform-roles.js';
import { assertRoomForUsers, hashPlain, randomPassword } from '../../domain/user-accounts.js';
import { stamps, updateStamps } from '../../engine/stamps.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { auditUsers, type KnownLinks, writeUserBatch } from './apply-users.js';
import { updateRows } from './batch-writes.js';
import { linkedIds, writeLinks } from './links.js';
import type { PlanScope, PlanStep } from './plan.js';

/** Steps per transaction: a batch is written whole or not at all, and a re-run redoes only what is left. */
export const BATCH = 500;

type Db = Kysely<Database>;
type DeptCreate = Extract<PlanStep, { op: 'dept.create' }>;

/**
 * The sync writes departments, users and its links itself rather than through the repositories'
 * unit of work (like the user import): a batch spans three tables and hundreds of rows of one
 * tenant the caller may not hold in their data scope, and is one transaction with its links and
 * security events, which per-row saves could not keep.
 *
 * Carries out a plan's steps in batches, each in its own transaction with the links it makes, so
 * that an interrupted apply leaves whole batches and a re-run plans only what is left. After each
 * committed batch the sessions of the users it touched follow: a disabled user's end at once,
 * a moved user's act only with the department they now hold.
 *
 * The source's links are read once (its lease keeps other runs of it out) and each batch writes
 * its rows a statement per kind of write, not per row.
 */
export async function applyPlan(ctx: AppContext, caller: Caller, scope: PlanScope, steps: readonly PlanStep[]): Promise<void> {
  const known: KnownLinks = { deptIds: await linkedIds(ctx.db, scope, 'dept'), userIds: await linkedIds(ctx.db, scope, 'user') };
  const deptSteps = steps.filter((s) => s.op === 'dept.create' || s.op === 'dept.update');
  const userSteps = steps.filter((s) => s.op.startsWith('user.') && s.op !== 'user.groups');
  for (let i = 0; i < deptSteps.length; i += BATCH) {
    await ctx.db.transaction().execute((trx) => writeDeptBatch(ctx, trx, caller, scope, known.deptIds, deptSteps.slice(i, i + BATCH)));
  }
  if (deptSteps.length) {
    await ctx.db.transaction().execute((trx) => rewriteAncestors(trx, scope.tenantId));
    ctx.cache.invalidate('blade_dept');
  }
  if (userSteps.length) await applyUserSteps(ctx, caller, scope, known, userSteps);
  const leaderSteps = steps.filter((s): s is Extract<PlanStep, { op: 'dept.leader' }> => s.op === 'dept.leader');
  if (leaderSteps.length) await applyLeaderSteps(ctx, caller, scope, known, leaderSteps);
  const groupSteps = steps.filter((s): s is Extract<PlanStep, { op: 'user.groups' }> => s.op === 'user.groups');
  if (groupSteps.length) await applyGroupSteps(ctx, scope, groupSteps);
}

/** The groups each person is in, on their link, once the users exist (a person the run could not link is skipped): one statement a batch. */
async function applyGroupSteps(ctx: AppContext, scope: PlanScope, steps: readonly Extract<PlanStep, { op: 'user.groups' }>[]) {
  for (let i = 0; i < steps.length; i += BATCH) {
    const rows = steps.slice(i, i + BATCH).map((step) => [step.externalId, step.groups.length ? step.groups.join('\n') : null]);
    await sql`update blade_sync_link as l set groups = v.groups
      from (values ${sql.join(rows.map(([key, groups]) => sql`(cast(${key} as varchar), cast(${groups} as text))`))}) as v(external_id, groups)
      where l.source_id = ${scope.sourceId} and l.kind = 'user' and l.external_id = v.external_id`.execute(ctx.db);
  }
}

async function applyUserSteps(
  ctx: AppContext,
  caller: Caller,
  scope: PlanScope,
  known: KnownLinks,
  userSteps: readonly PlanStep[],
): Promise<void> {
  // Created accounts get a random password nobody knows: they sign in once it is reset (or through the directory).
  const password = userSteps.some((s) => s.op === 'user.create') ? await hashPlain(ctx, randomPassword()) : '';
  // Every created account gets the mapping's role: checked again at each run (三员分立, the profile may have been turned on since).
  if (scope.roleId && userSteps.some((s) => s.op === 'user.create')) {
    const target = { kind: 'role' as const, id: scope.roleId };
    await checkPlatformRoleExclusivity(ctx.db, { tenantId: scope.tenantId, actor: caller, targets: [target] }, [scope.roleId]);
  }
  for (let i = 0; i < userSteps.length; i += BATCH) {
    const batch = userSteps.slice(i, i + BATCH);
    // The keys this batch links, so that a failed batch leaves the known links as the database has them.
    const linking = batch.flatMap((s) => (s.op === 'user.create' && !known.userIds.has(s.externalId) ? [s.externalId] : []));
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const created = batch.filter((s) => s.op === 'user.create').length;
        if (created) await assertRoomForUsers(trx, scope.tenantId, created);
        const written = await writeUserBatch(ctx, trx, caller, scope, known, password, batch);
        await auditUsers(ctx, trx, caller, scope, written);
      });
    } catch (error) {
      for (const key of linking) known.userIds.delete(key);
      throw error;
    }
    ctx.cache.invalidate('blade_user');
    await syncSessionsOfUsers(
      ctx,
      batch.flatMap((s) => ('localId' in s ? [s.localId] : [])),
    );
  }
}

/**
 * Leaders last, once their users exist: each department linked to the source gets the user
 * linked to its leader's key (or none); a leader the sync could not link leaves it as it is.
 */
async function applyLeaderSteps(
  ctx: AppContext,
  caller: Caller,
  scope: PlanScope,
  { deptIds, userIds }: KnownLinks,
  steps: readonly Extract<PlanStep, { op: 'dept.leader' }>[],
): Promise<void> {
  for (let i = 0; i < steps.length; i += BATCH) {
    const rows = steps.slice(i, i + BATCH).flatMap((step) => {
      const deptId = deptIds.get(step.externalId);
      const leaderId = step.leaderExternalId === null ? null : userIds.get(step.leaderExternalId);
      return deptId && leaderId !== undefined ? [[deptId, leaderId]] : [];
    });
    await updateRows(
      ctx.db,
      'blade_dept',
      scope.tenantId,
      [
        { name: 'id', type: 'bigint' },
        { name: 'leader_id', type: 'bigint' },
      ],
      rows,
      { update_user: caller.user_id, update_time: new Date() },
    );
  }
  ctx.cache.invalidate('blade_dept');
}

const parentOf = (scope: PlanScope, deptIds: Map<string, string>, key: string | null | undefined) =>
  (key ? deptIds.get(key) : undefined) ?? scope.rootDeptId;

/**
 * A batch of departments: the new ones in one statement with their links in two (parents come
 * before their children in the plan, so a parent made in this batch is known by then), then the
 * renamed and moved ones, row by row (a handful in any run).
 */
async function writeDeptBatch(
  ctx: AppContext,
  trx: Transaction<Database>,
  caller: Caller,
  scope: PlanScope,
  deptIds: Map<string, string>,
  batch: readonly PlanStep[],
): Promise<void> {
  const now = new Date();
  // Applying a stored plan twice must not make a department twice.
  const fresh = batch.filter((s): s is DeptCreate => s.op === 'dept.create' && !deptIds.has(s.externalId));
  const made = fresh.map((step) => {
    const id = ctx.ids.next();
    const parentId = parentOf(scope, deptIds, step.parentExternalId);
    deptIds.set(step.externalId, id);
    return { step, id, parentId };
  });
  try {
    if (made.length) {
      await trx
        .insertInto('blade_dept')
        .values(
          made.map(({ step, id, parentId }) => ({
            id,
            tenantId: scope.tenantId,
            parentId,
            ancestors: '0',
            deptCategory: 1,
            deptName: step.name,
            fullName: step.name,
            sort: 0,
            ...stamps(caller, now),
          })),
        )
        .execute();
      await writeLinks(
        trx,
        scope,
        'dept',
        made.map(({ step, id }) => ({ externalId: step.externalId, localId: id, gone: 0 })),
        { made: true },
      );
    }
    for (const step of batch) {
      if (step.op !== 'dept.update') continue;
      await trx
        .updateTable('blade_dept')
        .set({
          ...(step.name !== undefined ? { deptName: step.name, fullName: step.name } : {}),
          ...(step.parentExternalId !== undefined ? { parentId: parentOf(scope, deptIds, step.parentExternalId) } : {}),
          ...updateStamps(caller, now),
        })
        .where('id', '=', step.localId)
        .where('tenantId', '=', scope.tenantId)
        .execute();
    }
  } catch (error) {
    // Not written: the next batch and the users must not point at these ids.
    for (const { step } of made) deptIds.delete(step.externalId);
    throw error;
  }
}

/** The ancestors column ("0,…,parentId") of every live department of the tenant, rewritten where it changed, in one statement a batch. */
async function rewriteAncestors(trx: Db, tenantId: string) {
  const rows = await trx.selectFrom('blade_dept').select(['id', 'parentId', 'ancestors']).$call(live(tenantId)).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const memo = new Map<string, string>();
  const ancestorsOf = (id: string, trail = new Set<string>()): string => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    if (!row || row.parentId === '0' || !byId.has(row.parentId) || trail.has(id)) return '0';
    trail.add(id);
    const value = `${ancestorsOf(row.parentId, trail)},${row.parentId}`;
    memo.set(id, value);
    return value;
  };
  const changed = rows.flatMap((row) => {
    const wanted = ancestorsOf(row.id);
    return wanted !== row.ancestors ? [[row.id, wanted]] : [];
  });
  for (let i = 0; i < changed.length; i += BATCH) {
    await updateRows(
      trx,
      'blade_dept',
      tenantId,
      [
        { name: 'id', type: 'bigint' },
        { name: 'ancestors', type: 'varchar' },
      ],
      changed.slice(i, i + BATCH),
    );
  }
}
