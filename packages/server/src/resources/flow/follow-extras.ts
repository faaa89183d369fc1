import { registry } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { followList } from '../../flow/history.js';
import { deleteInstance } from '../../flow/instances.js';
import { LEAVE_TABLE } from '../../flow/leave.js';

/** 流程监控: the tenant's running instances; deleting one records the reason and withdraws its tasks. */
export const flowFollowHandlers = defineExtraHandlers(registry.flow.follow, {
  list: ({ ctx, caller, query }) => followList(ctx, caller, query),
  deleteProcessInstance: async ({ ctx, caller, query }) => {
    await ctx.db.transaction().execute(async (trx) => {
      const business = await deleteInstance(trx, caller.tenant_id, query.processInstanceId, query.deleteReason);
      if (business.businessTable === LEAVE_TABLE && business.businessId) {
        await trx
          .updateTable('blade_process_leave')
          .set({ flowStatus: 'deleted', updateTime: new Date() })
          .where('id', '=', business.businessId)
          .execute();
      }
    });
    return true;
  },
});
