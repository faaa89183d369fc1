import { type Kysely, sql } from 'kysely';

/**
 * Menu administration: a top menu holds each menu once, and removing a menu deletes its role and
 * top-menu rows by menu id, so both link tables get an index on it.
 */
const statements = [
  `create unique index blade_top_menu_setting_pair on blade_top_menu_setting (top_menu_id, menu_id)`,
  `create index blade_top_menu_setting_menu on blade_top_menu_setting (menu_id)`,
  `create index blade_role_menu_menu on blade_role_menu (menu_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
