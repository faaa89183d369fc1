import { type Kysely, sql } from 'kysely';

/**
 * SAML 2.0 identity provider.
 * - blade_app: a saml application's service provider (entity ID, certificate, NameID format, what
 *   is signed, whether the assertion is encrypted, its metadata address or pasted metadata, where
 *   logout requests go).
 * - sso_saml_key: each tenant's signing keys (private key encrypted at rest, self-signed
 *   certificate); `current` signs, `next` is published beside it so that service providers learn it
 *   before a rotation makes it current, `retired` is kept for the record.
 * - sso_saml_message: an AuthnRequest or LogoutRequest checked at /saml/{tenant}/sso|slo and waiting
 *   for the browser's sign-in page to answer it, by a random key; short-lived, spent once.
 * - sso_saml_request_seen: every AuthnRequest ID accepted, per service provider, until it could no
 *   longer be valid: the same request presented twice (on any node) is refused.
 * - sso_saml_sign_on: each response issued from a platform session (NameID, session index): when the
 *   session ends, each service provider is sent a LogoutRequest for it.
 */
const statements = [
  'alter table blade_app add column saml_entity_id varchar(1000)',
  'alter table blade_app add column saml_sp_certificate text',
  'alter table blade_app add column saml_name_id_format varchar(16)',
  'alter table blade_app add column saml_signing varchar(16)',
  'alter table blade_app add column saml_encrypt_assertion int not null default 0',
  'alter table blade_app add column saml_metadata_url varchar(1000)',
  'alter table blade_app add column saml_metadata_xml text',
  'alter table blade_app add column saml_logout_url varchar(1000)',
  `create table sso_saml_key (id varchar(64) primary key, tenant_id varchar(12) not null, state varchar(8) not null,
    private_key text not null, certificate text not null, created_at timestamptz not null default now())`,
  'create index sso_saml_key_tenant on sso_saml_key (tenant_id, state)',
  `create table sso_saml_message (id varchar(64) primary key, kind varchar(8) not null, tenant_id varchar(12) not null,
    app_id bigint not null, payload text not null, expires_at timestamptz not null)`,
  'create index sso_saml_message_expiry on sso_saml_message (expires_at)',
  `create table sso_saml_request_seen (tenant_id varchar(12) not null, app_id bigint not null, request_id varchar(256) not null,
    expires_at timestamptz not null, primary key (tenant_id, app_id, request_id))`,
  'create index sso_saml_request_seen_expiry on sso_saml_request_seen (expires_at)',
  `create table sso_saml_sign_on (session_index varchar(64) primary key, session_id bigint not null, app_id bigint not null,
    tenant_id varchar(12) not null, name_id varchar(320) not null, name_id_format varchar(100) not null,
    expires_at timestamptz not null, created_at timestamptz not null default now())`,
  'create index sso_saml_sign_on_session on sso_saml_sign_on (session_id)',
  'create index sso_saml_sign_on_expiry on sso_saml_sign_on (expires_at)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
