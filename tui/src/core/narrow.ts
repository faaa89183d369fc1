import type { ResourceDef } from '@sso/shared-api';
import { cellText } from './resource-view.js';

/**
 * The one filter field of a table the server offers no search for: text in any column shown. It
 * narrows the rows read, and is never sent.
 */
export const ANY_COLUMN = '*';

/** The typed filter values, blank ones left out. */
export const typedFilters = (values: Record<string, string>): [string, string][] =>
  Object.entries(values).filter(([, value]) => value !== '');

/**
 * Whether a row passes the typed filter as the server would filter it, so the rows narrow as each
 * character is typed and Enter's answer agrees: an `eq` filter (a choice) holds the value, any
 * other contains the text whatever its case; the any-column field is contained in one of the
 * columns shown, as shown (a role's name, not its id).
 */
export function rowPasses(def: ResourceDef, row: Record<string, unknown>, values: Record<string, string>, shown: readonly string[]) {
  const contains = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());
  return typedFilters(values).every(([prop, value]) => {
    if (prop === ANY_COLUMN) return shown.some((column) => contains(cellText(def, row, column), value));
    const cell = row[prop] === null || row[prop] === undefined ? '' : String(row[prop]);
    return def.filters[prop] === 'eq' ? cell === value : contains(cell, value);
  });
}
