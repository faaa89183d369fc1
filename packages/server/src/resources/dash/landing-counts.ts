import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Caller } from '../../kernel/caller.js';
import { firstIdAt } from '../../kernel/ids.js';
import { live } from '../../kernel/live-rows.js';
import { formatDateTime } from '../../kernel/rows.js';

/**
 * The figures of the landing page's cards, one indexed query each: the pending-request index, the
 * failure counts' primary key, the log tables' ids (time-ordered), the grants' expiry index.
 */

/** How many of what a card counts it names. */
const SAMPLE_SIZE = 5;

const count = (rows: { count: string | number }[]) => Number(rows[0]?.count ?? 0);

/** Access requests waiting at a node the caller approves (as the to-do list reads them). */
export async function approvalsWaiting(db: Db, caller: Caller): Promise<number> {
  const rows = await db
    .selectFrom('blade_app_workflow_matter')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .$call(live(caller.tenant_id))
    .where('matterStatus', '=', 'pending')
    .where(sql<boolean>`',' || current_approvers || ',' like ${`%,${caller.user_id},%`}`)
    .execute();
  return count(rows);
}

/**
 * Accounts of the tenant's live users locked now, at one address or everywhere. Failures of
 * accounts nobody holds are counted by the lockout too, but there is no one to unlock: left out.
 */
export async function lockedAccounts(ctx: AppContext, tenantId: string): Promise<{ count: number; sample: string[] }> {
  const rows = await ctx.lockout.lockedAccounts(tenantId);
  return { count: rows.length, sample: rows.slice(0, SAMPLE_SIZE).map((r) => r.account) };
}

/** Client addresses throttled now, most failures first. */
export async function throttledAddresses(ctx: AppContext): Promise<{ count: number; sample: string[] }> {
  const rows = await ctx.lockout.throttledAddresses();
  return { count: rows.length, sample: rows.slice(0, SAMPLE_SIZE).map((r) => r.ip) };
}

/** Midnight of the day `daysBack` days before today, in the server's time zone (whatever daylight saving does). */
export function startOfDay(now: Date, daysBack = 0): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack);
}

/** Failed sign-ins of the tenant since midnight. */
export async function failedSignInsToday(db: Db, tenantId: string, now = new Date()): Promise<number> {
  const midnight = startOfDay(now);
  const rows = await db
    .selectFrom('blade_log_login')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .$call(live(tenantId))
    .where('id', '>=', firstIdAt(midnight))
    .where('createTime', '>=', midnight)
    .where('success', '=', 0)
    .execute();
  return count(rows);
}

/** Application opens of the tenant per day over the last `days` days, today last; a day without opens counts 0. */
export async function opensPerDay(db: Db, tenantId: string, days: number, now = new Date()): Promise<{ day: string; count: number }[]> {
  const starts = Array.from({ length: days + 1 }, (_, i) => startOfDay(now, days - 1 - i));
  const perDay = starts
    .slice(0, days)
    .map((start, i) => sql<number>`count(*) filter (where login_time >= ${start} and login_time < ${starts[i + 1]})::int`.as(`d${i}`));
  const row = await db
    .selectFrom('blade_app_login_log')
    .select(perDay)
    .$call(live(tenantId))
    .where('id', '>=', firstIdAt(starts[0]))
    .where('loginTime', '>=', starts[0])
    .executeTakeFirst();
  const counts = (row ?? {}) as Record<string, number>;
  return starts.slice(0, days).map((start, i) => ({ day: formatDateTime(start).slice(0, 10), count: Number(counts[`d${i}`] ?? 0) }));
}

/** Application role grants of the tenant that end by themselves within the next `days` days. */
export async function grantsExpiringWithin(db: Db, tenantId: string, days: number): Promise<number> {
  const rows = await db
    .selectFrom('blade_user_authorized_role')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .$call(live(tenantId))
    .where(sql<boolean>`expire_time > now()`)
    .where(sql<boolean>`expire_time <= now() + make_interval(days => ${days})`)
    .execute();
  return count(rows);
}
