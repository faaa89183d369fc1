import { syncRule, syncSource } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { syncSourceExtraHandlers } from './extras.js';
import { syncRuleRules } from './rule-rules.js';
import { syncSourceRules } from './rules.js';

export const syncSourceResource = bindResource(syncSource, { rules: syncSourceRules, extras: syncSourceExtraHandlers });
export const syncRuleResource = bindResource(syncRule, { rules: syncRuleRules });
