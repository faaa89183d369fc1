import { app, appMessages, badRequest, say } from '@sso/shared-api';
import { bindAppDatasource, clearAppIcon, resetClientSecret } from '../../apps/catalogue-edits.js';
import { mintScimToken } from '../../apps/scim-tokens.js';
import { analyzeApps } from '../../apps/usage-analysis.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { Repository } from '../../engine/repository.js';
import { live } from '../../kernel/live-rows.js';
import { attachResource } from '../attach/index.js';

/** Extras of the catalogue: a new client secret or SCIM token (answered once), a bound data source, icon removal, the analysis. */
export const appExtraHandlers = defineExtraHandlers(app, {
  resetSecret: ({ ctx, caller, query }) => resetClientSecret(ctx, caller, query.id),

  // Minted only for an application the caller may edit: their tenant's, within their data scope.
  scimToken: async ({ ctx, caller, query, repo }) => {
    if (!(await repo.detail(caller, query.id))) throw badRequest(say('recordMissing'));
    return mintScimToken(ctx, caller, query.id);
  },

  datasource: async ({ ctx, caller: who, query }) => {
    const source = await ctx.db
      .selectFrom('blade_datasource')
      .select('id')
      .where('id', '=', query.datasourceId)
      .$call(live())
      .executeTakeFirst();
    if (!source) throw badRequest(appMessages.say.datasourceMissing);
    await bindAppDatasource(ctx, who, query.appId, String(source.id));
    return true;
  },

  attachRemoveByLink: async ({ ctx, caller: who, query }) => {
    const rows = await ctx.db.selectFrom('blade_attach').select('id').$call(live(who.tenant_id)).where('link', '=', query.link).execute();
    if (rows.length) {
      await new Repository(ctx, attachResource).remove(
        who,
        rows.map((r) => r.id),
      );
    }
    await clearAppIcon(ctx, who, query.link);
    return true;
  },

  analyzePage: ({ ctx, caller, query }) => analyzeApps(ctx, caller, query),
});
