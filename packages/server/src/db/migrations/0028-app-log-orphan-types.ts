import { type Kysely, sql } from 'kysely';

/**
 * Migration 18 gave every login-log row its application's business kind (`app_type` changed from
 * the kind of client to the business kind), but a row whose application no longer exists (removed
 * outright, or imported from the old platform without it) kept its client-kind key, which now
 * reads as a business kind it never had (客户端 as 财务管理). Those rows, written before migration
 * 18 ran, lose the key: their business kind is unknown. Rows written since carry the right kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update blade_app_login_log l set app_type = null
    where l.app_type is not null
      and l.create_time < (select applied_at from sso_migration where version = 18)
      and not exists (select 1 from blade_app a where a.id = l.app_id)`.execute(db);
}
