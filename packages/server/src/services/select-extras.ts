import { DEFAULT_TENANT_ID, forbidden, zh } from '@sso/shared-api';
import type { Caller } from '../auth/permissions.js';
import type { ExtraHandler } from '../resources/extras.js';

/**
 * The select boxes BladeX screens fill from `<resource>/select`: a short list of live rows with
 * the label and value fields the pickers read, nothing more.
 */

/** Tenants: the platform tenant sees every tenant, any other caller only its own. */
export const selectTenants: ExtraHandler = async ({ ctx, caller, query }) => {
  const who = caller as Caller;
  let rows = ctx.db.selectFrom('blade_tenant').select(['id', 'tenantId', 'tenantName']).where('isDeleted', '=', 0);
  if (who.tenant_id !== DEFAULT_TENANT_ID) rows = rows.where('tenantId', '=', who.tenant_id);
  if (query.tenantName) rows = rows.where('tenantName', 'like', `%${query.tenantName}%`);
  return rows.orderBy('tenantId').execute();
};

/** Platform-wide tables (data sources, packages) are configured from the platform tenant only. */
function requirePlatform(caller: unknown): void {
  if ((caller as Caller).tenant_id !== DEFAULT_TENANT_ID) throw forbidden(zh('forbidden'));
}

/** Data sources (platform-wide). */
export const selectDatasources: ExtraHandler = async ({ ctx, caller }) => {
  requirePlatform(caller);
  return ctx.db.selectFrom('blade_datasource').select(['id', 'name']).where('isDeleted', '=', 0).orderBy('id').execute();
};

/** Tenant packages (platform-wide). */
export const selectTenantPackages: ExtraHandler = async ({ ctx, caller }) => {
  requirePlatform(caller);
  return ctx.db.selectFrom('blade_tenant_package').select(['id', 'packageName']).where('isDeleted', '=', 0).orderBy('id').execute();
};
