import { appMenu } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { appMenuExtraHandlers } from './extras.js';
import { appMenuRules } from './rules.js';

export const appMenuResource = bindResource(appMenu, { rules: appMenuRules, extras: appMenuExtraHandlers });
