import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the second-factor and SM2 tables (migration 21), passkeys (46) and the audit chain (47). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface SignInTables {
  sso_totp: {
    userId: string;
    tenantId: string;
    secret: string;
    confirmedAt: NullableTimestamp;
    lastCounter: ColumnType<string | null, number | string | null | undefined, number | string | null>;
    createdAt: Generated<Date>;
  };
  sso_totp_recovery: { userId: string; codeHash: string; usedAt: NullableTimestamp };
  sso_mfa_ticket: {
    idHash: string;
    tenantId: string;
    userId: string;
    payload: string;
    attempts: ColumnType<number, number | undefined, number>;
    expiresAt: Timestamp;
    createdAt: Generated<Date>;
  };
  sso_sm2_key: { id: number; privateKey: string; publicKey: string; createdAt: Generated<Date> };
  sso_passkey: {
    id: string;
    tenantId: string;
    userId: string;
    credentialId: string;
    publicKey: string;
    counter: ColumnType<string, number | string | undefined, number | string>;
    transports: string | null;
    name: string;
    backedUp: ColumnType<number, number | undefined, number>;
    createTime: Generated<Date>;
    lastUsedTime: NullableTimestamp;
  };
  blade_log_chain: {
    tenantId: string;
    seq: ColumnType<string, number | string, number | string>;
    logTable: string;
    logId: string;
    digest: string;
    prevHash: string;
    hash: string;
    createTime: Generated<Date>;
  };
  blade_log_chain_head: {
    tenantId: string;
    seq: ColumnType<string, number | string, number | string>;
    hash: string;
    startedAt: Generated<Date>;
    purgedSeq: ColumnType<string, number | string | undefined, number | string>;
  };
  sso_passkey_challenge: { challenge: string; purpose: string; tenantId: string; userId: string | null; expiresAt: Timestamp };
}
