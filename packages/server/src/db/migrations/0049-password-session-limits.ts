import { type Kysely, sql } from 'kysely';

/**
 * What the compliance profile's password, account and session limits need:
 * - `blade_user.password_changed_at`: when the password was last set (expiry, minimum age); every
 *   existing account counts from this migration, a new one from its creation;
 * - `blade_user.last_active_at`: the last successful sign-in, or the last time an administrator
 *   enabled the account (dormant accounts count from it); existing accounts take their newest
 *   session's start, and an account never signed in nor enabled counts from its creation;
 * - `blade_user_password`: the hashes a user's passwords had before (no reuse of the last ones),
 *   at most 24 per user;
 * - `sso_session.last_seen_at`: the session's last request as a node last wrote it (idle limit;
 *   nodes write it at most once a minute per session).
 */
const statements = [
  'alter table blade_user add column password_changed_at timestamptz not null default now()',
  'alter table blade_user add column last_active_at timestamptz',
  `update blade_user u set last_active_at = s.started
    from (select user_id, max(created_at) as started from sso_session group by user_id) s where s.user_id = u.id`,
  `create table blade_user_password (id bigserial primary key, tenant_id varchar(12) not null, user_id bigint not null,
    password varchar(500) not null, create_time timestamptz not null default now())`,
  'create index blade_user_password_user on blade_user_password (user_id, id)',
  'alter table sso_session add column last_seen_at timestamptz not null default now()',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
