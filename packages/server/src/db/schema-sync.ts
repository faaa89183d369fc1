import type { ColumnType } from 'kysely';
import type { CommonColumns } from './schema-common.js';

/** Kysely's view of the directory sync tables (migrations 42, 45, 51 and 54). */
type Id = string;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface SyncTables {
  blade_sync_source: CommonColumns & {
    name: string;
    kind: string;
    schedule: Opt<string>;
    url: Opt<string>;
    bindDn: Opt<string>;
    bindPassword: Opt<string>;
    baseDn: Opt<string>;
    userFilter: Opt<string>;
    groupFilter: Opt<string>;
    accountAttr: Opt<string>;
    codeAttr: Opt<string>;
    corpId: Opt<string>;
    appKey: Opt<string>;
    secret: Opt<string>;
    apiBase: Opt<string>;
    mapping: Opt<string>;
    remark: Opt<string>;
    runOwner: Opt<string>;
    runUntil: NullableTimestamp;
    callbackToken: Opt<string>;
    callbackKey: Opt<string>;
    syncWanted: NullableTimestamp;
    fileName: Opt<string>;
    fileData: Opt<string>;
    fileTime: NullableTimestamp;
    scheduleNext: NullableTimestamp;
    leaverGrants: Defaulted<string>;
  };
  blade_sync_rule: CommonColumns & {
    name: string;
    sourceId: Opt<Id>;
    deptId: Opt<Id>;
    withSubDepts: Defaulted<number>;
    postId: Opt<Id>;
    roleId: Opt<Id>;
    appRoleId: Opt<Id>;
    groupDn: Opt<string>;
    remark: Opt<string>;
  };
  blade_sync_grant: {
    userId: Id;
    kind: string;
    targetId: Id;
    tenantId: string;
    sourceId: Id;
    ruleId: Id;
    owned: Defaulted<number>;
    createdAt: Timestamp;
    /** Set when the grant was refused: the digest of what the refusal depended on (birthright.ts). */
    refused: Opt<string>;
  };
  blade_sync_run: CommonColumns & {
    sourceId: Id;
    dryRun: number;
    outcome: string;
    creates: Defaulted<number>;
    updates: Defaulted<number>;
    moves: Defaulted<number>;
    disables: Defaulted<number>;
    errors: Defaulted<number>;
    durationMs: Defaulted<number>;
    message: Opt<string>;
    errorRows: Opt<string>;
    plan: Opt<string>;
    finishedTime: NullableTimestamp;
  };
  blade_sync_link: {
    sourceId: Id;
    kind: string;
    externalId: string;
    tenantId: string;
    localId: Id;
    gone: Defaulted<number>;
    updatedAt: Timestamp;
    groups: Opt<string>;
  };
}
