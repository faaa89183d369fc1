import { badRequest, say } from '@sso/shared-api';
import type { ResourceRules } from '../../engine/types.js';
import { live } from '../../kernel/live-rows.js';

/** A package's menuId is a comma-joined list of existing menus. */
export const tenantPackageRules: ResourceRules = {
  async beforeSave({ values, trx }) {
    if (values.menuId === undefined) return;
    const ids = [...new Set(String(values.menuId).split(','))];
    const found = await trx.selectFrom('blade_menu').select('id').where('id', 'in', ids).$call(live()).execute();
    if (found.length !== ids.length) throw badRequest(say('packageMenuMissing'));
    values.menuId = ids.join(',');
  },
};
