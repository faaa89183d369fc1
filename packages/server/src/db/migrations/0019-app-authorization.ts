import { type Kysely, sql } from 'kysely';
import { commonColumns } from './0001-tenants-users-menus-dicts-sessions.js';

/**
 * Authorization inside applications: each application's menus (a tree), function codes and roles,
 * what each role holds, what users are granted (roles, or menus and functions directly, each with
 * an optional expiry), the grant log, separation-of-duties rules and their log; and per
 * application whether its OpenID Connect tokens carry the user's roles and functions.
 */
const statements = [
  `create table blade_app_menu (${commonColumns}, app_id bigint not null, parent_id bigint not null default 0,
    code varchar(64) not null, name varchar(255) not null, alias varchar(255), path varchar(255), source varchar(255),
    sort int not null default 0, category int not null default 1, remark varchar(500))`,
  'create unique index blade_app_menu_code on blade_app_menu (app_id, code) where is_deleted = 0',
  'create index blade_app_menu_parent on blade_app_menu (app_id, parent_id) where is_deleted = 0',
  `create table blade_app_menu_function (${commonColumns}, app_id bigint not null, menu_id bigint not null,
    function_code varchar(64) not null, function_name varchar(255) not null, sort int not null default 0, remark varchar(500))`,
  'create unique index blade_app_menu_function_code on blade_app_menu_function (app_id, function_code) where is_deleted = 0',
  `create table blade_app_role (${commonColumns}, app_id bigint not null, role_name varchar(64) not null,
    role_alias varchar(64) not null, sort int not null default 0, remark varchar(500))`,
  'create unique index blade_app_role_alias on blade_app_role (app_id, role_alias) where is_deleted = 0',
  `create table blade_app_role_menu (${commonColumns}, app_role_id bigint not null, menu_id bigint not null)`,
  'create index blade_app_role_menu_role on blade_app_role_menu (app_role_id) where is_deleted = 0',
  `create table blade_app_role_function (${commonColumns}, app_role_id bigint not null, function_id bigint not null)`,
  'create index blade_app_role_function_role on blade_app_role_function (app_role_id) where is_deleted = 0',
  `create table blade_user_authorized_role (${commonColumns}, user_id bigint not null, app_id bigint not null,
    app_role_id bigint not null, expire_time timestamptz, source varchar(16) not null default 'admin', request_id bigint,
    reason varchar(500))`,
  'create unique index blade_user_authorized_role_pair on blade_user_authorized_role (user_id, app_role_id) where is_deleted = 0',
  'create index blade_user_authorized_role_app on blade_user_authorized_role (app_id, user_id) where is_deleted = 0',
  `create table blade_user_authorized_menu (${commonColumns}, user_id bigint not null, app_id bigint not null,
    menu_id bigint not null, expire_time timestamptz, source varchar(16) not null default 'direct', reason varchar(500))`,
  'create unique index blade_user_authorized_menu_pair on blade_user_authorized_menu (user_id, menu_id) where is_deleted = 0',
  `create table blade_user_authorized_function (${commonColumns}, user_id bigint not null, app_id bigint not null,
    function_id bigint not null, expire_time timestamptz, source varchar(16) not null default 'direct', reason varchar(500))`,
  'create unique index blade_user_authorized_function_pair on blade_user_authorized_function (user_id, function_id) where is_deleted = 0',
  `create table blade_user_authorized_log (${commonColumns}, user_id bigint, account varchar(64), app_id bigint,
    action varchar(16) not null, kind varchar(16) not null, target_id bigint, target_name varchar(255),
    source varchar(16), reason varchar(500), request_id bigint, expire_time timestamptz,
    operator_id bigint, operator_account varchar(64))`,
  'create index blade_user_authorized_log_user on blade_user_authorized_log (tenant_id, user_id, id desc)',
  `create table blade_app_incompatible_rule (${commonColumns}, rule_name varchar(255) not null,
    app_role_ids varchar(2000) not null, remark varchar(500))`,
  `create table blade_app_incompatible_log (${commonColumns}, rule_id bigint, rule_name varchar(255), user_id bigint,
    account varchar(64), app_role_ids varchar(2000), role_names varchar(2000), kind varchar(16) not null,
    source varchar(16), message varchar(1000), operator_account varchar(64))`,
  'create index blade_app_incompatible_log_rule on blade_app_incompatible_log (tenant_id, rule_id, id desc)',
  // 1: the application's ID tokens and userinfo carry app_roles and app_functions.
  'alter table blade_app add column permission_claims int not null default 0',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
