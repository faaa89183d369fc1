import { type Kysely, sql } from 'kysely';
import { bizDicts, systemDicts } from '../seed-data/dicts.js';
import type { DictSeed } from '../seed-data/types.js';

/**
 * Dictionary entries carry the label shown on English screens (dict_value_en, as menus carry
 * name_en; empty shows dict_value). Seeded entries of an existing database get the seed's English
 * label, matched by code and key (a dictionary itself by its code and key -1), unless an
 * administrator has relabelled them since (their Chinese label no longer matches the seed) or
 * already gave one.
 */
const TABLES = ['blade_dict', 'blade_dict_biz'] as const;

/** code, key, Chinese label, English label of every seeded dictionary and entry that has English. */
function englishOf(dicts: readonly DictSeed[]): [string, string, string, string][] {
  return dicts.flatMap((dict) => [
    [dict.code, '-1', dict.name, dict.nameEn] as [string, string, string, string],
    ...dict.entries
      .filter(([, , en]) => en)
      .map(([key, value, en]) => [dict.code, key, value, en as string] as [string, string, string, string]),
  ]);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} add column dict_value_en varchar(255)`.execute(db);
    const labels = englishOf(table === 'blade_dict' ? systemDicts : bizDicts);
    const values = sql.join(labels.map(([code, key, value, en]) => sql`(${code}, ${key}, ${value}, ${en})`));
    await sql`update ${sql.table(table)} as d set dict_value_en = v.en
      from (values ${values}) as v (code, dict_key, dict_value, en)
      where d.code = v.code and d.dict_key = v.dict_key and d.dict_value = v.dict_value
        and (d.dict_value_en is null or d.dict_value_en = '')`.execute(db);
  }
}
