import { type Kysely, sql } from 'kysely';
import { commonColumns } from './0001-tenants-users-menus-dicts-sessions.js';

/**
 * The application ledger (blade-ledger): the group's IT systems with their parameters, each
 * optionally the catalogue application it is; comments, likes (one live like per user and
 * entry) and views of entries; network-security records. The market lists reviewed and shelved
 * entries of a tenant, so that pair is indexed; feedback rows are read per entry.
 */
const statements = [
  `create table blade_app_parameter (${commonColumns}, app_name varchar(255) not null, app_id bigint,
    dept_name varchar(255), owner_name varchar(64), contact_phone varchar(32), vendor varchar(255), version varchar(64),
    deploy_mode varchar(64), tech_stack varchar(255), database_type varchar(64), server_info varchar(255),
    online_date varchar(10), user_scale int, description varchar(2000), icon varchar(1000),
    is_recommend int not null default 0, sort int not null default 0, is_check int not null default 0,
    is_shelf int not null default 0, name_initials varchar(255), name_pinyin varchar(1000))`,
  'create index blade_app_parameter_market on blade_app_parameter (tenant_id, is_check, is_shelf) where is_deleted = 0',
  `create table blade_app_parameter_comments (${commonColumns}, app_parameter_id bigint not null, content varchar(500) not null,
    user_id bigint, user_name varchar(64))`,
  'create index blade_app_parameter_comments_entry on blade_app_parameter_comments (app_parameter_id, create_time) where is_deleted = 0',
  `create table blade_app_parameter_like (${commonColumns}, app_parameter_id bigint not null, user_id bigint not null,
    user_name varchar(64))`,
  'create unique index blade_app_parameter_like_pair on blade_app_parameter_like (app_parameter_id, user_id) where is_deleted = 0',
  `create table blade_app_parameter_log (${commonColumns}, app_parameter_id bigint not null, user_id bigint,
    account varchar(64), user_name varchar(64))`,
  'create index blade_app_parameter_log_entry on blade_app_parameter_log (app_parameter_id)',
  `create table blade_app_network (${commonColumns}, system_name varchar(255) not null, app_parameter_id bigint,
    network_zone varchar(64), exposure int not null default 0, protection_level int, last_assessment varchar(10),
    findings varchar(2000), name_initials varchar(255), name_pinyin varchar(1000))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
