import { type NameSource, type ResourceDef, storedTextIn } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import { dictionaryValues } from '../domain/dictionary-values.js';
import type { Caller } from '../kernel/caller.js';

// biome-ignore lint/suspicious/noExplicitAny: names are read from tables chosen by the declaration
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;
type TableSource = Extract<NameSource, { table: string }>;

/** Ids as the id columns hold them: anything else names nothing (and never reaches a bigint comparison). */
const ID = /^\d{1,19}$/;
const KEY_TEXT = /^[\w.-]{1,64}$/;

/** The values a field holds: one, or several comma-joined (a user's roles). */
const valuesOf = (value: unknown): string[] =>
  value === null || value === undefined || value === '' ? [] : String(value).split(',').filter(Boolean);

/**
 * Fills the display names a resource declares (`deptName` beside `deptId`) into the rows of one
 * answer. Batched: one query per referenced table (all rows, all ids at once) and one per
 * dictionary, and dictionaries come from the resource cache, dropped when a dictionary changes.
 */
export async function fillNames(
  ctx: AppContext,
  def: ResourceDef,
  caller: Caller | undefined,
  rows: Row[],
  english = false,
): Promise<void> {
  const declared = Object.entries(def.names);
  if (!declared.length || !rows.length) return;
  const lookups = new Map<string, Promise<Map<string, string>>>();
  const lookupOf = (source: NameSource): Promise<Map<string, string>> => {
    // A label pair answers its Chinese, the product's default language, or its English to an English caller.
    if ('labels' in source)
      return Promise.resolve(new Map(Object.entries(source.labels).map(([v, l]) => [v, typeof l === 'string' ? l : l[english ? 1 : 0]])));
    const id = 'dict' in source ? `dict|${source.dict}` : tableLookupId(source);
    let lookup = lookups.get(id);
    if (!lookup) {
      lookup = 'dict' in source ? dictionaryValues(ctx, source.dict, english) : tableNames(ctx, source, caller, rows, def);
      if (english && 'translated' in source && source.translated) lookup = lookup.then(inEnglish);
      lookups.set(id, lookup);
    }
    return lookup;
  };
  const resolved = await Promise.all(declared.map(async ([name, source]) => [name, source, await lookupOf(source)] as const));
  for (const row of rows) {
    for (const [name, source, names] of resolved) {
      const root = 'root' in source ? source.root : undefined;
      row[name] = valuesOf(row[source.field])
        .map((value) => (root !== undefined && value === '0' ? root : names.get(value)))
        .filter((text): text is string => text !== undefined)
        .join(',');
    }
  }
}

/** Stored names known to a catalogue, in English (a built-in role's name); others unchanged. */
const inEnglish = (names: Map<string, string>) => new Map([...names].map(([key, name]) => [key, storedTextIn(name, 'en')]));

/** Sources reading one table through one key column share a single query. */
const tableLookupId = (source: TableSource) =>
  `table|${source.table}|${source.key ?? 'id'}|${source.column}|${source.sameTenant ? 'tenant' : ''}`;

/**
 * Names of every row of a table the answer refers to, in one query, for all the declarations
 * that read the same column through the same key (a tree's `parentName` and a field beside it).
 */
async function tableNames(ctx: AppContext, source: TableSource, caller: Caller | undefined, rows: Row[], def: ResourceDef) {
  const key = source.key ?? 'id';
  const sharing = Object.values(def.names).filter(
    (other): other is TableSource => 'table' in other && tableLookupId(other) === tableLookupId(source),
  );
  const pattern = key === 'id' ? ID : KEY_TEXT;
  const wanted = new Set(
    sharing.flatMap((other) => rows.flatMap((row) => valuesOf(row[other.field]))).filter((v) => v !== '0' && pattern.test(v)),
  );
  if (!wanted.size) return new Map<string, string>();
  let query = (ctx.db as unknown as AnyDb)
    .selectFrom(source.table)
    .select([`${key} as key`, `${source.column} as name`])
    .where(key, 'in', [...wanted]);
  if (source.sameTenant && caller) query = query.where('tenantId', '=', caller.tenant_id);
  const found = (await query.execute()) as { key: unknown; name: unknown }[];
  return new Map(found.map((row) => [String(row.key), String(row.name ?? '')]));
}
