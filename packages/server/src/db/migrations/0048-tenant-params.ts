import { type Kysely, sql } from 'kysely';

/**
 * A tenant's own values of system parameters (`blade_tenant_param`): the settings a tenant chooses
 * for itself (its compliance profile and the limits under it) over the platform's values in
 * `blade_param`, which stay the default for every tenant. One row per tenant and key.
 */
const statements = [
  `create table blade_tenant_param (tenant_id varchar(12) not null, param_key varchar(255) not null,
    param_value varchar(4000) not null, update_user bigint, update_time timestamptz not null default now(),
    primary key (tenant_id, param_key))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
