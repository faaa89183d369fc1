import type { ColumnType } from 'kysely';
import type { CommonColumns } from './schema-common.js';

/** Kysely's view of the mobile application tables and the blog (migration 24). */
type Id = string;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Row<T> = CommonColumns & T;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface AppManageTables {
  blade_app_manage: Row<{
    appName: string;
    appCategory: string;
    appPackage: Opt<string>;
    appIcon: Opt<string>;
    appDescription: Opt<string>;
    sort: Opt<number>;
  }>;
  blade_app_member_manage: Row<{ appManageId: Id; userId: Id; whetherCreator: Defaulted<number> }>;
  blade_app_version_manage: Row<{
    appId: Id;
    appType: number;
    versionName: string;
    versionCode: number;
    updateContent: Opt<string>;
    forceUpdate: Defaulted<number>;
    whetherRealease: Defaulted<number>;
    releaseTime: NullableTimestamp;
    packageLink: Opt<string>;
    packageName: Opt<string>;
    packageOriginalName: Opt<string>;
    packageSize: Opt<string | number>;
    packageSha256: Opt<string>;
  }>;
  blade_app_download_record: Row<{
    appId: Id;
    versionId: Id;
    appType: number;
    versionName: Opt<string>;
    downloadIp: Opt<string>;
    userAgent: Opt<string>;
  }>;
  blade_app_start_log: Row<{
    appId: Id;
    osName: Opt<string>;
    deviceType: Opt<string>;
    deviceBrand: Opt<string>;
    appVersion: Opt<string>;
    startIp: Opt<string>;
  }>;
  blade_app_daily_count: {
    tenantId: string;
    dimension: string;
    day: ColumnType<string, string, string>;
    appId: Id;
    value: string;
    count: number;
  };
  /** The daily counts of all the applications of a tenant together. */
  blade_app_daily_total: {
    tenantId: string;
    dimension: string;
    day: ColumnType<string, string, string>;
    value: string;
    count: number;
  };
  blade_blog: Row<{
    blogCategory: string;
    blogTitle: string;
    blogContent: Opt<string>;
    blogDate: NullableTimestamp;
  }>;
}
