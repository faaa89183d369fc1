import { registry } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { appUserRules } from './rules.js';

export const appUserResource = bindResource(registry.aps.appUser, { rules: appUserRules });
