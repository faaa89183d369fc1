import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { toCamel } from '../kernel/rows.js';

/** Column types answered as text: an empty one is "" (dates too: BladeX writes them as text). */
const TEXT_TYPES = new Set(['text', 'character varying', 'character', 'timestamp with time zone', 'timestamp without time zone', 'date']);
/** bigint columns that hold ids (strings in every answer), not counts or sizes. */
const ID_COLUMN = /(^id$|_id$|^create_user$|^update_user$|^create_dept$)/;

const textColumnsByTable = new Map<string, Promise<Set<string>>>();

/**
 * The camelCase columns of a table whose empty value answers "" rather than null. Read once per
 * table from the catalogue: the schema is fixed once the migrations ran.
 */
export function textColumnsOf(ctx: AppContext, table: string): Promise<Set<string>> {
  let columns = textColumnsByTable.get(table);
  if (!columns) {
    columns = sql<{ columnName: string; dataType: string }>`select column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`
      .execute(ctx.db)
      .then(({ rows }) => {
        // The CamelCasePlugin renames the result's fields (not their values).
        const text = rows.filter((c) => TEXT_TYPES.has(c.dataType) || (c.dataType === 'bigint' && ID_COLUMN.test(c.columnName)));
        return new Set(text.map((c) => toCamel(c.columnName)));
      });
    columns.catch(() => textColumnsByTable.delete(table));
    textColumnsByTable.set(table, columns);
  }
  return columns;
}

/**
 * BladeX answers null text and ids as "" (its Jackson null-to-empty setting) and Saber relies on
 * it (`postId.split(",")`): every null under a text column of the resource's table becomes "",
 * in rows, pages and trees alike. Numbers and booleans keep null.
 */
export function emptyNullText<T>(data: T, textColumns: Set<string>): T {
  if (Array.isArray(data)) {
    for (const item of data) emptyNullText(item, textColumns);
  } else if (data !== null && typeof data === 'object' && Object.getPrototypeOf(data) === Object.prototype) {
    const row = data as Record<string, unknown>;
    for (const [key, value] of Object.entries(row)) {
      if (value === null) {
        if (textColumns.has(key)) row[key] = '';
      } else if (typeof value === 'object') emptyNullText(value, textColumns);
    }
  }
  return data;
}
