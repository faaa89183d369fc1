import { type Kysely, sql } from 'kysely';

/**
 * A session or interaction is looked up by its uid and model together. With the uid alone indexed,
 * a planner without statistics (a new install; the embedded database, which has no autovacuum to
 * gather them) weighed the primary key's `model = 'Session'` prefix the same as the uid, and
 * chose it: every live session was read to find one. An index on both columns matches both
 * conditions and wins on any statistics.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index sso_oidc_object_uid_model on sso_oidc_object (uid, model) where uid is not null`.execute(db);
  await sql`drop index sso_oidc_object_uid`.execute(db);
}
