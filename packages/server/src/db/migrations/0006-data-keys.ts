import { type Kysely, sql } from 'kysely';

/**
 * Keys that encrypt secrets the server must read back (data source passwords), one row per
 * purpose, made on first use. Kept apart from the rows they protect so that an export of a
 * resource table never carries a usable password.
 */
const statements = [
  `create table sso_data_key (purpose varchar(32) primary key, key_material varchar(100) not null,
    created_at timestamptz not null default now())`,
  // info?domain= is public and asked on every sign-in page load.
  `create index blade_tenant_domain on blade_tenant (domain) where is_deleted = 0`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
