import type { AppContext } from '../context.js';
import { live } from '../engine/live-rows.js';
import { isRegisteredForApp } from '../resources/app/redirect-source.js';

/** An enabled application of one protocol, as the sign-on protocols read it. */
export interface ProtocolApp {
  id: string;
  tenantId: string;
  appCode: string;
  appName: string;
  appType: string | null;
  redirectUris: string | null;
  /** `token` applications: `token` (a token in the address) or `code` (a one-time code). */
  handoffMode: string;
}

const columns = ['id', 'tenantId', 'appCode', 'appName', 'appType', 'redirectUris', 'handoffMode'] as const;

/**
 * The enabled application of this protocol whose registered URIs the address lies under, in the
 * given tenant (or any tenant when none is given: a CAS service names no tenant). Disabled and
 * missing applications are alike: none.
 */
export async function appForAddress(
  ctx: AppContext,
  protocol: string,
  address: string,
  tenantId?: string,
): Promise<ProtocolApp | undefined> {
  let query = ctx.db.selectFrom('blade_app').select(columns).where('protocol', '=', protocol).where('status', '=', 1);
  if (tenantId) query = query.where('tenantId', '=', tenantId);
  const rows = await query.$call(live()).execute();
  const app = rows.find((row) => isRegisteredForApp(row, address));
  return app ? { ...app, id: String(app.id) } : undefined;
}

/** The enabled application of this protocol with this code in the tenant; none for a missing or disabled one. */
export async function appForCode(ctx: AppContext, protocol: string, appCode: string, tenantId: string): Promise<ProtocolApp | undefined> {
  const app = await ctx.db
    .selectFrom('blade_app')
    .select(columns)
    .where('protocol', '=', protocol)
    .where('status', '=', 1)
    .where('appCode', '=', appCode)
    .$call(live(tenantId))
    .executeTakeFirst();
  return app ? { ...app, id: String(app.id) } : undefined;
}
