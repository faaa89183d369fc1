import { type Kysely, sql } from 'kysely';
import { commonColumns } from './0001-tenants-users-menus-dicts-sessions.js';

/**
 * Directory sync (同步源): where a tenant's staff and departments come from.
 *
 * - `blade_sync_source`: the sources of a tenant, by kind (ldap, wecom, dingtalk, feishu, file);
 *   the bind password and API secret encrypted at rest; `run_owner`/`run_until` hold the lease of
 *   the apply under way (one at a time per source, across nodes).
 * - `blade_sync_run`: every dry run and apply with its counts, duration, outcome and error rows;
 *   a dry run keeps its plan so that exactly that plan can be applied.
 * - `blade_sync_link`: which local department or user stands for which entry of a source, by the
 *   source's stable key (entryUUID, objectGUID, an API's id); `gone` marks an entry the source no
 *   longer has (its user was disabled by the sync, and is enabled again if the entry returns).
 */
const statements = [
  `create table blade_sync_source (${commonColumns}, name varchar(64) not null, kind varchar(16) not null, schedule varchar(64),
    url varchar(500), bind_dn varchar(500), bind_password varchar(1000), base_dn varchar(2000), user_filter varchar(1000),
    group_filter varchar(1000), account_attr varchar(64), code_attr varchar(64), corp_id varchar(128), app_key varchar(128),
    secret varchar(1000), api_base varchar(500), mapping varchar(4000), remark varchar(255), run_owner varchar(64),
    run_until timestamptz)`,
  'create index blade_sync_source_tenant on blade_sync_source (tenant_id, is_deleted)',
  `create table blade_sync_run (${commonColumns}, source_id bigint not null, dry_run int not null, outcome varchar(16) not null,
    creates int not null default 0, updates int not null default 0, moves int not null default 0, disables int not null default 0,
    errors int not null default 0, duration_ms int not null default 0, message varchar(500), error_rows text, plan text,
    finished_time timestamptz)`,
  'create index blade_sync_run_source on blade_sync_run (source_id, id)',
  `create table blade_sync_link (source_id bigint not null, kind varchar(8) not null, external_id varchar(128) not null,
    tenant_id varchar(12) not null, local_id bigint not null, gone int not null default 0, updated_at timestamptz not null default now(),
    primary key (source_id, kind, external_id))`,
  'create index blade_sync_link_local on blade_sync_link (source_id, kind, local_id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
