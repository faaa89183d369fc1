import type { ColumnType } from 'kysely';
import type { CommonColumns } from './schema-common.js';

/** Kysely's view of the access request tables (migration 25). */
type Id = string;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Row<T> = CommonColumns & T;

export interface AccessRequestTables {
  blade_app_workflow: Row<{ workflowName: string; appId: Id; appRoleId: Opt<Id>; remark: Opt<string> }>;
  blade_app_workflow_node: Row<{
    workflowId: Id;
    nodeName: string;
    sort: ColumnType<number, number | undefined, number>;
    approverKind: string;
    approverUserId: Opt<Id>;
    approverRoleId: Opt<Id>;
  }>;
  blade_app_workflow_matter: Row<{
    workflowId: Id;
    appId: Id;
    appRoleId: Id;
    requesterId: Id;
    reason: string;
    expireTime: NullableTimestamp;
    matterStatus: ColumnType<string, string | undefined, string>;
    currentNodeId: Opt<Id>;
    currentSort: Opt<number>;
    currentApprovers: Opt<string>;
    finishTime: NullableTimestamp;
  }>;
  blade_app_workflow_matter_log: Row<{
    matterId: Id;
    nodeId: Opt<Id>;
    nodeName: Opt<string>;
    actorId: Id;
    action: string;
    comment: Opt<string>;
  }>;
}
