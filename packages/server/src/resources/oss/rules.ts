import { badRequest, resourceMessages as m, OSS_LOCAL } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { keepOrEncryptSecret } from '../../domain/kept-secrets.js';
import type { ResourceRules } from '../../engine/types.js';

/**
 * An S3-compatible configuration needs an endpoint (http/https), a bucket and keys; the secret
 * key is stored encrypted and an update without one keeps it. New rows start disabled (status 1).
 * The endpoint must be an address the tenant may reach (see the outbound guard).
 */
export const ossRules: ResourceRules = {
  async beforeSave({ ctx, caller, values, existing, trx }) {
    const merged = { ...existing, ...values };
    if (Number(merged.category) !== OSS_LOCAL) {
      if (!merged.endpoint || !/^https?:\/\/[^\s/]+/i.test(String(merged.endpoint))) throw badRequest(m.say.endpoint);
      if (!merged.bucketName) throw badRequest(m.say.bucketName);
      if (!merged.accessKey) throw badRequest(m.say.accessKey);
      await ctx.outbound.check(caller.tenant_id, String(merged.endpoint), { db: trx as Kysely<Database> });
    }
    if (!existing) values.status = 1;
    await keepOrEncryptSecret(trx as Kysely<Database>, values, existing);
  },
};
