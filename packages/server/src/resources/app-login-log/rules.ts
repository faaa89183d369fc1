import { sql } from 'kysely';
import type { ResourceRules } from '../../engine/types.js';

const COLUMNS: Record<string, string> = { appCode: 'app_code', account: 'account' };
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The login log grows by one row per open (millions in a year): its code and account searches
 * match from the start of the value, which an index (migration 18) answers without reading the
 * whole log, as a contains-search would.
 */
export const appLoginLogRules: ResourceRules = {
  listFilter({ query, column, value }) {
    const name = COLUMNS[column];
    const text = String(value ?? '').trim();
    if (!name || !text) return query;
    return query.where(sql.ref(name), 'like', `${escapeLike(text)}%`);
  },
};
