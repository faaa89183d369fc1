import { DEFAULT_TENANT_ID, tenant } from '@sso/shared-api';
import { extraHandler } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';

/**
 * The tenant select box BladeX screens fill from `tenant/select`: a short list of live rows with
 * the label and value fields the pickers read, nothing more. The platform tenant sees every
 * tenant, any other caller only its own.
 */
export const selectTenants = extraHandler(tenant.extras.select, async ({ ctx, caller: who, query }) => {
  let rows = ctx.db.selectFrom('blade_tenant').select(['id', 'tenantId', 'tenantName']).$call(live());
  if (who.tenant_id !== DEFAULT_TENANT_ID) rows = rows.where('tenantId', '=', who.tenant_id);
  if (query.tenantName) rows = rows.where('tenantName', 'like', `%${query.tenantName}%`);
  return rows.orderBy('tenantId').execute();
});
