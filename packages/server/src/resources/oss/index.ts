import { oss } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { ossExtraHandlers } from './extras.js';
import { ossRules } from './rules.js';

export const ossResource = bindResource(oss, { rules: ossRules, extras: ossExtraHandlers });
