import type { ColumnType } from 'kysely';
import type { AppAuthzTables } from './schema-app-authz.js';
import type { CommonColumns } from './schema-common.js';

/** Kysely's view of the application tables (migration 15). */
type Id = string;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Row<T> = CommonColumns & T;

/** The application tables, and those of authorization inside applications. */
export interface ApplicationTables extends AppAuthzTables {
  blade_app: Row<{
    appCode: string;
    appName: string;
    appType: Opt<string>;
    appCategory: Opt<string>;
    appUrl: Opt<string>;
    redirectUris: Opt<string>;
    backchannelLogoutUri: Opt<string>;
    protocol: ColumnType<string, string | undefined, string>;
    icon: Opt<string>;
    color: Opt<string>;
    description: Opt<string>;
    ownerId: Opt<Id>;
    sort: ColumnType<number, number | undefined, number>;
    visibility: ColumnType<number, number | undefined, number>;
    /** 1: its OpenID Connect tokens carry the user's app_roles and app_functions. */
    permissionClaims: ColumnType<number, number | undefined, number>;
    clientSecret: Opt<string>;
    datasourceId: Opt<Id>;
    nameInitials: Opt<string>;
    namePinyin: Opt<string>;
    /** A `token` application: `token` hands a token over in the address, `code` a one-time code (migration 18). */
    handoffMode: ColumnType<string, string | undefined, string>;
    /** A `cas` application: 1 is sent a logout request when a session that signed on to it ends, 0 is not (migration 32). */
    casSingleLogout: ColumnType<number, number | undefined, number>;
    /** A `saml` application's service provider (migration 43). */
    samlEntityId: Opt<string>;
    samlSpCertificate: Opt<string>;
    samlNameIdFormat: Opt<string>;
    samlSigning: Opt<string>;
    samlEncryptAssertion: ColumnType<number, number | undefined, number>;
    samlMetadataUrl: Opt<string>;
    /** The service provider's metadata as pasted: read on save like the document at samlMetadataUrl. */
    samlMetadataXml: Opt<string>;
    /** Where the service provider takes logout requests (SOAP or HTTP-Redirect), from its metadata. */
    samlLogoutUrl: Opt<string>;
  }>;
  blade_app_user: Row<{ appId: Id; userId: Opt<Id>; roleId: Opt<Id>; deptId: Opt<Id> }>;
  blade_app_login_log: Row<{
    appId: Id;
    appCode: string;
    appName: Opt<string>;
    appType: Opt<string>;
    userId: Opt<Id>;
    account: Opt<string>;
    name: Opt<string>;
    loginTime: Timestamp;
    loginIp: Opt<string>;
    loginCity: Opt<string>;
  }>;
  blade_app_favorites: Row<{ appId: Id; userId: Id }>;
  blade_app_recent: {
    id: Id;
    tenantId: string;
    userId: Id;
    appId: Id;
    visitTime: Timestamp;
    visitCount: ColumnType<number, number | undefined, number>;
  };
  blade_friendly_link: Row<{
    linkName: string;
    linkUrl: string;
    icon: Opt<string>;
    sort: ColumnType<number, number | undefined, number>;
    remark: Opt<string>;
  }>;
}
