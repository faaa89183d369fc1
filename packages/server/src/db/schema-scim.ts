import type { ColumnType } from 'kysely';

/** Kysely's view of the SCIM provisioning tokens (migration 44). */
export interface ScimTables {
  blade_scim_token: {
    appId: string;
    tenantId: string;
    tokenHash: string;
    createUser: string;
    createTime: ColumnType<Date, Date | string | undefined, Date | string>;
  };
}
