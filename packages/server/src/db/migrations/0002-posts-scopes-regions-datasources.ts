import { type Kysely, sql } from 'kysely';
import { commonColumns } from './0001-tenants-users-menus-dicts-sessions.js';

/** Identity and access tables beyond the core: posts, scopes, regions, data sources, social bindings. */
const statements = [
  `create table blade_post (${commonColumns}, category int not null default 1, post_code varchar(12) not null,
    post_name varchar(64) not null, sort int not null default 0, remark varchar(255))`,
  `create table blade_scope_data (${commonColumns}, menu_id bigint not null, resource_code varchar(255) not null,
    scope_name varchar(255) not null, scope_field varchar(255), scope_class varchar(500), scope_column varchar(255),
    scope_type int not null default 1, scope_value varchar(2000), remark varchar(255))`,
  `create table blade_scope_api (${commonColumns}, menu_id bigint not null, resource_code varchar(255) not null,
    scope_name varchar(255) not null, scope_path varchar(255) not null, scope_type int not null default 1, remark varchar(255))`,
  `create table blade_role_scope (id bigint primary key, scope_category int not null, scope_id bigint not null, role_id bigint not null)`,
  `create unique index blade_role_scope_triple on blade_role_scope (role_id, scope_category, scope_id)`,
  `create table blade_region (code varchar(12) primary key, parent_code varchar(12) not null, ancestors varchar(255) not null,
    name varchar(32) not null, province_code varchar(12), province_name varchar(32), city_code varchar(12), city_name varchar(32),
    district_code varchar(12), district_name varchar(32), town_code varchar(12), town_name varchar(32), village_code varchar(12),
    village_name varchar(32), level int not null, sort int not null default 0, remark varchar(255))`,
  `create index blade_region_parent on blade_region (parent_code)`,
  `create table blade_datasource (${commonColumns}, name varchar(100) not null, driver_class varchar(100) not null,
    url varchar(500) not null, username varchar(45), password varchar(500), remark varchar(255))`,
  `create table blade_user_oauth (id bigint primary key, tenant_id varchar(12) not null, uuid varchar(64), user_id bigint,
    username varchar(64), nickname varchar(64), avatar varchar(1000), blog varchar(500), company varchar(255),
    location varchar(255), email varchar(255), remark varchar(255), gender varchar(16), source varchar(64))`,
  `alter table blade_user add column user_ext varchar(2000)`,
  `create index blade_user_tenant_dept on blade_user (tenant_id, is_deleted)`,
  `create index blade_dept_tenant_parent on blade_dept (tenant_id, parent_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
