import { badRequest, menuMessages as m } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import { refuseMoveUnderItself, refuseRemovingParents, requireParent, treeOf } from '../../domain/tree-rules.js';
import type { ResourceRules } from '../../engine/types.js';

// biome-ignore lint/suspicious/noExplicitAny: rules run on the generic layer's transaction
type AnyDb = Kysely<any>;

const BUTTON = 2;
/** Menus are platform-wide: one tree for every tenant. */
const menus = (trx: AnyDb) => treeOf(trx, 'blade_menu', null);

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
      const parent = await requireParent(menus(trx), parentId, m.say.parentMissing, ['category']);
      if (existing) await refuseMoveUnderItself(menus(trx), existing.id as string, parentId, m.say.parentCycle);
      if (category !== BUTTON && Number(parent.category) === BUTTON) throw badRequest(m.say.menuUnderButton);
    }
    if (existing && category === BUTTON && Number(existing.category) !== BUTTON) {
      const menuChild = await menus(trx)
        .nodes()
        .select('id')
        .where('parentId', '=', existing.id as string)
        .where('category', '<>', BUTTON)
        .executeTakeFirst();
      if (menuChild) throw badRequest(m.say.buttonWithMenus);
    }
  },

  async beforeRemove({ rows, trx }) {
    const ids = rows.map((row) => row.id as string);
    await refuseRemovingParents(menus(trx), ids, m.say.hasChildren);
    await trx.deleteFrom('blade_role_menu').where('menuId', 'in', ids).execute();
    await trx.deleteFrom('blade_top_menu_setting').where('menuId', 'in', ids).execute();
  },

  afterChange(ctx) {
    // Grants of removed menus are gone: drop the cached role → menu lists (routes, grant trees).
    ctx.cache.invalidate('blade_role_menu');
  },
};
