import type { ColumnType } from 'kysely';
import type { CommonColumns } from './schema-common.js';

/** Kysely's view of the tables of authorization inside applications (migration 19). */
type Id = string;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Num = ColumnType<number, number | undefined, number>;
type Row<T> = CommonColumns & T;

export interface AppAuthzTables {
  blade_app_menu: Row<{
    appId: Id;
    parentId: ColumnType<Id, Id | undefined, Id>;
    code: string;
    name: string;
    alias: Opt<string>;
    path: Opt<string>;
    source: Opt<string>;
    sort: Num;
    category: Num;
    remark: Opt<string>;
  }>;
  blade_app_menu_function: Row<{ appId: Id; menuId: Id; functionCode: string; functionName: string; sort: Num; remark: Opt<string> }>;
  blade_app_role: Row<{ appId: Id; roleName: string; roleAlias: string; sort: Num; remark: Opt<string> }>;
  blade_app_role_menu: Row<{ appRoleId: Id; menuId: Id }>;
  blade_app_role_function: Row<{ appRoleId: Id; functionId: Id }>;
  blade_user_authorized_role: Row<{
    userId: Id;
    appId: Id;
    appRoleId: Id;
    expireTime: NullableTimestamp;
    source: ColumnType<string, string | undefined, string>;
    requestId: Opt<Id>;
    reason: Opt<string>;
  }>;
  blade_user_authorized_menu: Row<{
    userId: Id;
    appId: Id;
    menuId: Id;
    expireTime: NullableTimestamp;
    source: ColumnType<string, string | undefined, string>;
    reason: Opt<string>;
  }>;
  blade_user_authorized_function: Row<{
    userId: Id;
    appId: Id;
    functionId: Id;
    expireTime: NullableTimestamp;
    source: ColumnType<string, string | undefined, string>;
    reason: Opt<string>;
  }>;
  blade_user_authorized_log: Row<{
    userId: Opt<Id>;
    account: Opt<string>;
    appId: Opt<Id>;
    action: string;
    kind: string;
    targetId: Opt<Id>;
    targetName: Opt<string>;
    source: Opt<string>;
    reason: Opt<string>;
    requestId: Opt<Id>;
    expireTime: NullableTimestamp;
    operatorId: Opt<Id>;
    operatorAccount: Opt<string>;
  }>;
  blade_app_incompatible_rule: Row<{ ruleName: string; appRoleIds: string; remark: Opt<string> }>;
  blade_app_incompatible_log: Row<{
    ruleId: Opt<Id>;
    ruleName: Opt<string>;
    userId: Opt<Id>;
    account: Opt<string>;
    appRoleIds: Opt<string>;
    roleNames: Opt<string>;
    kind: string;
    source: Opt<string>;
    message: Opt<string>;
    operatorAccount: Opt<string>;
  }>;
}
