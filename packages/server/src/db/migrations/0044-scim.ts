import { type Kysely, sql } from 'kysely';

/**
 * SCIM provisioning tokens: one bearer token per consuming application, kept only as its hash
 * (the token itself is answered once when minted). Minting again replaces the row, so the old
 * token stops working at once. `create_user` is the administrator who minted it: SCIM writes act
 * as them, under the same rules and data scope as their console.
 */
const statements = [
  `create table blade_scim_token (app_id bigint primary key, tenant_id varchar(12) not null, token_hash varchar(128) not null,
    create_user bigint not null, create_time timestamptz not null default now())`,
  'create unique index blade_scim_token_hash on blade_scim_token (token_hash)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
