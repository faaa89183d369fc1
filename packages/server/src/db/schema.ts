import type { ColumnType, Generated } from 'kysely';
import type { AccessRequestTables } from './schema-access-requests.js';
import type { AppManageTables } from './schema-app-manage.js';
import type { ApplicationTables } from './schema-applications.js';
import type { CasTables } from './schema-cas.js';
import type { CodeTables } from './schema-code.js';
import type { CommonColumns } from './schema-common.js';
import type { LedgerTables } from './schema-ledger.js';
import type { SamlTables } from './schema-saml.js';
import type { ScimTables } from './schema-scim.js';
import type { SignInTables } from './schema-sign-in.js';
import type { SocialTables } from './schema-social.js';
import type { SyncTables } from './schema-sync.js';
import type { WechatTables } from './schema-wechat.js';
import type { WorkflowTables } from './schema-workflow.js';

/** Kysely's view of the tables (camelCase; the CamelCasePlugin maps to snake_case columns). */
type Id = string;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

type Row<T> = CommonColumns & T;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface Database
  extends AppManageTables,
    ApplicationTables,
    AccessRequestTables,
    SignInTables,
    SocialTables,
    LedgerTables,
    CasTables,
    SamlTables,
    CodeTables,
    WorkflowTables,
    WechatTables,
    SyncTables,
    ScimTables {
  sso_migration: { version: number; name: string; appliedAt: Timestamp };
  /** Signed callbacks seen lately, per channel and key (migration 55; net/callback-replay.ts). */
  blade_callback_seen: { channel: string; key: string; nonce: string; timestamp: string; seenAt: Timestamp };
  blade_tenant: Row<{
    tenantName: string;
    domain: Opt<string>;
    backgroundUrl: Opt<string>;
    linkman: Opt<string>;
    contactNumber: Opt<string>;
    address: Opt<string>;
    accountNumber: ColumnType<number, number | undefined, number>;
    expireTime: NullableTimestamp;
    packageId: Opt<Id>;
    datasourceId: Opt<Id>;
    licenseKey: Opt<string>;
  }>;
  blade_user: Row<{
    code: Opt<string>;
    userType: ColumnType<number, number | undefined, number>;
    account: string;
    password: string;
    name: Opt<string>;
    realName: Opt<string>;
    avatar: Opt<string>;
    email: Opt<string>;
    phone: Opt<string>;
    birthday: NullableTimestamp;
    sex: Opt<number>;
    roleId: Opt<string>;
    deptId: Opt<string>;
    postId: Opt<string>;
    mustChangePassword: ColumnType<number, number | undefined, number>;
    userExt: Opt<string>;
    // Migration 0049: when the password was last set; the last sign-in or enabling (dormant accounts).
    passwordChangedAt: Timestamp;
    lastActiveAt: NullableTimestamp;
    // Migration 0053: HMAC-SM3 of the plain phone and email while they are stored encrypted.
    phoneIndex: Opt<string>;
    emailIndex: Opt<string>;
  }>;
  // Migration 0049: the hashes of a user's earlier passwords (no reuse), newest last.
  blade_user_password: { id: Generated<string>; tenantId: string; userId: Id; password: string; createTime: Timestamp };
  blade_post: Row<{ category: number; postCode: string; postName: string; sort: number; remark: Opt<string> }>;
  blade_scope_data: Row<{
    menuId: Id;
    resourceCode: string;
    scopeName: string;
    scopeField: Opt<string>;
    scopeClass: Opt<string>;
    scopeColumn: Opt<string>;
    scopeType: number;
    scopeValue: Opt<string>;
    remark: Opt<string>;
  }>;
  blade_scope_api: Row<{ menuId: Id; resourceCode: string; scopeName: string; scopePath: string; scopeType: number; remark: Opt<string> }>;
  /** scope_category 1: data scope, 2: API scope. */
  blade_role_scope: { id: Id; scopeCategory: number; scopeId: Id; roleId: Id };
  blade_region: {
    code: string;
    parentCode: string;
    ancestors: string;
    name: string;
    provinceCode: Opt<string>;
    provinceName: Opt<string>;
    cityCode: Opt<string>;
    cityName: Opt<string>;
    districtCode: Opt<string>;
    districtName: Opt<string>;
    townCode: Opt<string>;
    townName: Opt<string>;
    villageCode: Opt<string>;
    villageName: Opt<string>;
    level: number;
    sort: number;
    remark: Opt<string>;
  };
  blade_datasource: Row<{
    name: string;
    driverClass: string;
    url: string;
    username: Opt<string>;
    password: Opt<string>;
    remark: Opt<string>;
  }>;
  blade_user_oauth: {
    id: Id;
    tenantId: string;
    uuid: Opt<string>;
    userId: Opt<Id>;
    username: Opt<string>;
    nickname: Opt<string>;
    avatar: Opt<string>;
    blog: Opt<string>;
    company: Opt<string>;
    location: Opt<string>;
    email: Opt<string>;
    remark: Opt<string>;
    gender: Opt<string>;
    source: Opt<string>;
    createTime: Timestamp;
    // Migration 0056: HMAC-SM3 of the plain email while it is stored encrypted.
    emailIndex: Opt<string>;
  };
  blade_role: Row<{ parentId: Id; roleName: string; roleAlias: string; sort: number }>;
  blade_role_menu: { id: Id; roleId: Id; menuId: Id };
  blade_dept: Row<{
    parentId: Id;
    ancestors: string;
    deptCategory: number;
    deptName: string;
    fullName: Opt<string>;
    sort: number;
    remark: Opt<string>;
    leaderId: Opt<Id>;
  }>;
  blade_menu: Row<{
    parentId: Id;
    code: string;
    name: string;
    nameEn: Opt<string>;
    alias: Opt<string>;
    path: Opt<string>;
    source: Opt<string>;
    sort: number;
    category: number;
    action: number;
    isOpen: number;
    remark: Opt<string>;
  }>;
  blade_top_menu: Row<{ code: string; name: string; nameEn: Opt<string>; source: Opt<string>; path: Opt<string>; sort: number }>;
  blade_top_menu_setting: { id: Id; topMenuId: Id; menuId: Id };
  blade_tenant_package: Row<{ packageName: string; menuId: string; remark: Opt<string> }>;
  blade_client: Row<{
    clientId: string;
    clientSecret: string;
    resourceIds: Opt<string>;
    scope: string;
    authorizedGrantTypes: string;
    webServerRedirectUri: Opt<string>;
    authorities: Opt<string>;
    accessTokenValidity: number;
    refreshTokenValidity: number;
    additionalInformation: Opt<string>;
    autoapprove: Opt<string>;
  }>;
  blade_dict: Row<DictColumns>;
  blade_dict_biz: Row<DictColumns>;
  blade_param: Row<{ paramName: string; paramKey: string; paramValue: string; remark: Opt<string> }>;
  /** A tenant's own parameter values over the platform's (migration 48). */
  blade_tenant_param: { tenantId: string; paramKey: string; paramValue: string; updateUser: Opt<Id>; updateTime: Timestamp };
  blade_log_error: Row<{
    serviceId: Opt<string>;
    serverHost: Opt<string>;
    serverIp: Opt<string>;
    env: Opt<string>;
    method: Opt<string>;
    requestUri: Opt<string>;
    userAgent: Opt<string>;
    remoteIp: Opt<string>;
    params: Opt<string>;
    stackTrace: Opt<string>;
    exceptionName: Opt<string>;
    message: Opt<string>;
    lineNumber: Opt<number>;
    fileName: Opt<string>;
    createBy: Opt<string>;
  }>;
  blade_log_api: Row<
    LogRequestColumns & {
      type: Opt<string>;
      title: Opt<string>;
      methodClass: Opt<string>;
      methodName: Opt<string>;
      time: Opt<string>;
      resultCode: Opt<number>;
    }
  >;
  blade_log_usual: Row<LogRequestColumns & { logLevel: Opt<string>; logId: Opt<string>; logData: Opt<string> }>;
  blade_log_login: Row<{
    account: Opt<string>;
    clientId: Opt<string>;
    success: number;
    reason: Opt<string>;
    remoteIp: Opt<string>;
    city: Opt<string>;
    userAgent: Opt<string>;
  }>;
  blade_notice: Row<{ title: string; category: number; releaseTime: Timestamp; content: Opt<string> }>;
  sso_data_key: { purpose: string; keyMaterial: string; createdAt: Timestamp };
  // Migration 0053: the keys of personal data at rest.
  sso_personal_key: { id: number; cipherKey: string; indexKey: string; tagged: Generated<number>; createdAt: Generated<Date> };
  // The OpenID Connect provider's stored objects (migration 0016), by model and id.
  sso_oidc_object: {
    model: string;
    id: string;
    payload: string;
    grantId: Opt<string>;
    uid: Opt<string>;
    userCode: Opt<string>;
    accountId: Opt<string>;
    expiresAt: NullableTimestamp;
    consumedAt: NullableTimestamp;
  };
  /** Outcomes of writes sent with an Idempotency-Key, by the hash of caller and key (migration 0034). */
  sso_idempotency: {
    id: string;
    fingerprint: string;
    status: number | null;
    body: string | null;
    createdAt: Generated<Date>;
    expiresAt: Timestamp;
  };
  /** The platform session that made each OpenID Connect grant (migration 0033). */
  sso_oidc_grant_session: { grantId: string; sessionId: string; expiresAt: Timestamp };
  /** CAS service tickets and hand-off codes, by the sha-256 of the ticket; spent by deleting the row. */
  sso_app_ticket: {
    idHash: string;
    kind: string;
    appId: string;
    service: string;
    payload: string;
    expiresAt: Timestamp;
    createdAt: Generated<Date>;
  };
  sso_signing_key: { kid: string; alg: string; privateJwk: string; publicJwk: string; createdAt: Timestamp; active: boolean };
  sso_session: {
    id: Id;
    tenantId: string;
    userId: Id;
    clientId: string;
    roleId: string;
    deptId: string;
    ip: Opt<string>;
    userAgent: Opt<string>;
    createdAt: Timestamp;
    refreshedAt: Timestamp;
    expiresAt: Timestamp;
    revokedAt: NullableTimestamp;
    revokeReason: Opt<string>;
    /** The last request a node wrote down (at most once a minute): the idle limit. */
    lastSeenAt: Timestamp;
  };
  sso_refresh_token: { tokenHash: string; sessionId: Id; createdAt: Timestamp; expiresAt: Timestamp; usedAt: NullableTimestamp };
  // Failed sign-ins (migration 0011): per account and address ('' counts every address), and per address and minute.
  sso_account_failure: {
    tenantId: string;
    account: string;
    ip: string;
    failCount: number;
    firstIp: Opt<string>;
    spread: Generated<number>;
    lockedUntil: NullableTimestamp;
    updatedAt: Timestamp;
  };
  sso_address_failure: { ip: string; minute: number; failures: number };
  // Captcha answers waiting to be checked (migration 0013): hashed, single use, expiring.
  sso_captcha: { key: string; codeHash: string; expiresAt: Timestamp; createdAt: Timestamp };
  // Object storage, attachments, SMS, report files (migration 0008).
  blade_oss: Row<{
    category: number;
    ossCode: Opt<string>;
    endpoint: Opt<string>;
    accessKey: Opt<string>;
    secretKey: Opt<string>;
    bucketName: Opt<string>;
    appId: Opt<string>;
    region: Opt<string>;
    remark: Opt<string>;
  }>;
  blade_attach: Row<{
    link: Opt<string>;
    domain: Opt<string>;
    name: Opt<string>;
    originalName: Opt<string>;
    extension: Opt<string>;
    attachSize: ColumnType<string | number | null, number | null | undefined, number | null>;
  }>;
  blade_sms: Row<{
    category: number;
    smsCode: Opt<string>;
    templateId: Opt<string>;
    accessKey: Opt<string>;
    secretKey: Opt<string>;
    regionId: Opt<string>;
    signName: Opt<string>;
    remark: Opt<string>;
    endpoint: Opt<string>;
    appId: Opt<string>;
  }>;
  blade_sms_log: Row<{
    phone: string;
    smsCode: Opt<string>;
    templateId: Opt<string>;
    content: Opt<string>;
    provider: Opt<string>;
    outcome: Opt<string>;
    requestIp: Opt<string>;
    // Migration 0056: HMAC-SM3 of the plain phone while it is stored encrypted.
    phoneIndex: Opt<string>;
  }>;
  blade_sms_code: {
    id: Id;
    tenantId: string;
    phone: string;
    codeHash: string;
    expireTime: Timestamp;
    used: number;
    attempts: ColumnType<number, number | undefined, number>;
    createTime: Timestamp;
    // Migration 0056: HMAC-SM3 of the plain phone while it is stored encrypted.
    phoneIndex: Opt<string>;
  };
  blade_report_file: Row<{ name: string; content: Opt<string>; link: Opt<string> }>;
}

interface DictColumns {
  parentId: Id;
  code: string;
  dictKey: string;
  dictValue: string;
  /** The label on English screens (migration 31); empty shows dictValue. */
  dictValueEn: Opt<string>;
  sort: number;
  remark: Opt<string>;
  isSealed: number;
}

export type Generate<T> = Generated<T>;

/** The request columns of blade_log_api and blade_log_usual (migration 0007). */
interface LogRequestColumns {
  serviceId: Opt<string>;
  serverHost: Opt<string>;
  serverIp: Opt<string>;
  env: Opt<string>;
  method: Opt<string>;
  requestUri: Opt<string>;
  userAgent: Opt<string>;
  remoteIp: Opt<string>;
  params: Opt<string>;
  createBy: Opt<string>;
}
