import { sms } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { smsExtraHandlers } from './extras.js';
import { smsRules } from './rules.js';

export const smsResource = bindResource(sms, { rules: smsRules, extras: smsExtraHandlers });
