import { sql } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

const LOCK_KEY = 7_020_001; // any constant: serialises migrations of processes starting together

/** Applies every migration not yet applied, in one transaction, under an advisory lock. */
export async function migrate(db: Db): Promise<number[]> {
  await sql`create table if not exists sso_migration (version int primary key, name varchar(100) not null,
    applied_at timestamptz not null default now())`.execute(db);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const done = new Set((await trx.selectFrom('sso_migration').select('version').execute()).map((r) => r.version));
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await migration.up(trx as never);
      await trx.insertInto('sso_migration').values({ version: migration.version, name: migration.name }).execute();
      applied.push(migration.version);
    }
    return applied;
  });
}
