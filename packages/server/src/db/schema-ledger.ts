import type { ColumnType } from 'kysely';
import type { CommonColumns } from './schema-common.js';

/** Kysely's view of the application ledger's tables (migration 23). */
type Id = string;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Flag = ColumnType<number, number | undefined, number>;
type Row<T> = CommonColumns & T;

export interface LedgerTables {
  blade_app_parameter: Row<{
    appName: string;
    appId: Opt<Id>;
    deptName: Opt<string>;
    ownerName: Opt<string>;
    contactPhone: Opt<string>;
    vendor: Opt<string>;
    version: Opt<string>;
    deployMode: Opt<string>;
    techStack: Opt<string>;
    databaseType: Opt<string>;
    serverInfo: Opt<string>;
    onlineDate: Opt<string>;
    userScale: Opt<number>;
    description: Opt<string>;
    icon: Opt<string>;
    isRecommend: Flag;
    sort: Flag;
    isCheck: Flag;
    isShelf: Flag;
    nameInitials: Opt<string>;
    namePinyin: Opt<string>;
  }>;
  blade_app_parameter_comments: Row<{ appParameterId: Id; content: string; userId: Opt<Id>; userName: Opt<string> }>;
  blade_app_parameter_like: Row<{ appParameterId: Id; userId: Id; userName: Opt<string> }>;
  blade_app_parameter_log: Row<{ appParameterId: Id; userId: Opt<Id>; account: Opt<string>; userName: Opt<string> }>;
  blade_app_network: Row<{
    systemName: string;
    appParameterId: Opt<Id>;
    networkZone: Opt<string>;
    exposure: Flag;
    protectionLevel: Opt<number>;
    lastAssessment: Opt<string>;
    findings: Opt<string>;
    nameInitials: Opt<string>;
    namePinyin: Opt<string>;
  }>;
}
