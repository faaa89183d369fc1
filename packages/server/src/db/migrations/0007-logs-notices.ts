import { type Kysely, sql } from 'kysely';
import { commonColumns } from './0001-tenants-users-menus-dicts-sessions.js';

/** The request columns the api, usual and error logs share (blade_log_error has them since 0001). */
const requestColumns = `service_id varchar(32), server_host varchar(255), server_ip varchar(255), env varchar(255),
  method varchar(10), request_uri varchar(2000), user_agent varchar(1000), remote_ip varchar(255), params text,
  create_by varchar(64)`;

/** Audit logs (api, usual, sign-in) and notices. Logs are listed newest first and purged by age. */
const statements = [
  `create table blade_log_api (${commonColumns}, ${requestColumns}, type varchar(2), title varchar(255),
    method_class varchar(255), method_name varchar(255), time varchar(64), result_code int)`,
  `create table blade_log_usual (${commonColumns}, ${requestColumns}, log_level varchar(10), log_id varchar(100),
    log_data text)`,
  `create table blade_log_login (${commonColumns}, account varchar(64), client_id varchar(48), success int not null,
    reason varchar(255), remote_ip varchar(255), city varchar(100), user_agent varchar(1000))`,
  `create index blade_log_api_time on blade_log_api (tenant_id, create_time)`,
  `create index blade_log_usual_time on blade_log_usual (tenant_id, create_time)`,
  `create index blade_log_error_time on blade_log_error (tenant_id, create_time)`,
  `create index blade_log_login_time on blade_log_login (tenant_id, create_time)`,
  `create table blade_notice (${commonColumns}, title varchar(255) not null, category int not null,
    release_time timestamptz not null, content text)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
