import { registry } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { dashExtraHandlers } from './extras.js';

export const dashResource = bindResource(registry.desk.dash, { extras: dashExtraHandlers });
