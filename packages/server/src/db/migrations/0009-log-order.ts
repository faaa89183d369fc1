import { type Kysely, sql } from 'kysely';

const LOG_TABLES = ['blade_log_api', 'blade_log_usual', 'blade_log_error', 'blade_log_login'];

/**
 * Log screens list newest first by id (ids are time-ordered: see IdGenerator), through the
 * primary key, so the (tenant_id, create_time) b-trees go: keeping a second b-tree up to date
 * cost about a third of what storing a log row costs the database. A BRIN index on create_time
 * (a few pages per table, nearly free to maintain) serves the retention purge and time ranges.
 * Vacuums started by inserts alone are off for these append-only tables (they only mark pages
 * all-visible for index-only scans, which log screens do not use); the daily purge's deletes
 * still start the usual vacuum, which also freezes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of LOG_TABLES) {
    await sql.raw(`drop index if exists ${table}_time`).execute(db);
    await sql.raw(`create index ${table}_time on ${table} using brin (create_time)`).execute(db);
    await sql.raw(`alter table ${table} set (autovacuum_vacuum_insert_threshold = -1)`).execute(db);
  }
}
