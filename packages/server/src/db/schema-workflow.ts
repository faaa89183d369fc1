import type { ColumnType } from 'kysely';
import type { CommonColumns } from './schema-common.js';

/** Kysely's view of the workflow tables (migration 36). */
type Id = string;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** jsonb: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;
type OptJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** What a user task of a definition asks of the platform, read from its XML when it was deployed. */
export interface UserTaskSpec {
  id: string;
  name: string;
  /** An expression (`${applyUser}`) or a user id or account. */
  assignee: string | null;
  candidateUsers: string[];
  /** Role aliases (`hr`), `role:<alias>`, `dept:<id>`, or expressions naming one of them. */
  candidateGroups: string[];
  formKey: string | null;
  /** A `sms` property of the task (camunda:properties): tell its people by SMS with this template code. */
  sms: string | null;
}

export interface WorkflowTables {
  blade_flow_model: CommonColumns & {
    modelKey: string;
    name: string;
    description: Opt<string>;
    category: Opt<string>;
    version: Defaulted<number>;
    xml: string;
  };
  blade_flow_deployment: {
    id: Id;
    tenantId: string;
    name: string;
    category: string;
    deployUser: Opt<Id>;
    deployTime: Timestamp;
  };
  blade_flow_definition: {
    id: string;
    deploymentId: Id;
    tenantId: string;
    key: string;
    name: string;
    description: Opt<string>;
    category: string;
    version: number;
    resourceName: string;
    xml: string;
    userTasks: Json<UserTaskSpec[]>;
    /** The start event's `initiator`: the variable that gets the starter's user id. */
    initiator: Opt<string>;
    suspensionState: Defaulted<number>;
    deployTime: Timestamp;
  };
  blade_flow_instance: {
    id: Id;
    tenantId: string;
    definitionId: string;
    businessTable: Opt<string>;
    businessId: Opt<Id>;
    startUser: Id;
    startTime: Timestamp;
    endTime: NullableTimestamp;
    status: Defaulted<string>;
    endReason: Opt<string>;
    variables: Json<Record<string, unknown>>;
    state: OptJson<unknown>;
    revision: Defaulted<number>;
    completedActivities: ColumnType<string[], string | undefined, string>;
    takenFlows: ColumnType<string[], string | undefined, string>;
    /** When the earliest timer the instance waits on falls due (migration 37). */
    dueAt: NullableTimestamp;
  };
  blade_flow_task: {
    id: Id;
    tenantId: string;
    instanceId: Id;
    definitionId: string;
    taskKey: string;
    name: string;
    assignee: Opt<Id>;
    formKey: Opt<string>;
    createTime: Timestamp;
    claimTime: NullableTimestamp;
    endTime: NullableTimestamp;
    status: Defaulted<string>;
    outcome: Opt<string>;
    comment: Opt<string>;
  };
  blade_flow_task_candidate: { taskId: Id; kind: string; refId: Id };
  blade_flow_history: {
    id: Id;
    tenantId: string;
    instanceId: Id;
    activityId: string;
    activityName: string;
    activityType: string;
    taskId: Opt<Id>;
    assignee: Opt<Id>;
    startTime: Timestamp;
    endTime: NullableTimestamp;
    durationMs: ColumnType<string | number | null, number | null | undefined, number | null>;
    comment: Opt<string>;
  };
  blade_process_leave: CommonColumns & {
    processDefinitionId: string;
    processInstanceId: Opt<Id>;
    startTime: Timestamp;
    endTime: Timestamp;
    days: ColumnType<string | number, number, number>;
    reason: string;
    taskUser: Id;
    applyUser: Id;
    applyTime: Timestamp;
    flowStatus: Defaulted<string>;
  };
}
