import { badRequest, appAuthzMessages as m } from '@sso/shared-api';
import { refuseMoveUnderItself, refuseRemovingParents, requireParent, treeOf } from '../../domain/tree-rules.js';
import type { ResourceRules } from '../../engine/types.js';
import { live } from '../../kernel/live-rows.js';

/** Tables that hold a menu: refusing to remove one still held keeps grants from pointing nowhere. */
const HOLDERS = [
  ['blade_app_role_menu', 'menuId'],
  ['blade_user_authorized_menu', 'menuId'],
  ['blade_app_menu_function', 'menuId'],
] as const;

/**
 * A menu stays in its application (a live one of the caller's tenant, as its reference says); its parent is a menu of the same
 * application (or the top) and never itself or one of its children. A menu with children, with
 * functions, or held by a role or a user is not removed.
 */
export const appMenuRules: ResourceRules = {
  async beforeSave({ caller, values, existing, trx }) {
    const merged = { ...existing, ...values };
    if (existing && values.appId !== undefined && String(values.appId) !== String(existing.appId)) throw badRequest(m.say.menuOtherApp);
    const parentId = merged.parentId ? String(merged.parentId) : '0';
    values.parentId = parentId;
    if (parentId !== '0') {
      const tree = treeOf(trx, 'blade_app_menu', caller.tenant_id);
      const parent = await requireParent(tree, parentId, m.say.menuMissing, ['appId']);
      if (String(parent.appId) !== String(merged.appId)) throw badRequest(m.say.menuOtherApp);
      if (existing) await refuseMoveUnderItself(tree, String(existing.id), parentId, m.say.menuCycle);
    }
  },
  async beforeRemove({ caller, rows, trx }) {
    const ids = rows.map((row) => String(row.id));
    await refuseRemovingParents(treeOf(trx, 'blade_app_menu', caller.tenant_id), ids, m.say.menuHasChildren);
    for (const [table, column] of HOLDERS) {
      const held = await trx.selectFrom(table).select('id').where(column, 'in', ids).$call(live(caller.tenant_id)).executeTakeFirst();
      if (held) throw badRequest(m.say.menuInUse);
    }
  },
};
