import { topMenu } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { topMenuExtraHandlers } from './extras.js';
import { topMenuRules } from './rules.js';

export const topMenuResource = bindResource(topMenu, { rules: topMenuRules, extras: topMenuExtraHandlers });
