import { datasource } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { datasourceExtraHandlers } from './extras.js';
import { datasourceRules } from './rules.js';

export const datasourceResource = bindResource(datasource, { rules: datasourceRules, extras: datasourceExtraHandlers });
