import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export const LOCK_MINUTES = 30;

/**
 * Consecutive sign-in failures per account and per client address (BladeX rule): reaching the
 * threshold locks the key for 30 minutes; a success clears the account's and address's counts.
 */
export class Lockout {
  constructor(private readonly db: Db) {}

  static accountKey(tenantId: string, account: string) {
    return `account:${tenantId}:${account.toLowerCase()}`.slice(0, 200);
  }
  static addressKey(ip: string) {
    return `ip:${ip}`.slice(0, 200);
  }

  /** Whether any key is locked, and whether any has failures on record (worth clearing). */
  async state(keys: string[]): Promise<{ locked: boolean; hasFailures: boolean }> {
    const rows = await this.db.selectFrom('sso_login_failure').select(['lockedUntil']).where('key', 'in', keys).execute();
    const now = Date.now();
    return { locked: rows.some((r) => r.lockedUntil && r.lockedUntil.getTime() > now), hasFailures: rows.length > 0 };
  }

  async recordFailure(keys: string[], threshold: number): Promise<void> {
    const lockUntil = new Date(Date.now() + LOCK_MINUTES * 60_000);
    for (const key of keys) {
      // An expired lock starts a fresh count.
      await sql`insert into sso_login_failure (key, fail_count, locked_until, updated_at)
        values (${key}, 1, ${threshold <= 1 ? lockUntil : null}, now())
        on conflict (key) do update set
          fail_count = case when sso_login_failure.locked_until is not null and sso_login_failure.locked_until <= now()
            then 1 else sso_login_failure.fail_count + 1 end,
          locked_until = case
            when sso_login_failure.locked_until is not null and sso_login_failure.locked_until <= now() then null
            when sso_login_failure.fail_count + 1 >= ${threshold} then ${lockUntil}::timestamptz
            else sso_login_failure.locked_until end,
          updated_at = now()`.execute(this.db);
    }
  }

  async clear(keys: string[]): Promise<void> {
    await this.db.deleteFrom('sso_login_failure').where('key', 'in', keys).execute();
  }
}
