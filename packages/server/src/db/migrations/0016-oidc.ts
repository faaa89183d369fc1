import { type Kysely, sql } from 'kysely';

/**
 * The OpenID Connect provider's state, shared by every node: one row per stored object (session,
 * interaction, code, token, grant…) keyed by its model name and id, with the columns the provider
 * looks objects up by (grant, session uid, user code) and its expiry (expired rows are purged).
 * An oidc application may name where it receives back-channel logout tokens.
 */
const statements = [
  `create table sso_oidc_object (model varchar(64) not null, id varchar(255) not null, payload text not null,
    grant_id varchar(255), uid varchar(255), user_code varchar(255), account_id varchar(64),
    expires_at timestamptz, consumed_at timestamptz, primary key (model, id))`,
  'create index sso_oidc_object_grant on sso_oidc_object (grant_id) where grant_id is not null',
  'create index sso_oidc_object_uid on sso_oidc_object (uid) where uid is not null',
  'create index sso_oidc_object_user_code on sso_oidc_object (user_code) where user_code is not null',
  'create index sso_oidc_object_account on sso_oidc_object (account_id) where account_id is not null',
  'create index sso_oidc_object_expiry on sso_oidc_object (expires_at)',
  'alter table blade_app add column backchannel_logout_uri varchar(1000)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
