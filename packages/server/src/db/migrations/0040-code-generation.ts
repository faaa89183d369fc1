import { type Kysely, sql } from 'kysely';
import { commonColumns } from './0001-tenants-users-menus-dicts-sessions.js';

/**
 * Code generation records (研发工具 › 代码生成): a table of a data source and how to turn it into
 * a resource; `fields` keeps the column settings (label, control, list/search/form, required,
 * dictionary) as JSON. Platform-wide, as data sources are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`create table blade_code (${commonColumns}, datasource_id bigint not null, code_name varchar(64) not null,
    service_name varchar(64) not null, table_name varchar(64) not null, table_prefix varchar(64), pk_name varchar(64) not null,
    package_name varchar(255) not null, base_mode int not null default 1, wrap_mode int not null default 1,
    api_path varchar(500) not null, web_path varchar(500) not null, fields jsonb)`)
    .execute(db);
}
