import type { ColumnType, Generated } from 'kysely';
import type { CommonColumns } from './schema-common.js';

/** Kysely's view of the social sign-in tables (migration 22). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface SocialTables {
  blade_social_provider: CommonColumns & {
    kind: string;
    name: string;
    clientId: string;
    clientSecret: Opt<string>;
    discoveryUrl: Opt<string>;
    authorizeUrl: Opt<string>;
    apiUrl: Opt<string>;
    scopes: Opt<string>;
    corpId: Opt<string>;
    agentId: Opt<string>;
    enabled: ColumnType<number, number | undefined, number>;
    sort: ColumnType<number, number | undefined, number>;
    remark: Opt<string>;
  };
  sso_social_state: {
    state: string;
    tenantId: string;
    providerId: string;
    nonce: string;
    codeVerifier: string;
    redirectUri: string;
    bindUserId: Opt<string>;
    codeHash: Opt<string>;
    oauthId: Opt<string>;
    expiresAt: Timestamp;
    createdAt: Generated<Date>;
  };
}
