import { DEFAULT_TENANT_ID, registry } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';

/** The public friendly links of a tenant (the platform's unless told), enabled ones by sort. */
export const friendlyExtraHandlers = defineExtraHandlers(registry.portal.friendly, {
  getFriendlyLink: async ({ ctx, query }) => {
    const rows = await ctx.db
      .selectFrom('blade_friendly_link')
      .select(['id', 'linkName', 'linkUrl', 'icon', 'sort'])
      .where('tenantId', '=', query.tenantId || DEFAULT_TENANT_ID)
      .$call(live())
      .where('status', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, id: String(r.id), icon: r.icon ?? '' }));
  },
});
