import { dict, dictBiz } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { dictExtraHandlers } from './extras.js';
import { dictRules } from './rules.js';

/** The system and the business dictionaries share one table shape, one set of rules and extras. */
export const dictResource = bindResource(dict, { rules: dictRules, extras: dictExtraHandlers });
export const dictBizResource = bindResource(dictBiz, { rules: dictRules, extras: dictExtraHandlers });
