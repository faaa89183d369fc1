import { ApiError, defineMessages, registry } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';

// Interim: the workflow contract is published for the front ends while its engine is being built;
// until then every call answers 503 with this message. Replaced by the real handlers.
const m = defineMessages({ pending: ['工作流服务即将上线', 'The workflow service is not available yet'] });
const pending = async (): Promise<never> => {
  throw new ApiError(503, m.pending);
};
const all = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, pending])) as Record<K, typeof pending>;

export const flowModelResource = bindResource(registry.flow.model, { extras: all(['list', 'detail', 'submit', 'remove', 'deploy']) });
export const flowManagerResource = bindResource(registry.flow.manager, {
  extras: all(['list', 'changeState', 'checkUpload', 'deployUpload', 'deleteDeployment']),
});
export const flowWorkResource = bindResource(registry.flow.work, {
  extras: all(['startList', 'claimList', 'todoList', 'sendList', 'doneList', 'claimTask', 'completeTask']),
});
export const flowFollowResource = bindResource(registry.flow.follow, { extras: all(['list', 'deleteProcessInstance']) });
export const flowProcessResource = bindResource(registry.flow.process, {
  extras: all(['historyFlowList', 'diagram', 'definitionDiagram', 'diagramView', 'resourceView']),
});
export const processLeaveResource = bindResource(registry.flow.leave, { extras: all(['startProcess', 'detail']) });
