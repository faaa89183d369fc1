import { appMessages, badRequest, say } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import { hashClientSecret } from '../kernel/client-secret.js';
import { live } from '../kernel/live-rows.js';
import { catalogueChanged } from './catalogue.js';
import { newClientSecret } from './client-credentials.js';

// The catalogue's own writes outside the engine's save: each stamps who and when, and drops the
// answers made from the catalogue (here and on the other nodes), as the engine does.

/**
 * A new client secret for an oidc or token application of the caller's tenant: stored hashed,
 * answered once, and logged as a security event. A missing application or another protocol is a 400.
 */
export async function resetClientSecret(ctx: AppContext, who: Caller, appId: string) {
  const row = await ctx.db
    .selectFrom('blade_app')
    .select(['id', 'appCode', 'protocol'])
    .where('id', '=', appId)
    .$call(live(who.tenant_id))
    .executeTakeFirst();
  if (!row) throw badRequest(say('recordMissing'));
  if (row.protocol !== 'oidc' && row.protocol !== 'token') throw badRequest(appMessages.say.secretOnlyOidc);
  const clientSecret = newClientSecret();
  await ctx.db
    .updateTable('blade_app')
    .set({ clientSecret: hashClientSecret(clientSecret), updateUser: who.user_id, updateTime: new Date() })
    .where('id', '=', row.id)
    .execute();
  await ctx.audit.record({ type: 'app.secret-reset', actor: who, targets: [{ kind: 'app', id: row.id, name: row.appCode }] });
  catalogueChanged(ctx);
  return { id: row.id, appCode: row.appCode, clientSecret };
}

/** Binds a data source (checked by the caller) to an application of the caller's tenant; a missing application is a 400. */
export async function bindAppDatasource(ctx: AppContext, who: Caller, appId: string, datasourceId: string): Promise<void> {
  const updated = await ctx.db
    .updateTable('blade_app')
    .set({ datasourceId, updateUser: who.user_id, updateTime: new Date() })
    .where('id', '=', appId)
    .$call(live(who.tenant_id))
    .executeTakeFirst();
  if (!updated.numUpdatedRows) throw badRequest(say('recordMissing'));
  catalogueChanged(ctx);
}

/** Takes the icon at this link off every application of the caller's tenant that shows it (the file itself is removed by the caller). */
export async function clearAppIcon(ctx: AppContext, who: Caller, link: string): Promise<void> {
  await ctx.db
    .updateTable('blade_app')
    .set({ icon: null, updateUser: who.user_id, updateTime: new Date() })
    .where('tenantId', '=', who.tenant_id)
    .where('icon', '=', link)
    .execute();
  catalogueChanged(ctx);
}
