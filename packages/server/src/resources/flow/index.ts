import { registry } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { flowFollowHandlers } from './follow-extras.js';
import { processLeaveHandlers } from './leave-extras.js';
import { flowManagerHandlers } from './manager-extras.js';
import { flowModelHandlers } from './model-extras.js';
import { flowProcessHandlers } from './process-extras.js';
import { flowWorkHandlers } from './work-extras.js';

/** The workflow's calls (blade-flow and the leave process), executed by the engine in `flow/`. */
export const flowModelResource = bindResource(registry.flow.model, { extras: flowModelHandlers });
export const flowManagerResource = bindResource(registry.flow.manager, { extras: flowManagerHandlers });
export const flowWorkResource = bindResource(registry.flow.work, { extras: flowWorkHandlers });
export const flowFollowResource = bindResource(registry.flow.follow, { extras: flowFollowHandlers });
export const flowProcessResource = bindResource(registry.flow.process, { extras: flowProcessHandlers });
export const processLeaveResource = bindResource(registry.flow.leave, { extras: processLeaveHandlers });
