import { type Kysely, sql } from 'kysely';
import { commonColumns } from './0001-tenants-users-menus-dicts-sessions.js';

/**
 * Mobile application management (blade-appmanage): applications, members, versions with their
 * packages, download records and start logs; and the workbench's blog example.
 *
 * The statistics read daily counts, not the logs: a period of a year is at most 366 days of a few
 * rows per application and value, whatever the number of starts.
 */
const statements = [
  `create table blade_app_manage (${commonColumns}, app_name varchar(255) not null, app_category varchar(32) not null,
    app_package varchar(255), app_icon varchar(1000), app_description varchar(2000), sort int)`,
  'create index blade_app_manage_category on blade_app_manage (tenant_id, app_category) where is_deleted = 0',
  `create table blade_app_member_manage (${commonColumns}, app_manage_id bigint not null, user_id bigint not null,
    whether_creator int not null default 0)`,
  'create unique index blade_app_member_pair on blade_app_member_manage (app_manage_id, user_id) where is_deleted = 0',
  `create table blade_app_version_manage (${commonColumns}, app_id bigint not null, app_type int not null,
    version_name varchar(64) not null, version_code int not null, update_content varchar(2000),
    force_update int not null default 0, whether_realease int not null default 0, release_time timestamptz,
    package_link varchar(1000), package_name varchar(500), package_original_name varchar(500), package_size bigint,
    package_sha256 varchar(64))`,
  `create unique index blade_app_version_code on blade_app_version_manage (app_id, app_type, version_code)
    where is_deleted = 0`,
  `create index blade_app_version_released on blade_app_version_manage (app_id, app_type, version_code desc)
    where is_deleted = 0 and whether_realease = 1`,
  `create table blade_app_download_record (${commonColumns}, app_id bigint not null, version_id bigint not null,
    app_type int not null, version_name varchar(64), download_ip varchar(64), user_agent varchar(500))`,
  'create index blade_app_download_time on blade_app_download_record (tenant_id, create_time desc) where is_deleted = 0',
  `create table blade_app_start_log (${commonColumns}, app_id bigint not null, os_name varchar(64),
    device_type varchar(64), device_brand varchar(64), app_version varchar(64), start_ip varchar(64))`,
  'create index blade_app_start_time on blade_app_start_log (tenant_id, create_time desc) where is_deleted = 0',
  'create index blade_app_start_app on blade_app_start_log (tenant_id, app_id, create_time desc) where is_deleted = 0',
  // Starts and downloads counted per tenant, application, day and value of one dimension (os, type,
  // brand; download: the package type), kept by the calls that write a start or a download.
  `create table blade_app_daily_count (tenant_id varchar(12) not null, dimension varchar(16) not null, day date not null,
    app_id bigint not null, value varchar(64) not null, count int not null,
    primary key (tenant_id, dimension, day, app_id, value))`,
  `create table blade_blog (${commonColumns}, blog_category varchar(32) not null, blog_title varchar(255) not null,
    blog_content text, blog_date timestamptz)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
