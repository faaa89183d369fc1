import { socialProvider } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { socialProviderExtraHandlers } from './extras.js';
import { socialProviderRules } from './rules.js';

export const socialProviderResource = bindResource(socialProvider, { rules: socialProviderRules, extras: socialProviderExtraHandlers });
