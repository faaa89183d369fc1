import { ADMINISTRATOR_ROLE, defineMessages } from '@sso/shared-api';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { complianceOf } from '../db/compliance.js';
import { DAY_MS, runDaily } from '../kernel/daily.js';
import { live } from '../kernel/live-rows.js';
import { userTarget } from '../logs/security-events.js';
import { GrantError } from './grant-error.js';

/**
 * Dormant accounts (the compliance profile's `accountDormantDays`): an enabled account without a
 * successful sign-in for that many days is disabled, by the daily housekeeping and at its next
 * sign-in, each time a security event. The days count from `last_active_at`: the last sign-in, or
 * the last time an administrator enabled the account (else from its creation), so that an
 * account enabled again (as any disabled account) has the full period to sign in. Holders of the
 * tenant's `administrator` role are never disabled for dormancy: they are the ones who enable
 * accounts again, and a tenant whose administrators are all disabled has nobody to do it.
 */

/** The status of a disabled account (1 is enabled, 2 awaits approval). */
const DISABLED = 0;

export const dormantMessages = defineMessages('dormant', {
  disabled: [
    '账号长期未登录，已因不活跃被禁用，请联系管理员启用',
    'This account was disabled for inactivity (no sign-in for too long); ask an administrator to enable it',
  ],
});

interface AccountActivity {
  id: string;
  tenantId: string;
  account: string;
  status: number;
  lastActiveAt: Date | null;
  createTime: Date;
}

type Executor = Parameters<AppContext['audit']['write']>[0];

type Reader = Pick<AppContext['db'], 'selectFrom'>;

/** The accounts among `users` that hold the tenant's administrator role (exempt from dormancy). */
async function administratorsAmong(db: Reader, tenantId: string, users: readonly { id: string; roleId: string | null }[]) {
  const roles = await db
    .selectFrom('blade_role')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('roleAlias', '=', ADMINISTRATOR_ROLE)
    .$call(live())
    .execute();
  const adminRoles = new Set(roles.map((role) => role.id));
  return new Set(users.filter((user) => (user.roleId ?? '').split(',').some((id) => adminRoles.has(id))).map((user) => user.id));
}

/** Disables the enabled ones of these accounts with one security event each; answers their ids. */
async function disableIn(ctx: AppContext, trx: Executor, tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await trx
    .updateTable('blade_user')
    .set({ status: DISABLED, updateTime: new Date() })
    .where('id', 'in', [...ids])
    .where('status', '=', 1)
    .returning(['id', 'account'])
    .execute();
  await ctx.audit.write(trx, { type: 'user.dormant-disable', tenantId, targets: rows.map((row) => userTarget({ ...row, tenantId })) });
  return rows.map((row) => row.id);
}

/** After the disabling committed: caches forget the accounts and their sessions end everywhere. */
async function afterDisabled(ctx: AppContext, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  ctx.cache.invalidate('blade_user');
  await ctx.sessions.endForUser(ids, { reason: 'dormant' });
}

/**
 * At sign-in, after the credential passed: a dormant account is disabled now and refused with a
 * message saying why (the sign-in log records the refusal).
 */
export async function refuseDormantAccount(ctx: AppContext, user: AccountActivity): Promise<void> {
  if (user.status !== 1) return;
  const { accountDormantDays } = await complianceOf(ctx.params, user.tenantId);
  if (accountDormantDays <= 0) return;
  const lastActive = user.lastActiveAt ?? user.createTime;
  if (Date.now() - lastActive.getTime() < accountDormantDays * DAY_MS) return;
  const { roleId } = await ctx.db.selectFrom('blade_user').select('roleId').where('id', '=', user.id).executeTakeFirstOrThrow();
  if ((await administratorsAmong(ctx.db, user.tenantId, [{ id: user.id, roleId }])).size) return;
  const ids = await ctx.db.transaction().execute((trx) => disableIn(ctx, trx, user.tenantId, [user.id]));
  await afterDisabled(ctx, ids);
  throw new GrantError(400, dormantMessages.say.disabled);
}

/**
 * The daily housekeeping: in every tenant whose profile is on, the dormant accounts are disabled,
 * in one transaction under an advisory lock: nodes running it together take turns, and the one
 * that finds the lock taken skips the run. Answers how many accounts were disabled.
 */
export async function disableDormantAccounts(ctx: AppContext, now = new Date()): Promise<number> {
  // The settings are read first: inside the transaction every read goes through it.
  const tenants = await ctx.db.selectFrom('blade_tenant').select('tenantId').$call(live()).execute();
  const cutoffs: { tenantId: string; cutoff: Date }[] = [];
  for (const { tenantId } of tenants) {
    const { accountDormantDays } = await complianceOf(ctx.params, tenantId);
    if (accountDormantDays > 0) cutoffs.push({ tenantId, cutoff: new Date(now.getTime() - accountDormantDays * DAY_MS) });
  }
  if (!cutoffs.length) return 0;
  const disabled = await ctx.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(hashtext('housekeeping:dormant-accounts')) as locked`.execute(trx);
    if (!rows[0]?.locked) return [];
    const ids: string[] = [];
    for (const { tenantId, cutoff } of cutoffs) {
      const dormant = await trx
        .selectFrom('blade_user')
        .select(['id', 'roleId'])
        .where('tenantId', '=', tenantId)
        .where('status', '=', 1)
        .where(sql<boolean>`coalesce(last_active_at, create_time) < ${cutoff}`)
        .$call(live())
        .execute();
      const exempt = await administratorsAmong(trx, tenantId, dormant);
      const due = dormant.filter((row) => !exempt.has(row.id)).map((row) => row.id);
      ids.push(...(await disableIn(ctx, trx, tenantId, due)));
    }
    return ids;
  });
  await afterDisabled(ctx, disabled);
  return disabled.length;
}

/** Runs at start and then daily. */
export const scheduleDormantAccounts = (ctx: AppContext): (() => Promise<void>) =>
  runDaily(
    () => disableDormantAccounts(ctx),
    (error) => ctx.log?.error({ err: error }, 'dormant account housekeeping failed'),
  );
