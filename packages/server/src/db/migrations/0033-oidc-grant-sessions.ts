import { type Kysely, sql } from 'kysely';

/**
 * Which platform session made each OpenID Connect grant (the sign-in page finishes every
 * authorization with the browser's platform session): a logout at the provider ends that platform
 * session too, and a platform session that ends takes the provider sessions it made with it, not
 * the account's sessions in other browsers. A row lives as long as its grant could.
 */
const statements = [
  `create table sso_oidc_grant_session (grant_id varchar(255) primary key, session_id varchar(64) not null,
    expires_at timestamptz not null)`,
  'create index sso_oidc_grant_session_session on sso_oidc_grant_session (session_id)',
  'create index sso_oidc_grant_session_expiry on sso_oidc_grant_session (expires_at)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
