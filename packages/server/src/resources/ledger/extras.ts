import { badRequest, ledgerMessages, registry, zh } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';

/**
 * The ledger's admin calls: `update` changes an existing entry through the generic save (rules,
 * scopes, audit); review and shelving change only their flag, and only reviewed entries may go
 * on the market. Every id must name a live entry of the caller's tenant, or nothing changes.
 */
export const ledgerEntryExtraHandlers = defineExtraHandlers(registry.ledger.entry, {
  update: async ({ repo, caller, body }) => {
    const { id, ...values } = body;
    return repo.save(caller, values, id);
  },

  batchCheck: async ({ ctx, caller, query }) => {
    await ctx.db.transaction().execute(async (trx) => {
      const found = await trx
        .updateTable('blade_app_parameter')
        .set({ isCheck: 1, updateUser: caller.user_id, updateTime: new Date() })
        .where('id', 'in', query.ids)
        .$call(live(caller.tenant_id))
        .executeTakeFirst();
      if (Number(found.numUpdatedRows) !== query.ids.length) throw badRequest(zh('recordMissing'));
    });
    ctx.cache.invalidate('blade_app_parameter');
    return true;
  },

  batchShelf: async ({ ctx, caller, query }) => {
    await ctx.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('blade_app_parameter')
        .select(['id', 'isCheck'])
        .where('id', 'in', query.ids)
        .$call(live(caller.tenant_id))
        .forUpdate()
        .execute();
      if (rows.length !== query.ids.length) throw badRequest(zh('recordMissing'));
      if (query.isShelf === 1 && rows.some((row) => row.isCheck !== 1)) throw badRequest(ledgerMessages.notChecked);
      await trx
        .updateTable('blade_app_parameter')
        .set({ isShelf: query.isShelf, updateUser: caller.user_id, updateTime: new Date() })
        .where('id', 'in', query.ids)
        .execute();
    });
    ctx.cache.invalidate('blade_app_parameter');
    return true;
  },
});
