import { registry } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { leaveDetail, startLeave } from '../../flow/leave.js';

/** The leave process: apply (stores the request and starts its process), and read a request. */
export const processLeaveHandlers = defineExtraHandlers(registry.flow.leave, {
  startProcess: ({ ctx, caller, body }) => startLeave(ctx, caller, body),
  detail: ({ ctx, caller, query }) => leaveDetail(ctx, caller, query.businessId),
});
