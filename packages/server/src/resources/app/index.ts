import { app } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { appExtraHandlers } from './extras.js';
import { appRules } from './rules.js';

export const appResource = bindResource(app, { rules: appRules, extras: appExtraHandlers });
