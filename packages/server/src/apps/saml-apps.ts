import type { AppContext } from '../context.js';
import { live } from '../kernel/live-rows.js';
import { fromCatalogue } from './catalogue.js';
import type { ProtocolApp } from './protocol-apps.js';

/** An enabled saml application and its service provider's settings, as the SAML identity provider reads them. */
export interface SamlApp extends ProtocolApp {
  samlEntityId: string;
  samlSpCertificate: string | null;
  samlNameIdFormat: string | null;
  samlSigning: string | null;
  samlEncryptAssertion: number;
  samlLogoutUrl: string | null;
  permissionClaims: number;
}

const columns = [
  'id',
  'tenantId',
  'appCode',
  'appName',
  'appType',
  'redirectUris',
  'handoffMode',
  'samlEntityId',
  'samlSpCertificate',
  'samlNameIdFormat',
  'samlSigning',
  'samlEncryptAssertion',
  'samlLogoutUrl',
  'permissionClaims',
] as const;

/** Every enabled saml application of the tenant, read through the catalogue's cache (each sign-on looks one up). */
async function samlAppsOf(ctx: AppContext, tenantId: string): Promise<SamlApp[]> {
  return fromCatalogue(ctx, `saml:${tenantId}`, async () => {
    const rows = await ctx.db
      .selectFrom('blade_app')
      .select(columns)
      .where('protocol', '=', 'saml')
      .where('status', '=', 1)
      .$call(live(tenantId))
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, id: String(row.id), samlEntityId: row.samlEntityId ?? '' }));
  });
}

/** The enabled saml application of the tenant whose service provider has this entity ID (the oldest when two claim it). */
export async function samlAppForEntityId(ctx: AppContext, tenantId: string, entityId: string): Promise<SamlApp | undefined> {
  return (await samlAppsOf(ctx, tenantId)).find((app) => app.samlEntityId === entityId);
}

/** The enabled saml application of the tenant with this id or code. */
export async function samlAppById(ctx: AppContext, tenantId: string, id: string): Promise<SamlApp | undefined> {
  return (await samlAppsOf(ctx, tenantId)).find((app) => app.id === id || app.appCode === id);
}

/** Whether another live saml application of the tenant already uses the entity ID (a request names its application by it). */
export async function samlEntityIdTaken(
  db: AppContext['db'],
  tenantId: string,
  entityId: string,
  exceptId: string | undefined,
): Promise<boolean> {
  let query = db
    .selectFrom('blade_app')
    .select('id')
    .where('protocol', '=', 'saml')
    .where('samlEntityId', '=', entityId)
    .$call(live(tenantId));
  if (exceptId) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}
