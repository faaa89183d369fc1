import { badRequest, ledgerMessages, registry } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';

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

  batchCheck: async ({ repo, caller, query }) => {
    await repo.change(caller, query.ids, { set: { isCheck: 1 } });
    return true;
  },

  batchShelf: async ({ repo, caller, query }) => {
    await repo.change(caller, query.ids, {
      set: { isShelf: query.isShelf },
      check: (rows) => {
        if (query.isShelf === 1 && rows.some((row) => row.isCheck !== 1)) throw badRequest(ledgerMessages.say.notChecked);
      },
    });
    return true;
  },
});
