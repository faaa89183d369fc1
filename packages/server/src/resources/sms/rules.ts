import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { keepOrEncryptSecret } from '../../domain/kept-secrets.js';
import type { ResourceRules } from '../../engine/types.js';

/**
 * The secret key is stored encrypted (kept when an update leaves it empty); new rows start disabled.
 * An endpoint other than the provider's public one must be an address the tenant may reach.
 */
export const smsRules: ResourceRules = {
  async beforeSave({ ctx, caller, values, existing, trx }) {
    const endpoint = 'endpoint' in values ? values.endpoint : existing?.endpoint;
    if (endpoint) await ctx.outbound.check(caller.tenant_id, String(endpoint), { db: trx as Kysely<Database> });
    if (!existing) values.status = 1;
    await keepOrEncryptSecret(trx as Kysely<Database>, values, existing);
  },
};
