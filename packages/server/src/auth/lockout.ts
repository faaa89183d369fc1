import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { Params } from '../db/params.js';
import type { ResourceCache } from '../kernel/cache.js';

/**
 * Failed sign-ins, counted so that nobody can lock an account for its owner:
 * - `account.failCount` (5) consecutive failures of an account from one address lock that account
 *   for sign-ins from that address only, for `account.lockMinutes` (30);
 * - `account.failCountGlobal` (20) consecutive failures of an account from two addresses or more
 *   lock it everywhere, for as long;
 * - `account.ipFailCount` (30) failures of an address across accounts within the last 10 minutes
 *   throttle the address (HTTP 429) until enough of them leave the window; never a lock.
 * Unknown accounts are counted like known ones, so the answers do not tell them apart. A success
 * clears the account's consecutive counts; unlocking an account clears them at every address.
 * The database holds the counts (nodes share them); each attempt reads and writes a fixed number
 * of rows by primary key.
 */

export interface Attempt {
  tenantId: string;
  account: string;
  ip: string;
}

export interface Verdict {
  /** Seconds until the address is no longer throttled, when it is. */
  throttledFor?: number;
  /** Minutes a lock lasts, when this account is locked for this address (or everywhere). */
  lockedMinutes?: number;
  /** Whether the account has consecutive failures on record (a success clears them). */
  hasFailures: boolean;
}

interface AddressFailures {
  ip: string;
  failures: number;
  throttledUntil: Date;
}

/** Failures of an address count for this many minutes, in one-minute slots. */
const WINDOW_MINUTES = 10;
/** A run of failures nobody repeats is forgotten a day after its last failure. */
const FORGET_AFTER = '1 day';
const ALL_ADDRESSES = '';

/** The keys of an attempt as stored: accounts lower-cased (they are unique regardless of case). */
const keyOf = (attempt: Attempt) => ({
  tenantId: attempt.tenantId.slice(0, 64),
  account: attempt.account.toLowerCase().slice(0, 100),
  // Never '' (the row counting every address): a request always has an address behind a sane proxy.
  ip: attempt.ip.slice(0, 100) || 'unknown',
});

const nowMinute = sql<number>`floor(extract(epoch from now()) / 60)::int`;
/** The oldest minute slot still in the window (the current one and the ten before it). */
const windowStart = sql<number>`floor(extract(epoch from now()) / 60)::int - ${WINDOW_MINUTES}`;

interface Limits {
  perAddress: number;
  global: number;
  addressThrottle: number;
  lockMinutes: number;
}

export class Lockout {
  private readonly params: Params;

  /** The parameters are read through the shared cache, as everywhere else. */
  constructor(
    private readonly db: Db,
    cache: ResourceCache,
  ) {
    this.params = new Params(db, cache);
  }

  async limits(): Promise<Limits> {
    const count = async (key: string, fallback: number) => Math.max(1, Math.floor(await this.params.getNumber(key, fallback)));
    return {
      perAddress: await count('account.failCount', 5),
      global: await count('account.failCountGlobal', 20),
      addressThrottle: await count('account.ipFailCount', 30),
      lockMinutes: await count('account.lockMinutes', 30),
    };
  }

  /**
   * Whether this attempt may go on to the password check: the address's failures in the window
   * and the account's rows at this address and everywhere, read in one statement.
   */
  async verdict(attempt: Attempt): Promise<Verdict> {
    const key = keyOf(attempt);
    const limits = await this.limits();
    const { rows } = await sql<{ slot: boolean; minute: number; failures: number; now: string; locked: boolean }>`
      select true as slot, minute, failures, extract(epoch from now())::text as now, false as locked
        from sso_address_failure where ip = ${key.ip} and minute >= ${windowStart}
      union all
      select false, 0, 0, '', coalesce(locked_until > now(), false)
        from sso_account_failure where tenant_id = ${key.tenantId} and account = ${key.account} and ip in (${ALL_ADDRESSES}, ${key.ip})
      order by slot, minute`.execute(this.db);
    const slots = rows.filter((r) => r.slot);
    const throttled = throttleOf(slots, limits.addressThrottle);
    if (throttled) return { throttledFor: Math.max(1, Math.ceil((throttled.until.getTime() - Date.now()) / 1000)), hasFailures: true };
    const accountRows = rows.filter((r) => !r.slot);
    const locked = accountRows.some((r) => r.locked);
    return { lockedMinutes: locked ? limits.lockMinutes : undefined, hasFailures: accountRows.length > 0 };
  }

  /** A wrong password or unknown account: three upserts by primary key, in one statement (one commit). */
  async recordFailure(attempt: Attempt): Promise<void> {
    const key = keyOf(attempt);
    const limits = await this.limits();
    const lockUntil = sql`now() + make_interval(mins => ${limits.lockMinutes})`;
    const expired = sql`f.locked_until is not null and f.locked_until <= now()`;
    // Everywhere: only once failures came from a second address, so one address cannot lock it.
    const spread = sql`(f.spread = 1 or f.first_ip <> excluded.first_ip)`;
    // An ended lock starts a new run.
    await sql`with at_address as (insert into sso_account_failure as f (tenant_id, account, ip, fail_count, locked_until, updated_at)
      values (${key.tenantId}, ${key.account}, ${key.ip}, 1, case when ${limits.perAddress} <= 1 then ${lockUntil} end, now())
      on conflict (tenant_id, account, ip) do update set
        fail_count = case when ${expired} then 1 else f.fail_count + 1 end,
        locked_until = case
          when ${expired} then case when ${limits.perAddress} <= 1 then ${lockUntil} end
          when f.fail_count + 1 >= ${limits.perAddress} then coalesce(f.locked_until, ${lockUntil})
          else f.locked_until end,
        updated_at = now()
      returning 1),
    everywhere as (insert into sso_account_failure as f (tenant_id, account, ip, fail_count, first_ip, spread, updated_at)
      values (${key.tenantId}, ${key.account}, ${ALL_ADDRESSES}, 1, ${key.ip}, 0, now())
      on conflict (tenant_id, account, ip) do update set
        fail_count = case when ${expired} then 1 else f.fail_count + 1 end,
        first_ip = case when ${expired} then excluded.first_ip else f.first_ip end,
        spread = case when ${expired} then 0 when ${spread} then 1 else 0 end,
        locked_until = case
          when ${expired} then null
          when f.fail_count + 1 >= ${limits.global} and ${spread} then coalesce(f.locked_until, ${lockUntil})
          else f.locked_until end,
        updated_at = now()
      returning 1)
    insert into sso_address_failure as a (ip, minute, failures) values (${key.ip}, ${nowMinute}, 1)
      on conflict (ip, minute) do update set failures = a.failures + 1`.execute(this.db);
  }

  /** A success clears the account's consecutive counts (locks held at other addresses stay). */
  async recordSuccess(attempt: Attempt): Promise<void> {
    const key = keyOf(attempt);
    await this.db
      .deleteFrom('sso_account_failure')
      .where('tenantId', '=', key.tenantId)
      .where('account', '=', key.account)
      .where('ip', 'in', [ALL_ADDRESSES, key.ip])
      .execute();
  }

  /** Unlock: forget every failure of these accounts, at every address. */
  async clearAccounts(accounts: { tenantId: string; account: string }[]): Promise<void> {
    for (const a of accounts) {
      const key = keyOf({ ...a, ip: '' });
      await this.db.deleteFrom('sso_account_failure').where('tenantId', '=', key.tenantId).where('account', '=', key.account).execute();
    }
  }

  /**
   * The tenant's accounts locked now (at one address or everywhere), each once with the end of its
   * last lock, accounts of removed users left out. Accounts are kept lower-cased, as sign-in compares them.
   */
  async lockedAccounts(tenantId: string): Promise<{ account: string; lockedUntil: Date }[]> {
    const rows = await this.db
      .selectFrom('sso_account_failure as f')
      .select(['f.account', sql<Date>`max(f.locked_until)`.as('lockedUntil')])
      .where('f.tenantId', '=', tenantId)
      .where(sql<boolean>`f.locked_until > now()`)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('blade_user as u')
            .select('u.id')
            .whereRef('u.tenantId', '=', 'f.tenantId')
            .where(sql<boolean>`lower(u.account) = f.account`)
            .where('u.isDeleted', '=', 0),
        ),
      )
      .groupBy('f.account')
      .orderBy('f.account')
      .execute();
    return rows.map((row) => ({ account: row.account, lockedUntil: new Date(row.lockedUntil) }));
  }

  /** Addresses throttled now, most failures first. */
  async throttledAddresses(limit = 1000): Promise<AddressFailures[]> {
    const { addressThrottle } = await this.limits();
    const busy = await this.db
      .selectFrom('sso_address_failure')
      .select('ip')
      .where('minute', '>=', windowStart)
      .groupBy('ip')
      .having(sql`sum(failures)`, '>=', addressThrottle)
      .orderBy(sql`sum(failures)`, 'desc')
      .limit(limit)
      .execute();
    if (!busy.length) return [];
    const slots = await this.addressSlots(busy.map((b) => b.ip));
    return busy.flatMap(({ ip }) => {
      const mine = slots.filter((s) => s.ip === ip);
      const throttled = throttleOf(mine, addressThrottle);
      return throttled ? [{ ip, failures: throttled.failures, throttledUntil: throttled.until }] : [];
    });
  }

  async clearAddresses(ips: string[]): Promise<void> {
    await this.db.deleteFrom('sso_address_failure').where('ip', 'in', ips).execute();
  }

  /** Drops minute slots that left the window and runs nobody continued (no lock in force). */
  async purge(): Promise<void> {
    await this.db.deleteFrom('sso_address_failure').where('minute', '<', windowStart).execute();
    await this.db
      .deleteFrom('sso_account_failure')
      .where(sql<boolean>`updated_at < now() - ${FORGET_AFTER}::interval`)
      .where(sql<boolean>`coalesce(locked_until <= now(), true)`)
      .execute();
  }

  private async addressSlots(ips: string[]) {
    return this.db
      .selectFrom('sso_address_failure')
      .select(['ip', 'minute', 'failures', sql<string>`extract(epoch from now())`.as('now')])
      .where('ip', 'in', ips)
      .where('minute', '>=', windowStart)
      .orderBy('minute')
      .execute();
  }
}

/**
 * When an address has at least `threshold` failures in the window: how many, and when enough of
 * them will have left it (a minute slot leaves the window 11 minutes after it began).
 */
function throttleOf(slots: { minute: number; failures: number; now: string }[], threshold: number) {
  let remaining = slots.reduce((sum, s) => sum + s.failures, 0);
  if (!slots.length || remaining < threshold) return undefined;
  const failures = remaining;
  const skew = Date.now() - Number(slots[0].now) * 1000; // this node's clock against the database's
  for (const slot of slots) {
    remaining -= slot.failures;
    if (remaining < threshold) return { failures, until: new Date((slot.minute + WINDOW_MINUTES + 1) * 60_000 + skew) };
  }
  return undefined;
}
