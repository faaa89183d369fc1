import { sql } from 'kysely';
import type { Db } from './database.js';
import type { Notify } from './migration-notices.js';
import { migrations } from './migrations/index.js';

const LOCK_KEY = 7_020_001; // any constant: serialises migrations of processes starting together

/**
 * Applies every migration not yet applied (up to `upTo` when given: tests that prepare older
 * data), in one transaction, under an advisory lock; what they notice goes to `notify`.
 */
export async function migrate(db: Db, options: { upTo?: number; notify?: Notify } = {}): Promise<number[]> {
  await sql`create table if not exists sso_migration (version int primary key, name varchar(100) not null,
    applied_at timestamptz not null default now())`.execute(db);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const done = new Set((await trx.selectFrom('sso_migration').select('version').execute()).map((r) => r.version));
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version) || migration.version > (options.upTo ?? Number.POSITIVE_INFINITY)) continue;
      await migration.up(trx as never, options.notify);
      await trx.insertInto('sso_migration').values({ version: migration.version, name: migration.name }).execute();
      applied.push(migration.version);
    }
    return applied;
  });
}
