import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { stamps, updateStamps } from '../../engine/stamps.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { userTarget } from '../../logs/security-events.js';
import { updateRows, type ValuesColumn } from './batch-writes.js';
import { writeLinks } from './links.js';
import type { PlanScope, PlanStep, UserValues } from './plan.js';

type Db = Kysely<Database>;
type CreateStep = Extract<PlanStep, { op: 'user.create' }>;
type UpdateStep = Extract<PlanStep, { op: 'user.update' }>;
type DisableStep = Extract<PlanStep, { op: 'user.disable' }>;

/** The links the batch's writes look up: department and user keys → local ids, kept current as the apply links. */
export interface KnownLinks {
  deptIds: Map<string, string>;
  userIds: Map<string, string>;
}

/** The user fields a source writes that the personal-data handle encrypts and indexes: written by the query builder only. */
const PERSONAL = ['phone', 'email'] as const;
const PROTECTED = new Set<string>(PERSONAL);

/** Columns of blade_user by the plan's field names, for the batched updates. */
const COLUMN_OF: Record<string, ValuesColumn> = {
  account: { name: 'account', type: 'varchar' },
  code: { name: 'code', type: 'varchar' },
  name: { name: 'name', type: 'varchar' },
  realName: { name: 'real_name', type: 'varchar' },
  deptId: { name: 'dept_id', type: 'varchar' },
  postId: { name: 'post_id', type: 'varchar' },
  status: { name: 'status', type: 'int' },
};
const ID: ValuesColumn = { name: 'id', type: 'bigint' };

/**
 * One batch of user steps, in the caller's transaction: the new accounts in one statement, the
 * updates in one statement per shape of change (the fields they set), the leavers in one, and the
 * links of all of them in two. A changed phone or email is written row by row through the query
 * builder, which encrypts it; an unchanged one is not written (nor encrypted) again. Answers the
 * ids written, for the security events and the sessions.
 */
export async function writeUserBatch(
  ctx: AppContext,
  trx: Transaction<Database>,
  caller: Caller,
  scope: PlanScope,
  known: KnownLinks,
  password: string,
  batch: readonly PlanStep[],
): Promise<{ create: { id: string; account: string }[]; update: string[] }> {
  const creates = batch.filter((s): s is CreateStep => s.op === 'user.create');
  const updates = batch.filter((s): s is UpdateStep => s.op === 'user.update');
  const disables = batch.filter((s): s is DisableStep => s.op === 'user.disable');
  const created = await createUsers(ctx, trx, caller, scope, known, password, creates);
  const stamp = { update_user: caller.user_id, update_time: new Date() };
  await updateUsers(trx, caller, scope, known, updates, stamp);
  await updateRows(
    trx,
    'blade_user',
    scope.tenantId,
    [ID],
    disables.map((s) => [s.localId]),
    { status: 0, ...stamp },
  );
  await writeLinks(trx, scope, 'user', [
    ...updates.map((s) => ({ externalId: s.externalId, localId: s.localId, gone: 0 })),
    ...disables.map((s) => ({ externalId: s.externalId, localId: s.localId, gone: 1 })),
  ]);
  return { create: created, update: [...updates, ...disables].map((s) => s.localId) };
}

/** The columns an update step sets (other than phone and email), by blade_user's names, with their values. */
function plainChanges(step: UpdateStep, deptIds: Map<string, string>): Map<string, unknown> {
  const set = new Map<string, unknown>();
  for (const [field, value] of Object.entries(step.values)) if (!PROTECTED.has(field)) set.set(field, value);
  // An account is never emptied by a source (the plan refuses an entry without one).
  if (!step.values.account) set.delete('account');
  const dept = step.deptExternalId ? deptIds.get(step.deptExternalId) : undefined;
  if (dept) set.set('deptId', dept);
  if (step.enable) set.set('status', 1);
  if (step.postId) set.set('postId', step.postId);
  return set;
}

/**
 * The updates, grouped by the columns they set: one `update … from (values …)` per group (a
 * batch of renames is one statement, a batch of moves another). Phone and email changes go row
 * by row through the query builder so that they are stored encrypted with their search index.
 */
async function updateUsers(
  trx: Db,
  caller: Caller,
  scope: PlanScope,
  { deptIds }: KnownLinks,
  steps: readonly UpdateStep[],
  stamp: Record<string, unknown>,
): Promise<void> {
  const groups = new Map<string, { columns: string[]; rows: unknown[][] }>();
  for (const step of steps) {
    const set = plainChanges(step, deptIds);
    const columns = [...set.keys()].sort();
    const shape = columns.join(',');
    const group = groups.get(shape) ?? { columns, rows: [] };
    group.rows.push([step.localId, ...columns.map((c) => set.get(c))]);
    groups.set(shape, group);
  }
  for (const { columns, rows } of groups.values()) {
    // Steps that change only phone or email (or only relink) still stamp who wrote the row.
    await updateRows(trx, 'blade_user', scope.tenantId, [ID, ...columns.map((c) => COLUMN_OF[c] as ValuesColumn)], rows, stamp);
  }
  for (const step of steps) {
    const personal: Partial<Pick<UserValues, 'phone' | 'email'>> = {};
    for (const field of PERSONAL) if (field in step.values) personal[field] = step.values[field];
    if (!Object.keys(personal).length) continue;
    await trx
      .updateTable('blade_user')
      .set({ ...personal, ...updateStamps(caller) })
      .where('id', '=', step.localId)
      .where('tenantId', '=', scope.tenantId)
      .execute();
  }
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
  { deptIds, userIds }: KnownLinks,
  password: string,
  steps: readonly CreateStep[],
): Promise<{ id: string; account: string }[]> {
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
        ...stamps(caller, now),
      })),
    )
    .execute();
  await writeLinks(
    trx,
    scope,
    'user',
    rows.map(({ step, id }) => ({ externalId: step.externalId, localId: id, gone: 0 })),
    { made: true },
  );
  for (const { step, id } of rows) userIds.set(step.externalId, id);
  return rows.map(({ step, id }) => ({ id, account: step.values.account as string }));
}

/** Every account the sync wrote is a security event, committed with its batch (the new ones named from the batch, the others read). */
export async function auditUsers(
  ctx: AppContext,
  trx: Db,
  caller: Caller,
  scope: PlanScope,
  written: { create: { id: string; account: string }[]; update: string[] },
): Promise<void> {
  const detail = { fields: ['sync'], sourceId: scope.sourceId };
  await ctx.audit.write(trx, { type: 'user.create', actor: caller, targets: written.create.map(userTarget), detail });
  if (!written.update.length) return;
  const updated = await trx.selectFrom('blade_user').select(['id', 'account']).where('id', 'in', written.update).execute();
  await ctx.audit.write(trx, { type: 'user.update', actor: caller, targets: updated.map(userTarget), detail });
}
