import { badRequest, type Message, userMessages as m, rowMessage } from '@sso/shared-api';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { syncSessionsOfUsers } from '../../domain/account-sessions.js';
import { assertRoomForUsers, hashPlain, initialPassword } from '../../domain/user-accounts.js';
import { updateStamps } from '../../engine/stamps.js';
import type { ResourceRepository } from '../../engine/types.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { userTarget } from '../../logs/security-events.js';
import { localDate } from './rules.js';

/** Writing checked import rows: new accounts get the initial password, covered ones keep theirs. */

export interface ImportRow {
  row: number;
  values: {
    account: string;
    name: string;
    realName: string;
    code?: string | null;
    userType?: number;
    roleId: string;
    deptId: string;
    postId?: string | null;
    phone?: string | null;
    email?: string | null;
    sex?: number;
    birthday?: string | null;
  };
}

/** A row the import refuses, with the message the import gives for it (`第3行: …`). */
export interface ImportFailure {
  row: number;
  message: Message;
}

interface ImportArgs {
  ctx: AppContext;
  repo: ResourceRepository;
  caller: Caller;
  rows: ImportRow[];
  covered: boolean;
}

/** Rolls the dry run's transaction back once every statement of the import has run. */
const DRY_RUN_ROLLBACK = Symbol('dry run rollback');

export async function importUsers(args: ImportArgs): Promise<{ inserted: number; updated: number }> {
  const existing = await existingAccounts(args);
  const taken = await takenRows(args, existing);
  if (taken.length) throw badRequest(taken[0].message);
  return writeRows(args, existing, { rollBack: false });
}

/**
 * The import without its effect. Every refused row is answered: those the sheet checks refused
 * (`refused`) and those whose account is taken. A file with none runs every statement of the import
 * in a transaction that is rolled back, so the quota and the database refuse what they would refuse.
 */
export async function dryRunImport(args: ImportArgs & { refused: ImportFailure[] }) {
  const existing = await existingAccounts(args);
  const failures = [...args.refused, ...(await takenRows(args, existing))].sort((a, b) => a.row - b.row);
  if (!failures.length) return { ...(await writeRows(args, existing, { rollBack: true })), failures };
  const refusedRows = new Set(failures.map((f) => f.row));
  const kept = args.rows.filter((r) => !refusedRows.has(r.row));
  const inserted = kept.filter((r) => !existing.has(r.values.account)).length;
  return { inserted, updated: kept.length - inserted, failures };
}

/** Account → id of the live accounts the rows name. */
async function existingAccounts({ ctx, caller, rows }: ImportArgs): Promise<Map<string, string>> {
  // A dry run of a sheet whose every row was refused has no account to look up.
  if (!rows.length) return new Map();
  // Accounts are unique regardless of case: a row names the live account that equals it ignoring case.
  const accounts = rows.map((r) => r.values.account.toLowerCase());
  const matches = await ctx.db
    .selectFrom('blade_user')
    .select(['id', 'account'])
    .$call(live(caller.tenant_id))
    .where(sql<string>`lower(account)`, 'in', accounts)
    .execute();
  const byLowerCase = new Map(matches.map((u) => [u.account.toLowerCase(), u]));
  return new Map(
    rows.flatMap((r) => {
      const match = byLowerCase.get(r.values.account.toLowerCase());
      return match ? [[r.values.account, match.id] as const] : [];
    }),
  );
}

/** Rows naming an existing account the import may not cover, in row order. */
async function takenRows({ ctx, repo, caller, rows, covered }: ImportArgs, existing: Map<string, string>): Promise<ImportFailure[]> {
  // Only users the caller may see (data scope) can be covered.
  const visible = new Set<string>();
  if (covered && existing.size) {
    const query = await repo.visible(ctx.db as never, caller);
    for (const u of await query
      .select('id')
      .where('id', 'in', [...existing.values()])
      .execute())
      visible.add(u.id as string);
  }
  return rows
    .filter(({ values }) => {
      const id = existing.get(values.account);
      return id !== undefined && (!covered || !visible.has(id));
    })
    .map(({ row }) => ({ row, message: rowMessage(row, m.say.accountTaken) }));
}

/**
 * Writes the rows in one transaction; with `rollBack` the transaction is undone and nothing follows.
 * An import writes thousands of rows in batched statements, checked beforehand as a whole (accounts,
 * departments, quotas), which one generic save per row would make a hundred times slower.
 */
async function writeRows(
  { ctx, caller, rows }: ImportArgs,
  existing: Map<string, string>,
  { rollBack }: { rollBack: boolean },
): Promise<{ inserted: number; updated: number }> {
  const fresh = rows.filter((r) => !existing.has(r.values.account));
  const password = fresh.length ? await hashPlain(ctx, await initialPassword(ctx)) : '';
  const now = new Date();
  const columns = (v: ImportRow['values']) => ({
    ...v,
    code: v.code ?? null,
    postId: v.postId ?? null,
    phone: v.phone ?? null,
    email: v.email ?? null,
    sex: v.sex ?? null,
    birthday: v.birthday ? localDate(v.birthday) : null,
    ...updateStamps(caller, now),
  });
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      await assertRoomForUsers(trx, caller.tenant_id, fresh.length);
      for (let i = 0; i < fresh.length; i += 200) {
        await trx
          .insertInto('blade_user')
          .values(
            fresh.slice(i, i + 200).map(({ values }) => ({
              ...columns(values),
              id: ctx.ids.next(),
              tenantId: caller.tenant_id,
              password,
              mustChangePassword: 1,
              createUser: caller.user_id,
              createDept: caller.deptIds[0] || null,
              createTime: now,
            })),
          )
          .execute();
      }
      for (const { values } of rows) {
        const id = existing.get(values.account);
        // A covered account keeps its spelling.
        const { account: _sameAccount, ...covered } = columns(values);
        if (id) await trx.updateTable('blade_user').set(covered).where('id', '=', id).execute();
      }
      // Every account written is a security event, committed with the import.
      const coveredIds = new Set(existing.values());
      const written = await trx
        .selectFrom('blade_user')
        .select(['id', 'account'])
        .$call(live(caller.tenant_id))
        .where((eb) => eb.or([eb('account', 'in', ['', ...fresh.map((r) => r.values.account)]), eb('id', 'in', ['0', ...coveredIds])]))
        .execute();
      const detail = { fields: ['import'] };
      const targets = (covered: boolean) => written.filter((user) => coveredIds.has(user.id) === covered).map(userTarget);
      await ctx.audit.write(trx, { type: 'user.create', actor: caller, targets: targets(false), detail });
      await ctx.audit.write(trx, { type: 'user.update', actor: caller, targets: targets(true), detail });
      if (rollBack) throw DRY_RUN_ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== DRY_RUN_ROLLBACK) throw error;
    });
  const counts = { inserted: fresh.length, updated: rows.length - fresh.length };
  if (rollBack) return counts;
  ctx.cache.invalidate('blade_user');
  // Covered accounts may have lost roles or departments, or been disabled: their sessions follow.
  await syncSessionsOfUsers(ctx, [...existing.values()]);
  return counts;
}
