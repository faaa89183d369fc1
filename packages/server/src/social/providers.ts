import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { decryptSecret } from '../db/secrets.js';
import { live } from '../kernel/live-rows.js';
import type { SocialAdapter, SocialProviderConfig } from './adapter.js';
import { dingtalkAdapter } from './dingtalk.js';
import { feishuAdapter } from './feishu.js';
import { oidcAdapter } from './oidc.js';
import { wecomAdapter } from './wecom.js';

export const adapters: Record<SocialProviderConfig['kind'], SocialAdapter> = {
  oidc: oidcAdapter,
  wecom: wecomAdapter,
  dingtalk: dingtalkAdapter,
  feishu: feishuAdapter,
};

const orUndefined = (value: string | null) => value || undefined;

/** An enabled provider of the tenant with its secret decrypted, or undefined. */
export async function enabledProvider(db: Kysely<Database>, tenantId: string, id: string): Promise<SocialProviderConfig | undefined> {
  if (!/^[1-9]\d{0,18}$/.test(id)) return undefined;
  const row = await db
    .selectFrom('blade_social_provider')
    .selectAll()
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .$call(live(tenantId))
    .executeTakeFirst();
  if (!row || !(row.kind in adapters)) return undefined;
  return {
    id: String(row.id),
    tenantId: row.tenantId,
    kind: row.kind as SocialProviderConfig['kind'],
    name: row.name,
    clientId: row.clientId,
    clientSecret: await decryptSecret(db, row.clientSecret),
    discoveryUrl: orUndefined(row.discoveryUrl),
    authorizeUrl: orUndefined(row.authorizeUrl),
    apiUrl: orUndefined(row.apiUrl),
    scopes: orUndefined(row.scopes),
    corpId: orUndefined(row.corpId),
    agentId: orUndefined(row.agentId),
    version: new Date(row.updateTime).toISOString(),
  };
}
