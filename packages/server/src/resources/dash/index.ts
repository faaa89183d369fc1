import { registry } from '@sso/shared-api';
import { bindEndpoints } from '../../engine/bind.js';
import { dashExtraHandlers } from './extras.js';

export const dashEndpoints = bindEndpoints(registry.desk.dash, dashExtraHandlers);
