import { type Kysely, sql } from 'kysely';
import { adminMenus } from '../seed-data/menus.js';
import type { MenuSeed } from '../seed-data/types.js';

/**
 * Menus and top menus carry the name shown when the front end is in English (name_en; empty
 * means the Chinese name is shown). Seeded menus of an existing database get the seed's English
 * name, matched by code, unless an administrator has renamed them since (their Chinese name no
 * longer matches the seed) or already set one.
 */
const columns = ['alter table blade_menu add column name_en varchar(255)', 'alter table blade_top_menu add column name_en varchar(255)'];

function seeded(menus: readonly MenuSeed[], out: MenuSeed[] = []): MenuSeed[] {
  for (const menu of menus) {
    out.push(menu);
    seeded(menu.children ?? [], out);
  }
  return out;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of columns) await sql.raw(statement).execute(db);
  const named = seeded(adminMenus).filter((menu) => menu.nameEn);
  const values = sql.join(named.map((menu) => sql`(${menu.code}, ${menu.name}, ${menu.nameEn})`));
  await sql`update blade_menu as m set name_en = v.name_en from (values ${values}) as v (code, name, name_en)
    where m.code = v.code and m.name = v.name and (m.name_en is null or m.name_en = '')`.execute(db);
}
