import { type Kysely, sql } from 'kysely';

/**
 * Writes sent with an `Idempotency-Key`: one row per caller and key (hashed together), the
 * request it was first used for, and that request's answer once there is one. Shared by every
 * node, so that a retry on another node finds the first outcome. Rows live 24 hours.
 */
const statements = [
  `create table sso_idempotency (id varchar(64) primary key, fingerprint varchar(64) not null,
    status int, body text, created_at timestamptz not null default now(), expires_at timestamptz not null)`,
  'create index sso_idempotency_expiry on sso_idempotency (expires_at)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
