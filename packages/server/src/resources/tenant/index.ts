import { tenant } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { tenantExtraHandlers } from './extras.js';
import { tenantRules } from './rules.js';

export const tenantResource = bindResource(tenant, { rules: tenantRules, extras: tenantExtraHandlers });
