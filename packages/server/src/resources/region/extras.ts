import { REGION_ROOT, type RegionTreeNode, region } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { regionExcelHandlers } from './excel-extras.js';

/** Extras of `region` beside the generic routes (keyed by code). */
export const regionExtraHandlers = defineExtraHandlers(region, {
  ...regionExcelHandlers,
  /** The children of one region as tree nodes, cached until blade_region changes. */
  lazyTree: async ({ ctx, query }) => {
    const parentCode = (query.parentCode as string | undefined) ?? REGION_ROOT;
    return ctx.cache.get('blade_region', `lazy-tree|${parentCode}`, async (): Promise<RegionTreeNode[]> => {
      const rows = await ctx.db
        .selectFrom('blade_region as r')
        .select((eb) => [
          'r.code',
          'r.parentCode',
          'r.name',
          eb.exists(eb.selectFrom('blade_region as c').select('c.code').whereRef('c.parentCode', '=', 'r.code')).as('hasChildren'),
        ])
        .where('r.parentCode', '=', parentCode)
        .orderBy('r.sort')
        .orderBy('r.code')
        .execute();
      return rows.map((row) => ({
        id: row.code,
        parentId: row.parentCode,
        title: row.name,
        key: row.code,
        value: row.code,
        hasChildren: Boolean(row.hasChildren),
      }));
    });
  },
});
