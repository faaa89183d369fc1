import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.js';

export type Value = string | number | null;
export interface Column {
  name: string;
  type: 'bigint' | 'int' | 'text';
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

const sqlType = (column: Column) => sql.raw(column.type);

/** A batch of log rows, column by column: row i is `at[i]` and `columns[k][i]`. */
export interface ColumnBatch {
  /** The first of at.length consecutive ids (IdGenerator.reserve): row i gets firstId + i. */
  firstId: bigint;
  /** create_time of each row, epoch milliseconds. */
  at: number[];
  columns: Value[][];
}

/**
 * One insert of many rows: each column travels as one array parameter and `unnest` turns them
 * back into rows; a column whose value all rows share (tenant, user, method… of a busy client)
 * is bound once instead, and ids are counted from the first by the database. Parsing arrays is
 * the cheapest path into PGlite, which shares this thread, and costs it about a microsecond per
 * value; encoding them costs the client less. `constants` (numbers are int columns) are bound once.
 */
export async function insertColumns(
  db: Db,
  table: string,
  columns: Column[],
  batch: ColumnBatch,
  constants: Record<string, Value>,
): Promise<void> {
  await insertColumnsStatement(table, columns, batch, constants).execute(db);
}

/** How the audit chain's insert differs: every column set by the writer, and rows written only if a condition holds. */
export interface InsertShape {
  /** update_time is create_time (else the database's clock at the transaction's start). */
  updateTimeIsCreateTime?: boolean;
  /** A condition on the whole statement (e.g. that the chain's head moved): no row is written unless it holds. */
  onlyIf?: RawBuilder<unknown>;
}

/** The insert of insertColumns, unsent: a writer may make it part of a larger statement (the audit chain's). */
export function insertColumnsStatement(
  table: string,
  columns: Column[],
  batch: ColumnBatch,
  constants: Record<string, Value>,
  shape: InsertShape = {},
): RawBuilder<unknown> {
  // create_time is always an array: unnest needs one to yield the rows.
  const arrays: RawBuilder<unknown>[] = [sql`${arrayParam(batch.at)}::float8[]`];
  const picks = columns.map((column, i) => {
    const values = batch.columns[i] ?? [];
    const first = values[0] ?? null;
    if (values.every((value) => (value ?? null) === first)) return sql`${first}::${sqlType(column)}`;
    arrays.push(sql`${arrayParam(values)}::${sqlType(column)}[]`);
    return sql.raw(`c${arrays.length - 1}`);
  });
  const fixed = Object.values(constants).map((v) => sql`${v}::${sql.raw(typeof v === 'number' ? 'int' : 'text')}`);
  const times = shape.updateTimeIsCreateTime ? ['create_time', 'update_time'] : ['create_time'];
  const names = ['id', ...times, ...columns.map((c) => c.name), ...Object.keys(constants)];
  const aliases = arrays.map((_, i) => `c${i}`);
  const stamps = sql.raw(times.map(() => 'to_timestamp(c0 / 1000.0)').join(', '));
  const condition = shape.onlyIf ? sql` where ${shape.onlyIf}` : sql``;
  return sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.id(n)))})
    select ${sql`${batch.firstId.toString()}::bigint + n - 1`}, ${stamps}, ${sql.join([...picks, ...fixed])}
    from unnest(${sql.join(arrays)}) with ordinality as u(${sql.raw([...aliases, 'n'].join(', '))})${condition}`;
}
