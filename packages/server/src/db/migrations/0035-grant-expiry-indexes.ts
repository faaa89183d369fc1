import { type Kysely, sql } from 'kysely';

/**
 * Grants that end by themselves, found by their expiry: the landing page counts the application
 * role grants ending within the week, and the hourly purge removes those that ended. Partial
 * indexes: only grants with an expiry, of live rows, are in them.
 */
const GRANT_TABLES = ['blade_user_authorized_role', 'blade_user_authorized_menu', 'blade_user_authorized_function'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of GRANT_TABLES) {
    await sql.raw(`create index ${table}_expiry on ${table} (expire_time) where is_deleted = 0 and expire_time is not null`).execute(db);
  }
}
