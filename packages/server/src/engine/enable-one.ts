import { badRequest, say } from '@sso/shared-api';
import { CONFIG_DISABLED, CONFIG_ENABLED } from '../kernel/provider-status.js';
import type { SignedInArgs } from './extra-handlers.js';

/**
 * The `enable` extra of provider configurations: this row becomes the tenant's enabled one and
 * its others are switched off, in one transaction.
 */
export function enableOnePerTenant(table: 'blade_oss' | 'blade_sms') {
  return async ({ ctx, repo, caller: who, query }: SignedInArgs & { query: { id: string } }): Promise<boolean> => {
    if (!(await repo.detail(who, query.id))) throw badRequest(say('recordMissing'));
    const audit = { updateUser: who.user_id, updateTime: new Date() };
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable(table)
        .set({ status: CONFIG_DISABLED, ...audit })
        .where('tenantId', '=', who.tenant_id)
        .where('id', '!=', query.id)
        .execute();
      await trx
        .updateTable(table)
        .set({ status: CONFIG_ENABLED, ...audit })
        .where('id', '=', query.id)
        .execute();
    });
    return true;
  };
}
