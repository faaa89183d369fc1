import { type Kysely, sql } from 'kysely';
import { commonColumns } from './0001-tenants-users-menus-dicts-sessions.js';

/** Object storage, attachments, SMS and report files (BladeX blade-resource and blade-report). */
const statements = [
  `create table blade_oss (${commonColumns}, category int not null default 5, oss_code varchar(32),
    endpoint varchar(255), access_key varchar(255), secret_key varchar(255), bucket_name varchar(255),
    app_id varchar(255), region varchar(255), remark varchar(255))`,
  `create table blade_attach (${commonColumns}, link varchar(1000), domain varchar(500), name varchar(500),
    original_name varchar(500), extension varchar(12), attach_size bigint)`,
  `create index blade_attach_name on blade_attach (name)`,
  `create table blade_sms (${commonColumns}, category int not null default 0, sms_code varchar(32),
    template_id varchar(64), access_key varchar(255), secret_key varchar(255), region_id varchar(255),
    sign_name varchar(64), remark varchar(255), endpoint varchar(255), app_id varchar(64))`,
  `create table blade_sms_log (${commonColumns}, phone varchar(32) not null, sms_code varchar(32),
    template_id varchar(64), content varchar(2000), provider varchar(32), outcome varchar(500))`,
  `create index blade_sms_log_phone on blade_sms_log (phone, create_time)`,
  `create table blade_sms_code (id bigint primary key, tenant_id varchar(12) not null, phone varchar(32) not null,
    code_hash varchar(128) not null, expire_time timestamptz not null, used int not null default 0,
    attempts int not null default 0,
    create_time timestamptz not null default now())`,
  `create index blade_sms_code_phone on blade_sms_code (tenant_id, phone)`,
  `create table blade_report_file (${commonColumns}, name varchar(255) not null, content text, link varchar(1000))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
