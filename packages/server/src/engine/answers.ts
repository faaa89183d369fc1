import type { EndpointsDef, ResourceDef } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import { messageInEnglish } from '../http/language.js';
import type { Caller } from '../kernel/caller.js';
import { emptyNullText, textColumnsOf } from './empty-text.js';
import { fillNames } from './names.js';

type Row = Record<string, unknown>;

/** Extras whose answers are rows of the resource (lists and trees BladeX answers through its wrappers). */
export const ROW_ANSWER_PATHS = new Set([
  'list',
  'page',
  'detail',
  'list-page',
  'lazy-list',
  'menu-list',
  'lazy-menu-list',
  'parent-list',
  'child-list',
]);

const isRow = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The rows of an answer: a row, an array of rows, a page's records, and the children of tree nodes. */
function rowsIn(data: unknown, rows: Row[] = []): Row[] {
  if (Array.isArray(data)) for (const item of data) rowsIn(item, rows);
  else if (isRow(data)) {
    if (Array.isArray(data.records)) return rowsIn(data.records, rows);
    rows.push(data);
    if (Array.isArray(data.children)) rowsIn(data.children, rows);
  }
  return rows;
}

/** The recorded messages of rows (a sign-in's reason, 本机) in English, translated in place. */
function translateMessageColumns(def: ResourceDef, rows: Row[]): void {
  for (const row of rows) {
    for (const column of def.messageColumns) {
      const value = row[column];
      if (typeof value === 'string' && value) row[column] = messageInEnglish(value);
    }
  }
}

/**
 * What every answer of a resource goes through before the envelope: its display names (for
 * answers made of its rows; dictionary and per-value labels in English for an English caller),
 * its recorded messages in the caller's language, and "" for its empty text columns.
 */
export function answerOf(ctx: AppContext, def: ResourceDef) {
  return async <T>(data: T, caller: Caller | undefined, withNames: boolean, english = false): Promise<T> => {
    // Names are for signed-in callers: they read other rows (of the caller's tenant).
    if (withNames && caller) await fillNames(ctx, def, caller, rowsIn(data), english);
    if (english && def.messageColumns.length) translateMessageColumns(def, rowsIn(data));
    return emptyNullText(data, await textColumnsOf(ctx, def.table));
  };
}

/**
 * What every answer of an endpoint group goes through: "" for the empty text columns of the table
 * whose rows it answers, when it names one (no display names: it declares none).
 */
export function endpointAnswerOf(ctx: AppContext, def: EndpointsDef) {
  const none = new Set<string>();
  return async <T>(data: T): Promise<T> => emptyNullText(data, def.rowsOf ? await textColumnsOf(ctx, def.rowsOf) : none);
}
