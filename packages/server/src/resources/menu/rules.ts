import { badRequest, menuMessages as m } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { ResourceRules } from '../../engine/types.js';

// biome-ignore lint/suspicious/noExplicitAny: rules run on the generic layer's transaction
type AnyDb = Kysely<any>;

const BUTTON = 2;
const live = (trx: AnyDb) => trx.selectFrom('blade_menu').where('isDeleted', '=', 0);

/** Whether `candidate` is `menuId` or lies below it, walking up from the candidate. */
async function isSelfOrDescendant(trx: AnyDb, candidate: string, menuId: string): Promise<boolean> {
  const parents = new Map(
    ((await live(trx).select(['id', 'parentId']).execute()) as { id: string; parentId: string }[]).map((r) => [r.id, r.parentId]),
  );
  const seen = new Set<string>();
  for (let current: string | undefined = candidate; current && current !== '0'; current = parents.get(current)) {
    if (current === menuId) return true;
    if (seen.has(current)) return true; // a loop already in the data: refuse rather than add to it
    seen.add(current);
  }
  return false;
}

/**
 * Menus (platform-wide): the parent exists and is not the menu itself or below it; a button holds
 * no menus (category 1); codes are unique (declared on the resource); a menu with children stays
 * until they go; a removed menu leaves no role or top-menu grants behind.
 */
export const menuRules: ResourceRules = {
  async beforeSave({ values, existing, trx }) {
    const parentId = (values.parentId as string | undefined) ?? (existing?.parentId as string | undefined) ?? '0';
    values.parentId = parentId;
    const category = Number(values.category ?? existing?.category);
    if (parentId !== '0') {
      const parent = await live(trx).select('category').where('id', '=', parentId).executeTakeFirst();
      if (!parent) throw badRequest(m.parentMissing);
      if (existing && (await isSelfOrDescendant(trx, parentId, existing.id as string))) throw badRequest(m.parentCycle);
      if (category !== BUTTON && Number(parent.category) === BUTTON) throw badRequest(m.menuUnderButton);
    }
    if (existing && category === BUTTON && Number(existing.category) !== BUTTON) {
      const menuChild = await live(trx)
        .select('id')
        .where('parentId', '=', existing.id as string)
        .where('category', '<>', BUTTON)
        .executeTakeFirst();
      if (menuChild) throw badRequest(m.buttonWithMenus);
    }
  },

  async beforeRemove({ rows, trx }) {
    const ids = rows.map((row) => row.id as string);
    const child = await live(trx).select('id').where('parentId', 'in', ids).where('id', 'not in', ids).executeTakeFirst();
    if (child) throw badRequest(m.hasChildren);
    await trx.deleteFrom('blade_role_menu').where('menuId', 'in', ids).execute();
    await trx.deleteFrom('blade_top_menu_setting').where('menuId', 'in', ids).execute();
  },

  afterChange(ctx) {
    // Grants of removed menus are gone: drop the cached role → menu lists (routes, grant trees).
    ctx.cache.invalidate('blade_role_menu');
  },
};
