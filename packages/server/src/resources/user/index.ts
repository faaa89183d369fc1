import { user } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { userExtraHandlers } from './extras.js';
import { userRules } from './rules.js';

export const userResource = bindResource(user, { rules: userRules, extras: userExtraHandlers });
