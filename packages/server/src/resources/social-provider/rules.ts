import { badRequest, socialMessages as m } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { keepOrEncryptSecret } from '../../domain/kept-secrets.js';
import type { ResourceRules } from '../../engine/types.js';

/**
 * What each kind needs (OpenID Connect its discovery URL, WeCom its AgentId, the adapters a
 * secret); the server calls the discovery and API addresses, so they must be addresses the
 * tenant may reach; the secret is stored encrypted and kept when an update leaves it empty.
 */
export const socialProviderRules: ResourceRules = {
  async beforeSave({ ctx, caller, values, existing, trx }) {
    const field = (name: string) => (name in values ? values[name] : existing?.[name]) as string | null | undefined;
    const kind = field('kind');
    if (kind === 'oidc' && !field('discoveryUrl')) throw badRequest(m.say.discoveryRequired);
    if (kind === 'wecom' && !field('agentId')) throw badRequest(m.say.agentRequired);
    const secret = values.clientSecret as string | null | undefined;
    if (kind !== 'oidc' && !secret && !existing?.clientSecret) throw badRequest(m.say.secretRequired);
    const db = trx as Kysely<Database>;
    for (const name of ['discoveryUrl', 'apiUrl']) {
      const address = field(name);
      if (address) await ctx.outbound.check(caller.tenant_id, address, { db });
    }
    await keepOrEncryptSecret(db, values, existing, 'clientSecret');
  },
};
