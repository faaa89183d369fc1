import { type Kysely, sql } from 'kysely';

/**
 * Second factor and SpringBlade clients:
 * - sso_totp: one TOTP secret per user (encrypted at rest, read back to check codes), confirmed
 *   once the user typed a right code; `last_counter` is the last time step accepted, so a code is
 *   never accepted twice;
 * - sso_totp_recovery: single-use recovery codes, only their sha-256;
 * - sso_mfa_ticket: the short-lived proof that a user passed the first sign-in step, by the sha-256
 *   of the ticket; it carries what the session will be (JSON) and counts wrong codes;
 * - sso_sm2_key: the SM2 key pair SpringBlade clients encrypt passwords with (one row);
 * - blade_sms_log.request_ip: the address that asked for a code, for the per-address limit.
 */
const statements = [
  `create table sso_totp (user_id bigint primary key, tenant_id varchar(12) not null, secret text not null,
    confirmed_at timestamptz, last_counter bigint, created_at timestamptz not null default now())`,
  `create table sso_totp_recovery (user_id bigint not null, code_hash varchar(64) not null, used_at timestamptz,
    primary key (user_id, code_hash))`,
  `create table sso_mfa_ticket (id_hash varchar(64) primary key, tenant_id varchar(12) not null, user_id bigint not null,
    payload text not null, attempts int not null default 0, expires_at timestamptz not null,
    created_at timestamptz not null default now())`,
  'create index sso_mfa_ticket_expires on sso_mfa_ticket (expires_at)',
  `create table sso_sm2_key (id int primary key, private_key varchar(128) not null, public_key varchar(160) not null,
    created_at timestamptz not null default now())`,
  'alter table blade_sms_log add column request_ip varchar(100)',
  'create index blade_sms_log_ip on blade_sms_log (request_ip, create_time)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
