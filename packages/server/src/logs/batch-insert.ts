import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Entry, LogTable } from './log-recorder.js';

/** Log columns that are not text, for the casts of the JSON values. */
const COLUMN_TYPES: Record<string, string> = {
  id: 'bigint',
  createUser: 'bigint',
  createDept: 'bigint',
  createTime: 'timestamptz',
  resultCode: 'int',
  success: 'int',
  status: 'int',
  isDeleted: 'int',
  lineNumber: 'int',
};
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * One insert of many rows bound as a single JSON parameter: far cheaper to parse and bind than
 * thousands of parameters, which matters when the database shares this thread (PGlite). Values
 * the whole batch shares (host, environment, status…) are bound once instead of per row.
 */
export async function insertRows(db: Db, table: LogTable, rows: Entry[]): Promise<void> {
  const names = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const first = rows[0] ?? {};
  const shared = names.filter((n) => rows.every((row) => row[n] === first[n]) && !(first[n] instanceof Date));
  const varying = names.filter((n) => !shared.includes(n));
  const json = JSON.stringify(rows.map((row) => varying.map((n) => row[n] ?? null)));
  const columns = sql.join([...varying, ...shared].map((n) => sql.id(snake(n))));
  const values = sql.join([
    ...varying.map((n, i) => sql.raw(`(r->>${i})::${COLUMN_TYPES[n] ?? 'text'}`)),
    ...shared.map((n) => sql`${first[n] ?? null}::${sql.raw(COLUMN_TYPES[n] ?? 'text')}`),
  ]);
  await sql`insert into ${sql.table(table)} (${columns})
    select ${values} from json_array_elements(${json}::json) r`.execute(db);
}
