import { type Kysely, sql } from 'kysely';
import { commonColumns } from './0001-tenants-users-menus-dicts-sessions.js';

/**
 * Social sign-in. `blade_social_provider`: a tenant's identity providers (any OpenID Connect
 * provider by its discovery URL, or WeCom / DingTalk / Feishu with their API hosts), the secret
 * encrypted at rest. `sso_social_state`: one row per sign-in or binding started, keyed by its
 * random state, holding the nonce and PKCE verifier until the provider calls back; the callback
 * then records the resolved identity and the sha-256 of a one-time code the sign-in page redeems
 * (grant_type=social). A row is spent by deleting it. Bindings in `blade_user_oauth` are unique
 * per tenant, provider and provider user id, and record when they were made.
 */
const statements = [
  `create table blade_social_provider (${commonColumns}, kind varchar(16) not null, name varchar(64) not null,
    client_id varchar(255) not null, client_secret varchar(1000), discovery_url varchar(500), authorize_url varchar(500),
    api_url varchar(500), scopes varchar(255), corp_id varchar(64), agent_id varchar(64), enabled int not null default 0,
    sort int not null default 0, remark varchar(255))`,
  'create index blade_social_provider_tenant on blade_social_provider (tenant_id, is_deleted)',
  `create table sso_social_state (state varchar(64) primary key, tenant_id varchar(12) not null, provider_id bigint not null,
    nonce varchar(64) not null, code_verifier varchar(128) not null, redirect_uri varchar(1000) not null,
    bind_user_id bigint, code_hash varchar(64), oauth_id bigint, expires_at timestamptz not null,
    created_at timestamptz not null default now())`,
  'create index sso_social_state_expires on sso_social_state (expires_at)',
  'alter table blade_user_oauth add column create_time timestamptz not null default now()',
  'create unique index blade_user_oauth_identity on blade_user_oauth (tenant_id, source, uuid) where uuid is not null',
  'create index blade_user_oauth_user on blade_user_oauth (user_id) where user_id is not null',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
