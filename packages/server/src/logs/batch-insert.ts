import { sql } from 'kysely';
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

/**
 * One insert of many rows: each column travels as one array parameter and `unnest` turns them
 * back into rows. Parsing arrays is the cheapest path into PGlite (it shares this thread), and
 * encoding them costs the client about a microsecond a row. `constants` (numbers are int columns) are
 * bound once.
 */
export async function insertColumns(
  db: Db,
  table: string,
  columns: Column[],
  rows: Value[][],
  constants: Record<string, Value>,
): Promise<void> {
  const arrays = columns.map((column, i) => {
    const type = column.type === 'timestamptz' ? 'float8' : column.type;
    return sql`${arrayParam(rows.map((row) => row[i] ?? null))}::${sql.raw(type)}[]`;
  });
  const picks = columns.map((column, i) => sql.raw(column.type === 'timestamptz' ? `to_timestamp(c${i} / 1000.0)` : `c${i}`));
  const names = [...columns.map((c) => c.name), ...Object.keys(constants)];
  await sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.id(n)))})
    select ${sql.join([...picks, ...Object.values(constants).map((v) => sql`${v}::${sql.raw(typeof v === 'number' ? 'int' : 'text')}`)])}
    from unnest(${sql.join(arrays)}) as u(${sql.raw(columns.map((_, i) => `c${i}`).join(', '))})`.execute(db);
}
