import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.js';

export type Value = string | number | null;
export interface Column {
  name: string;
  /** `timestamptz` columns take epoch milliseconds. */
  type: 'bigint' | 'int' | 'text' | 'timestamptz';
}

/**
 * A `text[]`-style array literal made by the native JSON.stringify: its output is valid array
 * syntax as long as it holds no escape but `\"` and `\\`. A value with a control character
 * or a lone surrogate falls back to the driver's own (slower) array encoding.
 */
function arrayParam(values: Value[]): string | Value[] {
  const json = JSON.stringify(values);
  return /\\[^"\\]/.test(json) ? values : `{${json.slice(1, -1)}}`;
}

const sqlType = (column: Column) => sql.raw(column.type === 'timestamptz' ? 'float8' : column.type);
const toColumn = (column: Column, value: RawBuilder<unknown>) =>
  column.type === 'timestamptz' ? sql`to_timestamp(${value} / 1000.0)` : value;

/**
 * One insert of many rows: each column travels as one array parameter and `unnest` turns them
 * back into rows; a column whose value all rows share (tenant, user, method… of a busy client)
 * is bound once instead (never the first, the ids, so that unnest yields the rows). Parsing arrays is the cheapest path into PGlite, which shares this
 * thread, and costs it about a microsecond per value; encoding them costs the client less.
 * `constants` (numbers are int columns) are bound once.
 */
export async function insertColumns(
  db: Db,
  table: string,
  columns: Column[],
  rows: Value[][],
  constants: Record<string, Value>,
): Promise<void> {
  const arrays: RawBuilder<unknown>[] = [];
  const picks = columns.map((column, i) => {
    const first = rows[0]?.[i] ?? null;
    if (i > 0 && rows.every((row) => (row[i] ?? null) === first)) return toColumn(column, sql`${first}::${sqlType(column)}`);
    arrays.push(sql`${arrayParam(rows.map((row) => row[i] ?? null))}::${sqlType(column)}[]`);
    return toColumn(column, sql.raw(`c${arrays.length - 1}`));
  });
  const fixed = Object.values(constants).map((v) => sql`${v}::${sql.raw(typeof v === 'number' ? 'int' : 'text')}`);
  const names = [...columns.map((c) => c.name), ...Object.keys(constants)];
  await sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.id(n)))})
    select ${sql.join([...picks, ...fixed])}
    from unnest(${sql.join(arrays)}) as u(${sql.raw(arrays.map((_, i) => `c${i}`).join(', '))})`.execute(db);
}
