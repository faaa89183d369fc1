import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the CAS single logout and renew tables (migration 32). */
type Id = string;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CasTables {
  /** A service ticket issued from a platform session: where its logout request goes when the session ends. */
  sso_cas_sign_on: {
    ticket: string;
    sessionId: Id;
    appId: Id;
    tenantId: string;
    service: string;
    /** The user the ticket names (`cas:user`), the NameID of the logout request. */
    principal: string;
    expiresAt: Timestamp;
    createdAt: Generated<Date>;
  };
  /** A session just opened by a credential presented in its sign-in, and that sign-in's access token (jti), until spent or expired. */
  sso_fresh_sign_in: { sessionId: Id; tokenId: string; expiresAt: Timestamp };
}
