import { registry } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { appLoginLogExtraHandlers } from './extras.js';
import { appLoginLogRules } from './rules.js';

export const appLoginLogResource = bindResource(registry.aps.appLoginLog, { extras: appLoginLogExtraHandlers, rules: appLoginLogRules });
