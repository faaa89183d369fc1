import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Writes of many rows in one statement each, for the sync's batches: a statement per row made a
 * full sync of tens of thousands of people spend its time in round trips to the database.
 *
 * These statements are raw SQL, so the personal-data handle neither encrypts nor indexes what they
 * write: they must never set a protected column (a user's phone or email). The sync writes those
 * through the query builder, row by row, and only when the value changed.
 */

type Db = Kysely<Database>;

/** A column of a `values` list: its snake_case name and the SQL type its values are cast to. */
export interface ValuesColumn {
  name: string;
  type: 'bigint' | 'int' | 'varchar' | 'text';
}

/** Column names are fixed by the callers (never input): refused unless a plain snake_case name. */
const columnName = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a column name: ${name}`);
  return sql.raw(name);
};

/** `(values (…), (…)) as v(a, b)`, each value cast to its column's type so that a null or a number reads as the column. */
function valuesList(columns: readonly ValuesColumn[], rows: readonly (readonly unknown[])[]): RawBuilder<unknown> {
  const list = sql.join(
    rows.map((row) => sql`(${sql.join(columns.map((column, at) => sql`cast(${row[at] ?? null} as ${sql.raw(column.type)})`))})`),
  );
  return sql`(values ${list}) as v(${sql.join(columns.map((column) => columnName(column.name)))})`;
}

/**
 * `update <table> set c = v.c, … from (values …) where <table>.id = v.id`: each row its own
 * values, matched by the first column (the id). `fixed` adds the same value to every row (who
 * wrote it and when). Only rows of the tenant are touched.
 */
export async function updateRows(
  db: Db,
  table: 'blade_user' | 'blade_dept',
  tenantId: string,
  columns: readonly ValuesColumn[],
  rows: readonly (readonly unknown[])[],
  fixed: Record<string, unknown> = {},
): Promise<void> {
  if (!rows.length) return;
  const [key, ...set] = columns;
  if (!key) return;
  const assignments = [
    ...set.map((column) => sql`${columnName(column.name)} = v.${columnName(column.name)}`),
    ...Object.entries(fixed).map(([name, value]) => sql`${columnName(name)} = ${value}`),
  ];
  await sql`update ${sql.raw(table)} as t set ${sql.join(assignments)} from ${valuesList(columns, rows)}
    where t.${columnName(key.name)} = v.${columnName(key.name)} and t.tenant_id = ${tenantId}`.execute(db);
}
