import { type Kysely, sql } from 'kysely';
import { commonColumns } from './0001-tenants-users-menus-dicts-sessions.js';

/**
 * Directory sync: schedules, birthright rules and leavers.
 *
 * - `blade_sync_source.schedule_next`: when the source's cron schedule is next due; a node runs a
 *   due source only after moving this forward itself (compare and set), so one node runs it.
 * - `blade_sync_source.leaver_grants`: what a leaver's application grants become: `end` (revoked
 *   at once) or `keep` (the account is disabled either way).
 * - `blade_sync_rule` (同步授权规则): a department (and, when `with_sub_depts`, the departments
 *   below it) and/or a post that gives a platform role and/or an application role to the people a
 *   source brings; of one source, or of every source of the tenant when `source_id` is null.
 * - `blade_sync_grant`: which platform roles and application roles a rule gave to whom, so that a
 *   mover loses only those. `owned` 0: the person held it already when the rule would have given
 *   it (a grant by hand): it is never taken away by the sync.
 */
const statements = [
  'alter table blade_sync_source add column schedule_next timestamptz',
  `alter table blade_sync_source add column leaver_grants varchar(8) not null default 'end'`,
  `create table blade_sync_rule (${commonColumns}, name varchar(64) not null, source_id bigint, dept_id bigint,
    with_sub_depts int not null default 1, post_id bigint, role_id bigint, app_role_id bigint, remark varchar(255))`,
  'create index blade_sync_rule_tenant on blade_sync_rule (tenant_id, is_deleted)',
  `create table blade_sync_grant (user_id bigint not null, kind varchar(8) not null, target_id bigint not null,
    tenant_id varchar(12) not null, source_id bigint not null, rule_id bigint not null, owned int not null default 1,
    created_at timestamptz not null default now(), primary key (user_id, kind, target_id))`,
  'create index blade_sync_grant_source on blade_sync_grant (source_id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
