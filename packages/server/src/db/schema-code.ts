import type { ColumnType } from 'kysely';
import type { CommonColumns } from './schema-common.js';

/** Kysely's view of the code generation records (migration 40). */
type Id = string;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Flag = ColumnType<number, number | undefined, number>;

export interface CodeTables {
  blade_code: CommonColumns & {
    datasourceId: Id;
    codeName: string;
    serviceName: string;
    tableName: string;
    tablePrefix: Opt<string>;
    pkName: string;
    packageName: string;
    baseMode: Flag;
    wrapMode: Flag;
    apiPath: string;
    webPath: string;
    /** The column settings as JSON (written as its text, read back parsed). */
    fields: ColumnType<unknown, string | null | undefined, string | null>;
  };
}
