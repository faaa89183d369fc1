import { type Kysely, sql } from 'kysely';
import { commonColumns } from './0001-tenants-users-menus-dicts-sessions.js';

/**
 * The application catalogue and who may open what (blade-aps), every open of an application (its
 * login log, read newest first per account and per application), favourites, recently visited
 * and the portal's friendly links.
 */
const statements = [
  `create table blade_app (${commonColumns}, app_code varchar(64) not null, app_name varchar(255) not null,
    app_type varchar(32), app_category varchar(32), app_url varchar(1000), redirect_uris varchar(4000),
    protocol varchar(8) not null default 'link', icon varchar(1000), color varchar(32), description varchar(2000),
    owner_id bigint, sort int not null default 0, visibility int not null default 1, client_secret varchar(255),
    datasource_id bigint, name_initials varchar(255), name_pinyin varchar(1000))`,
  'create unique index blade_app_code on blade_app (tenant_id, app_code) where is_deleted = 0',
  // Each grant names one user, role or department: the grant's rules refuse anything else.
  `create table blade_app_user (${commonColumns}, app_id bigint not null, user_id bigint, role_id bigint, dept_id bigint)`,
  'create index blade_app_user_app on blade_app_user (app_id) where is_deleted = 0',
  'create index blade_app_user_user on blade_app_user (user_id) where is_deleted = 0 and user_id is not null',
  'create index blade_app_user_role on blade_app_user (role_id) where is_deleted = 0 and role_id is not null',
  'create index blade_app_user_dept on blade_app_user (dept_id) where is_deleted = 0 and dept_id is not null',
  `create table blade_app_login_log (${commonColumns}, app_id bigint not null, app_code varchar(64) not null,
    app_name varchar(255), app_type varchar(32), user_id bigint, account varchar(64), name varchar(64),
    login_time timestamptz not null default now(), login_ip varchar(64), login_city varchar(64))`,
  'create index blade_app_login_log_account on blade_app_login_log (tenant_id, account, login_time desc)',
  'create index blade_app_login_log_app on blade_app_login_log (app_code, login_time)',
  `create table blade_app_favorites (${commonColumns}, app_id bigint not null, user_id bigint not null)`,
  'create unique index blade_app_favorites_pair on blade_app_favorites (user_id, app_id) where is_deleted = 0',
  `create table blade_app_recent (id bigint primary key, tenant_id varchar(12) not null, user_id bigint not null,
    app_id bigint not null, visit_time timestamptz not null default now(), visit_count int not null default 1)`,
  'create unique index blade_app_recent_pair on blade_app_recent (user_id, app_id)',
  `create table blade_friendly_link (${commonColumns}, link_name varchar(255) not null, link_url varchar(1000) not null,
    icon varchar(1000), sort int not null default 0, remark varchar(500))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
