import type { ColumnType } from 'kysely';

type Id = string;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** The columns every BladeX table has (ids, tenant, audit stamps, status, soft delete). */
export interface CommonColumns {
  id: Id;
  tenantId: ColumnType<string, string | undefined, string>;
  createUser: Id | null;
  createDept: Id | null;
  createTime: Timestamp;
  updateUser: Id | null;
  updateTime: Timestamp;
  status: ColumnType<number, number | undefined, number>;
  isDeleted: ColumnType<number, number | undefined, number>;
}
