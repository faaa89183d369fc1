import { role } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { roleExtraHandlers } from './extras.js';
import { roleRules } from './rules.js';

export const roleResource = bindResource(role, { rules: roleRules, extras: roleExtraHandlers });
