import { sql } from 'kysely';
import { runPeriodically } from '../kernel/daily.js';
import type { Db } from './database.js';

/** The first pass a minute after start (not during it), then one an hour. */
export const EMBEDDED_MAINTENANCE = { firstAfterMs: 60_000, everyMs: 60 * 60_000 };

/**
 * The embedded database runs as PostgreSQL's single-user backend, which starts no autovacuum: left
 * alone, it would never gather planner statistics (every table reads as never analysed) and never
 * reclaim the rows that sign-ons, tokens and sessions delete and rewrite all day, so tables and
 * indexes would grow for the life of the installation. This does what autovacuum does elsewhere:
 * each table vacuumed and analysed, one statement per table so that requests waiting on the one
 * connection go between them.
 */
export async function maintainEmbeddedDatabase(db: Db): Promise<number> {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and n.nspname = 'public' order by c.relname`.execute(db);
  for (const { name } of rows) await sql`vacuum (analyze) ${sql.id(name)}`.execute(db);
  return rows.length;
}

/** Maintenance of the embedded database for the life of the server; the answer stops it. */
export function scheduleEmbeddedMaintenance(db: Db, onError: (error: unknown) => void): () => Promise<void> {
  return runPeriodically(() => maintainEmbeddedDatabase(db), EMBEDDED_MAINTENANCE, onError);
}
