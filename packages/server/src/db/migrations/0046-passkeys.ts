import { type Kysely, sql } from 'kysely';

/**
 * Passkeys (WebAuthn):
 * - `sso_passkey`: the credentials a user registered, by credential id (base64url), with the
 *   public key (COSE, base64url), the signature counter last seen (a counter going back means a
 *   cloned authenticator), the transports the browser reported, and the name the user gave it;
 * - `sso_passkey_challenge`: challenges handed out and not answered yet, each for one purpose
 *   (register, sign-in, second step) and, but for a passwordless sign-in, one user; spent once.
 */
const statements = [
  `create table sso_passkey (id bigint primary key, tenant_id varchar(12) not null, user_id bigint not null,
    credential_id varchar(1400) not null, public_key text not null, counter bigint not null default 0,
    transports varchar(200), name varchar(64) not null, backed_up int not null default 0,
    create_time timestamptz not null default now(), last_used_time timestamptz)`,
  'create unique index sso_passkey_credential on sso_passkey (credential_id)',
  'create index sso_passkey_user on sso_passkey (user_id)',
  `create table sso_passkey_challenge (challenge varchar(128) primary key, purpose varchar(16) not null,
    tenant_id varchar(12) not null, user_id bigint, expires_at timestamptz not null)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
