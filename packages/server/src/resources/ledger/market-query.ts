import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../kernel/caller.js';
import { formatDateTime } from '../../kernel/rows.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Letters and digits of a search, lower case, as the pinyin columns hold them. */
const letters = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The market's name search on the rows of alias `t`: the name contains the text (any case), or
 * its pinyin initials or full pinyin, computed when the name was saved, contain it (cw, caiwu → 财务系统).
 */
export function nameMatches(t: string, column: 'app_name' | 'system_name', search: string) {
  const text = `%${escapeLike(search.trim())}%`;
  const typed = letters(search);
  if (!typed) return sql<boolean>`${sql.raw(`${t}.${column}`)} ilike ${text}`;
  const pinyin = `%${typed}%`;
  return sql<boolean>`(${sql.raw(`${t}.${column}`)} ilike ${text} or ${sql.raw(`${t}.name_initials`)} like ${pinyin} or ${sql.raw(`${t}.name_pinyin`)} like ${pinyin})`;
}

/** Entries on the market: the tenant's live entries that are reviewed and shelved. */
export function marketEntries(db: Kysely<Database>, caller: Caller) {
  return db
    .selectFrom('blade_app_parameter as p')
    .where('p.tenantId', '=', caller.tenant_id)
    .where('p.isDeleted', '=', 0)
    .where('p.isCheck', '=', 1)
    .where('p.isShelf', '=', 1);
}

/** The counts beside an entry: live likes and comments, and every view. */
export const entryCounts = [
  sql<number>`(select count(*)::int from blade_app_parameter_like l where l.app_parameter_id = p.id and l.is_deleted = 0)`.as('likeCount'),
  sql<number>`(select count(*)::int from blade_app_parameter_comments c where c.app_parameter_id = p.id and c.is_deleted = 0)`.as(
    'commentCount',
  ),
  sql<number>`(select count(*)::int from blade_app_parameter_log v where v.app_parameter_id = p.id)`.as('viewCount'),
] as const;

export const entryColumns = [
  'p.id',
  'p.appName',
  'p.appId',
  'p.deptName',
  'p.ownerName',
  'p.version',
  'p.description',
  'p.icon',
  'p.isRecommend',
] as const;

type Answered<V> = [V] extends [Date] ? string : [V] extends [string | null] ? string : V;

/** Text columns answer "" for none (numbers stay null), times as `yyyy-MM-dd HH:mm:ss`. */
export function textRow<T extends Record<string, unknown>>(row: T): { [K in keyof T]: Answered<T[K]> } {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value === null
        ? key === 'userScale' || key === 'protectionLevel'
          ? null
          : ''
        : value instanceof Date
          ? formatDateTime(value)
          : value,
    ]),
  ) as never;
}

/** A page answer from rows and the total. */
export const pageAnswer = <T>(records: T[], total: number, current: number, size: number) => ({
  records,
  total,
  size,
  current,
  pages: Math.ceil(total / size),
});
