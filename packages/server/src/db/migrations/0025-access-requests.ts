import { type Kysely, sql } from 'kysely';
import { commonColumns } from './0001-tenants-users-menus-dicts-sessions.js';

/**
 * Access requests (blade-abs): approval workflows of an application or one of its roles, their
 * ordered nodes, the requests walking them and every step of each request. A request keeps the
 * approvers of its current node, worked out when it reaches the node, so a to-do list is one
 * indexed query.
 */
const statements = [
  `create table blade_app_workflow (${commonColumns}, workflow_name varchar(255) not null, app_id bigint not null,
    app_role_id bigint, remark varchar(500))`,
  `create unique index blade_app_workflow_target on blade_app_workflow (tenant_id, app_id, coalesce(app_role_id, 0))
    where is_deleted = 0`,
  `create table blade_app_workflow_node (${commonColumns}, workflow_id bigint not null, node_name varchar(255) not null,
    sort int not null default 0, approver_kind varchar(16) not null, approver_user_id bigint, approver_role_id bigint)`,
  'create index blade_app_workflow_node_flow on blade_app_workflow_node (workflow_id, sort) where is_deleted = 0',
  `create table blade_app_workflow_matter (${commonColumns}, workflow_id bigint not null, app_id bigint not null,
    app_role_id bigint not null, requester_id bigint not null, reason varchar(500) not null, expire_time timestamptz,
    matter_status varchar(16) not null default 'pending', current_node_id bigint, current_sort int,
    current_approvers varchar(4000), finish_time timestamptz)`,
  'create index blade_app_workflow_matter_requester on blade_app_workflow_matter (requester_id, create_time desc)',
  `create index blade_app_workflow_matter_pending on blade_app_workflow_matter (tenant_id, create_time)
    where matter_status = 'pending' and is_deleted = 0`,
  `create table blade_app_workflow_matter_log (${commonColumns}, matter_id bigint not null, node_id bigint,
    node_name varchar(255), actor_id bigint not null, action varchar(16) not null, comment varchar(1000))`,
  'create index blade_app_workflow_matter_log_matter on blade_app_workflow_matter_log (matter_id, create_time)',
  'create index blade_app_workflow_matter_log_actor on blade_app_workflow_matter_log (actor_id, create_time desc)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
