import { registry } from '@sso/shared-api';
import { bindEndpoints } from '../../engine/bind.js';
import { flowFollowHandlers } from './follow-extras.js';
import { processLeaveHandlers } from './leave-extras.js';
import { flowManagerHandlers } from './manager-extras.js';
import { flowModelHandlers } from './model-extras.js';
import { flowProcessHandlers } from './process-extras.js';
import { flowWorkHandlers } from './work-extras.js';

/** The workflow's calls (blade-flow and the leave process), executed by the engine in `flow/`. */
export const flowModelEndpoints = bindEndpoints(registry.flow.model, flowModelHandlers);
export const flowManagerEndpoints = bindEndpoints(registry.flow.manager, flowManagerHandlers);
export const flowWorkEndpoints = bindEndpoints(registry.flow.work, flowWorkHandlers);
export const flowFollowEndpoints = bindEndpoints(registry.flow.follow, flowFollowHandlers);
export const flowProcessEndpoints = bindEndpoints(registry.flow.process, flowProcessHandlers);
export const processLeaveEndpoints = bindEndpoints(registry.flow.leave, processLeaveHandlers);
