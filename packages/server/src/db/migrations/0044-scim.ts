import { type Kysely, sql } from 'kysely';

/**
 * SCIM provisioning tokens: one bearer token per consuming application, kept only as its hash
 * (the token itself is answered once when minted). Minting again replaces the row, so the old
 * token stops working at once. `create_user` is the administrator who minted it: SCIM writes act
 * as them, under the same rules and data scope as their console.
 *
 * `blade_scim_external`: the `externalId` a provisioning client gave a user or group (RFC 7643
 * §3.1: the client's own identifier), kept per application, since each client has its own.
 */
const statements = [
  `create table blade_scim_token (app_id bigint primary key, tenant_id varchar(12) not null, token_hash varchar(128) not null,
    create_user bigint not null, create_time timestamptz not null default now())`,
  'create unique index blade_scim_token_hash on blade_scim_token (token_hash)',
  `create table blade_scim_external (app_id bigint not null, kind varchar(8) not null, local_id bigint not null,
    external_id varchar(255) not null, primary key (app_id, kind, local_id))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
