import { type Kysely, sql } from 'kysely';
import { commonColumns } from './0001-tenants-users-menus-dicts-sessions.js';

/**
 * The workflow (blade-flow): process models, deployments and their process definitions, running
 * and ended instances with the engine's saved state, tasks with their candidates, the history of
 * every step, and the leave requests of the leave process.
 *
 * A definition's tenant is '' for a common process any tenant may start; an instance always
 * belongs to the tenant of whoever started it. An instance's `revision` rises by one at every
 * step, so that a step written from a state read earlier is refused (two nodes, one task).
 */
const statements = [
  `create table blade_flow_model (${commonColumns}, model_key varchar(100) not null, name varchar(255) not null,
    description varchar(2000), category varchar(64), version int not null default 1, xml text not null)`,
  'create unique index blade_flow_model_key on blade_flow_model (tenant_id, model_key) where is_deleted = 0',
  `create table blade_flow_deployment (id bigint primary key, tenant_id varchar(12) not null, name varchar(255) not null,
    category varchar(64) not null, deploy_user bigint, deploy_time timestamptz not null default now())`,
  `create table blade_flow_definition (id varchar(200) primary key, deployment_id bigint not null, tenant_id varchar(12) not null,
    key varchar(100) not null, name varchar(255) not null, description varchar(2000), category varchar(64) not null,
    version int not null, resource_name varchar(255) not null, xml text not null, user_tasks jsonb not null, initiator varchar(100),
    suspension_state int not null default 1, deploy_time timestamptz not null default now())`,
  'create unique index blade_flow_definition_version on blade_flow_definition (tenant_id, key, version)',
  'create index blade_flow_definition_deployment on blade_flow_definition (deployment_id)',
  `create table blade_flow_instance (id bigint primary key, tenant_id varchar(12) not null, definition_id varchar(200) not null,
    business_table varchar(64), business_id bigint, start_user bigint not null, start_time timestamptz not null default now(),
    end_time timestamptz, status varchar(16) not null default 'running', end_reason varchar(500),
    variables jsonb not null, state jsonb, revision int not null default 0,
    completed_activities jsonb not null default '[]', taken_flows jsonb not null default '[]')`,
  'create index blade_flow_instance_starter on blade_flow_instance (tenant_id, start_user, id desc)',
  "create index blade_flow_instance_running on blade_flow_instance (tenant_id, id desc) where status = 'running'",
  'create index blade_flow_instance_definition on blade_flow_instance (definition_id, status)',
  `create table blade_flow_task (id bigint primary key, tenant_id varchar(12) not null, instance_id bigint not null,
    definition_id varchar(200) not null, task_key varchar(200) not null, name varchar(255) not null,
    assignee bigint, form_key varchar(255), create_time timestamptz not null default now(), claim_time timestamptz,
    end_time timestamptz, status varchar(16) not null default 'open', outcome varchar(16), comment varchar(2000))`,
  "create index blade_flow_task_assignee on blade_flow_task (tenant_id, assignee, id) where status = 'open'",
  'create index blade_flow_task_instance on blade_flow_task (instance_id, status)',
  "create index blade_flow_task_done on blade_flow_task (tenant_id, assignee, end_time desc) where status = 'done'",
  // Who may claim a task nobody holds: a user, the members of a role, the members of a department.
  `create table blade_flow_task_candidate (task_id bigint not null, kind varchar(8) not null, ref_id bigint not null,
    primary key (task_id, kind, ref_id))`,
  'create index blade_flow_task_candidate_ref on blade_flow_task_candidate (kind, ref_id)',
  `create table blade_flow_history (id bigint primary key, tenant_id varchar(12) not null, instance_id bigint not null,
    activity_id varchar(200) not null, activity_name varchar(255) not null, activity_type varchar(64) not null,
    task_id bigint, assignee bigint, start_time timestamptz not null, end_time timestamptz, duration_ms bigint,
    comment varchar(2000))`,
  'create index blade_flow_history_instance on blade_flow_history (instance_id, id)',
  `create table blade_process_leave (${commonColumns}, process_definition_id varchar(200) not null, process_instance_id bigint,
    start_time timestamptz not null, end_time timestamptz not null, days numeric(6,1) not null, reason varchar(500) not null,
    task_user bigint not null, apply_user bigint not null, apply_time timestamptz not null default now(),
    flow_status varchar(16) not null default 'running')`,
  'create index blade_process_leave_applicant on blade_process_leave (tenant_id, apply_user, id desc) where is_deleted = 0',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
