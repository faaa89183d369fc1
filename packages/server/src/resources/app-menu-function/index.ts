import { appMenuFunction, badRequest, appAuthzMessages as m } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import type { ResourceRules } from '../../engine/types.js';
import { live } from '../../kernel/live-rows.js';

/**
 * A function sits under a menu of its own application (both live rows of the caller's tenant, as
 * its references say); one
 * still held by a role or a user is not removed.
 */
export const appMenuFunctionRules: ResourceRules = {
  async beforeSave({ caller, values, existing, trx }) {
    const merged = { ...existing, ...values };
    const menu = await trx
      .selectFrom('blade_app_menu')
      .select('appId')
      .where('id', '=', merged.menuId)
      .$call(live(caller.tenant_id))
      .executeTakeFirst();
    if (!menu) throw badRequest(m.say.menuMissing);
    if (String(menu.appId) !== String(merged.appId)) throw badRequest(m.say.menuOtherApp);
  },
  async beforeRemove({ caller, rows, trx }) {
    const ids = rows.map((row) => String(row.id));
    for (const table of ['blade_app_role_function', 'blade_user_authorized_function'] as const) {
      const held = await trx.selectFrom(table).select('id').where('functionId', 'in', ids).$call(live(caller.tenant_id)).executeTakeFirst();
      if (held) throw badRequest(m.say.menuInUse);
    }
  },
};

export const appMenuFunctionResource = bindResource(appMenuFunction, { rules: appMenuFunctionRules });
