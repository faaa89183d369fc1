import type { ColumnType } from 'kysely';

/** Kysely's view of the SCIM provisioning tables (migration 44). */
export interface ScimTables {
  blade_scim_token: {
    appId: string;
    tenantId: string;
    tokenHash: string;
    createUser: string;
    createTime: ColumnType<Date, Date | string | undefined, Date | string>;
  };
  /** kind: `user`, `dept` or `role`; local_id the row's id. */
  blade_scim_external: { appId: string; kind: string; localId: string; externalId: string };
}
