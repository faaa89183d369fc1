import type { ResourceRules } from '../../engine/types.js';

/** A removed top menu takes its menu settings with it. */
export const topMenuRules: ResourceRules = {
  async beforeRemove({ rows, trx }) {
    const ids = rows.map((row) => row.id as string);
    await trx.deleteFrom('blade_top_menu_setting').where('topMenuId', 'in', ids).execute();
  },
};
