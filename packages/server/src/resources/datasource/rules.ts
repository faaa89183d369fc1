import { badRequest, defineMessages } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { encryptSecret } from '../../db/secrets.js';
import { databaseTarget, hostPortOf } from '../../domain/data-sources.js';
import type { ResourceRules } from '../../engine/types.js';
import { live } from '../../kernel/live-rows.js';

const m = defineMessages('datasourceRules', {
  inUse: ['数据源正被租户使用，请先解除绑定', 'A tenant uses this data source: unbind it first'],
});

/**
 * The password is stored encrypted. The edit form never receives it, so an update that leaves it
 * empty keeps the stored one. A data source bound to a live tenant cannot be removed. The host of
 * a PostgreSQL or MySQL/MariaDB URL must be an address the caller's tenant may reach (the outbound guard).
 */
export const datasourceRules: ResourceRules = {
  async beforeSave({ ctx, caller, values, existing, trx }) {
    const target = typeof values.url === 'string' ? databaseTarget(values.url) : undefined;
    if (target) await ctx.outbound.check(caller.tenant_id, hostPortOf(target), { db: trx as Kysely<Database> });
    const password = values.password as string | null | undefined;
    if (password === undefined || password === null || password === '') {
      if (existing) delete values.password;
      else values.password = null;
      return;
    }
    values.password = await encryptSecret(trx as Kysely<Database>, password);
  },

  async beforeRemove({ rows, trx }) {
    const bound = await trx
      .selectFrom('blade_tenant')
      .select('id')
      .where(
        'datasourceId',
        'in',
        rows.map((row) => row.id as string),
      )
      .$call(live())
      .executeTakeFirst();
    if (bound) throw badRequest(m.say.inUse);
  },
};
