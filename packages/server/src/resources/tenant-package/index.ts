import { tenantPackage } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { tenantPackageExtraHandlers } from './extras.js';
import { tenantPackageRules } from './rules.js';

export const tenantPackageResource = bindResource(tenantPackage, { rules: tenantPackageRules, extras: tenantPackageExtraHandlers });
