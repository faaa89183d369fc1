import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the SAML identity provider's tables (migration 43). */
type Id = string;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SamlTables {
  /** A tenant's signing key: `current` signs, `next` is published ahead of a rotation, `retired` no longer used. */
  sso_saml_key: { id: string; tenantId: string; state: string; privateKey: string; certificate: string; createdAt: Generated<Date> };
  /** A checked AuthnRequest or LogoutRequest waiting for the sign-in page, by a random key. */
  sso_saml_message: { id: string; kind: string; tenantId: string; appId: Id; payload: string; expiresAt: Timestamp };
  /** An AuthnRequest ID already accepted from a service provider. */
  sso_saml_request_seen: { tenantId: string; appId: Id; requestId: string; expiresAt: Timestamp };
  /** A response issued from a platform session: where a LogoutRequest goes when the session ends. */
  sso_saml_sign_on: {
    sessionIndex: string;
    sessionId: Id;
    appId: Id;
    tenantId: string;
    nameId: string;
    nameIdFormat: string;
    expiresAt: Timestamp;
    createdAt: Generated<Date>;
  };
}
