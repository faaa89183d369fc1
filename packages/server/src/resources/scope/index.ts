import { apiScope, dataScope } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { apiScopeRules, dataScopeRules } from './rules.js';

export const dataScopeResource = bindResource(dataScope, { rules: dataScopeRules });
export const apiScopeResource = bindResource(apiScope, { rules: apiScopeRules });
