import { type Kysely, sql } from 'kysely';

/**
 * Disabling, expiring or removing a tenant ends its live sessions in one statement: an index on
 * the tenant of sessions not yet ended keeps that from scanning every session ever opened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index sso_session_tenant_live on sso_session (tenant_id) where revoked_at is null`.execute(db);
}
