import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { syncSessionsOfUsers } from '../../domain/account-sessions.js';
import { checkPlatformRoleExclusivity } from '../../domain/platform-roles.js';
import { assertRoomForUsers, hashPlain, randomPassword } from '../../domain/user-accounts.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { userTarget } from '../../logs/security-events.js';
import type { PlanScope, PlanStep } from './plan.js';

/** Steps per transaction: a batch is written whole or not at all, and a re-run redoes only what is left. */
export const BATCH = 500;

type Db = Kysely<Database>;

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
 */
export async function applyPlan(ctx: AppContext, caller: Caller, scope: PlanScope, steps: readonly PlanStep[]): Promise<void> {
  const deptSteps = steps.filter((s) => s.op === 'dept.create' || s.op === 'dept.update');
  const userSteps = steps.filter((s) => s.op.startsWith('user.') && s.op !== 'user.groups');
  for (let i = 0; i < deptSteps.length; i += BATCH) {
    await ctx.db.transaction().execute(async (trx) => {
      const deptIds = await linkedIds(trx, scope, 'dept');
      for (const step of deptSteps.slice(i, i + BATCH)) await applyDeptStep(ctx, trx, caller, scope, deptIds, step);
    });
  }
  if (deptSteps.length) {
    await ctx.db.transaction().execute((trx) => rewriteAncestors(trx, scope.tenantId));
    ctx.cache.invalidate('blade_dept');
  }
  if (userSteps.length) await applyUserSteps(ctx, caller, scope, userSteps);
  const leaderSteps = steps.filter((s): s is Extract<PlanStep, { op: 'dept.leader' }> => s.op === 'dept.leader');
  if (leaderSteps.length) await applyLeaderSteps(ctx, caller, scope, leaderSteps);
  const groupSteps = steps.filter((s): s is Extract<PlanStep, { op: 'user.groups' }> => s.op === 'user.groups');
  if (groupSteps.length) await applyGroupSteps(ctx, scope, groupSteps);
}

/** The groups each person is in, on their link, once the users exist (a person the run could not link is skipped). */
async function applyGroupSteps(ctx: AppContext, scope: PlanScope, steps: readonly Extract<PlanStep, { op: 'user.groups' }>[]) {
  for (let i = 0; i < steps.length; i += BATCH) {
    await ctx.db.transaction().execute(async (trx) => {
      for (const step of steps.slice(i, i + BATCH)) {
        await trx
          .updateTable('blade_sync_link')
          .set({ groups: step.groups.length ? step.groups.join('\n') : null })
          .where('sourceId', '=', scope.sourceId)
          .where('kind', '=', 'user')
          .where('externalId', '=', step.externalId)
          .execute();
      }
    });
  }
}

async function applyUserSteps(ctx: AppContext, caller: Caller, scope: PlanScope, userSteps: readonly PlanStep[]): Promise<void> {
  // Created accounts get a random password nobody knows: they sign in once it is reset (or through the directory).
  const password = userSteps.some((s) => s.op === 'user.create') ? await hashPlain(ctx, randomPassword()) : '';
  // Every created account gets the mapping's role: checked again at each run (三员分立, the profile may have been turned on since).
  if (scope.roleId && userSteps.some((s) => s.op === 'user.create')) {
    const target = { kind: 'role' as const, id: scope.roleId };
    await checkPlatformRoleExclusivity(ctx.db, { tenantId: scope.tenantId, actor: caller, targets: [target] }, [scope.roleId]);
  }
  for (let i = 0; i < userSteps.length; i += BATCH) {
    const batch = userSteps.slice(i, i + BATCH);
    await ctx.db.transaction().execute(async (trx) => {
      const deptIds = await linkedIds(trx, scope, 'dept');
      const userIds = await linkedIds(trx, scope, 'user');
      const created = batch.filter((s) => s.op === 'user.create').length;
      if (created) await assertRoomForUsers(trx, scope.tenantId, created);
      const creates = batch.filter((s): s is Extract<PlanStep, { op: 'user.create' }> => s.op === 'user.create');
      const written = {
        create: await createUsers(ctx, trx, caller, scope, { deptIds, userIds }, password, creates),
        update: [] as string[],
      };
      for (const step of batch) {
        if (step.op === 'user.create') continue;
        const id = await applyUserStep(trx, caller, scope, deptIds, step);
        if (id) written.update.push(id);
      }
      await audit(ctx, trx, caller, scope, written);
    });
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
  steps: readonly Extract<PlanStep, { op: 'dept.leader' }>[],
): Promise<void> {
  for (let i = 0; i < steps.length; i += BATCH) {
    await ctx.db.transaction().execute(async (trx) => {
      const deptIds = await linkedIds(trx, scope, 'dept');
      const userIds = await linkedIds(trx, scope, 'user');
      for (const step of steps.slice(i, i + BATCH)) {
        const deptId = deptIds.get(step.externalId);
        const leaderId = step.leaderExternalId === null ? null : userIds.get(step.leaderExternalId);
        if (!deptId || leaderId === undefined) continue;
        await trx
          .updateTable('blade_dept')
          .set({ leaderId, updateUser: caller.user_id, updateTime: new Date() })
          .where('id', '=', deptId)
          .where('tenantId', '=', scope.tenantId)
          .execute();
      }
    });
  }
  ctx.cache.invalidate('blade_dept');
}

async function linkedIds(trx: Db, scope: PlanScope, kind: 'dept' | 'user'): Promise<Map<string, string>> {
  const rows = await trx
    .selectFrom('blade_sync_link')
    .select(['externalId', 'localId'])
    .where('sourceId', '=', scope.sourceId)
    .where('kind', '=', kind)
    .execute();
  return new Map(rows.map((r) => [r.externalId, r.localId]));
}

/** Links the entry to the local row; a local row stands for one entry of a source, so an older link of it goes. */
async function link(trx: Db, scope: PlanScope, kind: 'dept' | 'user', externalId: string, localId: string, gone = 0) {
  await trx
    .deleteFrom('blade_sync_link')
    .where('sourceId', '=', scope.sourceId)
    .where('kind', '=', kind)
    .where('localId', '=', localId)
    .where('externalId', '!=', externalId)
    .execute();
  await trx
    .insertInto('blade_sync_link')
    .values({ sourceId: scope.sourceId, kind, externalId, tenantId: scope.tenantId, localId, gone, updatedAt: new Date() })
    .onConflict((oc) => oc.columns(['sourceId', 'kind', 'externalId']).doUpdateSet({ localId, gone, updatedAt: new Date() }))
    .execute();
}

const parentOf = (scope: PlanScope, deptIds: Map<string, string>, key: string | null | undefined) =>
  (key ? deptIds.get(key) : undefined) ?? scope.rootDeptId;

async function applyDeptStep(
  ctx: AppContext,
  trx: Transaction<Database>,
  caller: Caller,
  scope: PlanScope,
  deptIds: Map<string, string>,
  step: PlanStep,
) {
  const now = new Date();
  if (step.op === 'dept.create') {
    // Applying a stored plan twice must not make the department twice.
    if (deptIds.has(step.externalId)) return;
    const id = ctx.ids.next();
    await trx
      .insertInto('blade_dept')
      .values({
        id,
        tenantId: scope.tenantId,
        parentId: parentOf(scope, deptIds, step.parentExternalId),
        ancestors: '0',
        deptCategory: 1,
        deptName: step.name,
        fullName: step.name,
        sort: 0,
        createUser: caller.user_id,
        createTime: now,
        updateUser: caller.user_id,
        updateTime: now,
      })
      .execute();
    await link(trx, scope, 'dept', step.externalId, id);
    deptIds.set(step.externalId, id);
  } else if (step.op === 'dept.update') {
    await trx
      .updateTable('blade_dept')
      .set({
        ...(step.name !== undefined ? { deptName: step.name, fullName: step.name } : {}),
        ...(step.parentExternalId !== undefined ? { parentId: parentOf(scope, deptIds, step.parentExternalId) } : {}),
        updateUser: caller.user_id,
        updateTime: now,
      })
      .where('id', '=', step.localId)
      .where('tenantId', '=', scope.tenantId)
      .execute();
  }
}

/** The ancestors column ("0,…,parentId") of every live department of the tenant, rewritten where it changed. */
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
  for (const row of rows) {
    const wanted = ancestorsOf(row.id);
    if (wanted !== row.ancestors) await trx.updateTable('blade_dept').set({ ancestors: wanted }).where('id', '=', row.id).execute();
  }
}

async function applyUserStep(
  trx: Transaction<Database>,
  caller: Caller,
  scope: PlanScope,
  deptIds: Map<string, string>,
  step: PlanStep,
): Promise<string | undefined> {
  const now = new Date();
  const audit = { updateUser: caller.user_id, updateTime: now };
  const deptOf = (key: string | null | undefined) => (key ? (deptIds.get(key) ?? null) : null);
  if (step.op === 'user.update') {
    const dept = step.deptExternalId !== undefined ? deptOf(step.deptExternalId) : undefined;
    const { account, ...fields } = step.values;
    await trx
      .updateTable('blade_user')
      .set({
        ...fields,
        ...(account ? { account } : {}),
        ...(dept ? { deptId: dept } : {}),
        ...(step.enable ? { status: 1 } : {}),
        ...(step.postId ? { postId: step.postId } : {}),
        ...audit,
      })
      .where('id', '=', step.localId)
      .where('tenantId', '=', scope.tenantId)
      .execute();
    await link(trx, scope, 'user', step.externalId, step.localId);
    return step.localId;
  }
  if (step.op === 'user.disable') {
    await trx
      .updateTable('blade_user')
      .set({ status: 0, ...audit })
      .where('id', '=', step.localId)
      .where('tenantId', '=', scope.tenantId)
      .execute();
    await link(trx, scope, 'user', step.externalId, step.localId, 1);
    return step.localId;
  }
  return undefined;
}

/**
 * The batch's new accounts in one statement, and their links in another. Applying a stored plan
 * twice must not make an account twice, nor take an account made since the dry run (the next dry
 * run shows it as an error row): those steps are left out.
 */
async function createUsers(
  ctx: AppContext,
  trx: Transaction<Database>,
  caller: Caller,
  scope: PlanScope,
  { deptIds, userIds }: { deptIds: Map<string, string>; userIds: Map<string, string> },
  password: string,
  steps: Extract<PlanStep, { op: 'user.create' }>[],
): Promise<string[]> {
  const fresh = steps.filter((s) => !userIds.has(s.externalId));
  if (!fresh.length) return [];
  const taken = new Set(
    (
      await trx
        .selectFrom('blade_user')
        .select(sql<string>`lower(account)`.as('account'))
        .$call(live(scope.tenantId))
        .where(
          sql<string>`lower(account)`,
          'in',
          fresh.map((s) => (s.values.account as string).toLowerCase()),
        )
        .execute()
    ).map((r) => r.account),
  );
  const now = new Date();
  const rows = fresh.filter((s) => !taken.has((s.values.account as string).toLowerCase())).map((step) => ({ step, id: ctx.ids.next() }));
  if (!rows.length) return [];
  await trx
    .insertInto('blade_user')
    .values(
      rows.map(({ step, id }) => ({
        id,
        tenantId: scope.tenantId,
        ...step.values,
        account: step.values.account as string,
        password,
        // Nobody knows the random password: nothing to change until it is reset (a reset asks for a change).
        mustChangePassword: 0,
        userType: 1,
        roleId: scope.roleId ?? null,
        postId: step.postId ?? null,
        deptId:
          (step.deptExternalId ? deptIds.get(step.deptExternalId) : undefined) ?? (scope.rootDeptId !== '0' ? scope.rootDeptId : null),
        createUser: caller.user_id,
        createTime: now,
        updateUser: caller.user_id,
        updateTime: now,
      })),
    )
    .execute();
  await trx
    .insertInto('blade_sync_link')
    .values(
      rows.map(({ step, id }) => ({
        sourceId: scope.sourceId,
        kind: 'user',
        externalId: step.externalId,
        tenantId: scope.tenantId,
        localId: id,
        gone: 0,
        updatedAt: now,
      })),
    )
    .execute();
  for (const { step, id } of rows) userIds.set(step.externalId, id);
  return rows.map((r) => r.id);
}

/** Every account the sync wrote is a security event, committed with its batch. */
async function audit(ctx: AppContext, trx: Db, caller: Caller, scope: PlanScope, written: { create: string[]; update: string[] }) {
  const ids = [...written.create, ...written.update];
  if (!ids.length) return;
  const users = await trx.selectFrom('blade_user').select(['id', 'account']).where('id', 'in', ids).execute();
  const created = new Set(written.create);
  const detail = { fields: ['sync'], sourceId: scope.sourceId };
  const targets = (isNew: boolean) => users.filter((u) => created.has(u.id) === isNew).map(userTarget);
  await ctx.audit.write(trx, { type: 'user.create', actor: caller, targets: targets(true), detail });
  await ctx.audit.write(trx, { type: 'user.update', actor: caller, targets: targets(false), detail });
}
