import { region } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { regionExtraHandlers } from './extras.js';
import { regionRules } from './rules.js';

export const regionResource = bindResource(region, { rules: regionRules, extras: regionExtraHandlers });
