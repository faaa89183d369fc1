import { app, appMessages, badRequest, zh } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { Repository } from '../../engine/repository.js';
import { hashClientSecret } from '../../kernel/client-secret.js';
import { live } from '../../kernel/live-rows.js';
import { attachResource } from '../attach/index.js';
import { analyzeApps } from './analysis.js';
import { newAppSecret } from './rules.js';

/** Extras of the catalogue: a new client secret (answered once), a bound data source, icon removal, the analysis. */
export const appExtraHandlers = defineExtraHandlers(app, {
  resetSecret: async ({ ctx, caller: who, query }) => {
    const row = await ctx.db
      .selectFrom('blade_app')
      .select(['id', 'appCode', 'protocol'])
      .where('id', '=', query.id)
      .$call(live(who.tenant_id))
      .executeTakeFirst();
    if (!row) throw badRequest(zh('recordMissing'));
    if (row.protocol !== 'oidc' && row.protocol !== 'token') throw badRequest(appMessages.secretOnlyOidc);
    const clientSecret = newAppSecret();
    await ctx.db
      .updateTable('blade_app')
      .set({ clientSecret: hashClientSecret(clientSecret), updateUser: who.user_id, updateTime: new Date() })
      .where('id', '=', row.id)
      .execute();
    await ctx.audit.record({ type: 'app.secret-reset', actor: who, targets: [{ kind: 'app', id: row.id, name: row.appCode }] });
    ctx.cache.invalidate('blade_app');
    return { id: row.id, appCode: row.appCode, clientSecret };
  },

  datasource: async ({ ctx, caller: who, query }) => {
    const source = await ctx.db
      .selectFrom('blade_datasource')
      .select('id')
      .where('id', '=', query.datasourceId)
      .$call(live())
      .executeTakeFirst();
    if (!source) throw badRequest(appMessages.datasourceMissing);
    const updated = await ctx.db
      .updateTable('blade_app')
      .set({ datasourceId: source.id, updateUser: who.user_id, updateTime: new Date() })
      .where('id', '=', query.appId)
      .$call(live(who.tenant_id))
      .executeTakeFirst();
    if (!updated.numUpdatedRows) throw badRequest(zh('recordMissing'));
    ctx.cache.invalidate('blade_app');
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
    await ctx.db
      .updateTable('blade_app')
      .set({ icon: null, updateUser: who.user_id, updateTime: new Date() })
      .where('tenantId', '=', who.tenant_id)
      .where('icon', '=', query.link)
      .execute();
    ctx.cache.invalidate('blade_app');
    return true;
  },

  analyzePage: ({ ctx, caller, query }) => analyzeApps(ctx, caller, query),
});
