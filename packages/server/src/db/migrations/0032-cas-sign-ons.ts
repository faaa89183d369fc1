import { type Kysely, sql } from 'kysely';

/**
 * CAS single logout and renew.
 * - sso_cas_sign_on: each service ticket issued, with the platform session it was issued from,
 *   the application, its tenant, the service address and the user it names: when the session
 *   ends, every service it signed on to is sent a logout request naming its ticket. A row lives
 *   as long as its session was to live when the ticket was issued.
 * - sso_fresh_sign_in: a session just opened by a credential presented in that sign-in (password,
 *   phone code, second factor) and the access token that sign-in answered, for a short while and
 *   once: what CAS `renew=true` asks for.
 * - blade_app.cas_single_logout: 1 (default) sends a cas application logout requests, 0 does not.
 */
const statements = [
  `create table sso_cas_sign_on (ticket varchar(64) primary key, session_id bigint not null, app_id bigint not null,
    tenant_id varchar(12) not null, service varchar(2000) not null, principal varchar(255) not null,
    expires_at timestamptz not null, created_at timestamptz not null default now())`,
  'create index sso_cas_sign_on_session on sso_cas_sign_on (session_id)',
  'create index sso_cas_sign_on_expiry on sso_cas_sign_on (expires_at)',
  'create table sso_fresh_sign_in (session_id bigint primary key, token_id varchar(64) not null, expires_at timestamptz not null)',
  'alter table blade_app add column cas_single_logout int not null default 1',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
