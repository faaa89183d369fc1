import { dept } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { deptExtraHandlers } from './extras.js';
import { deptRules } from './rules.js';

export const deptResource = bindResource(dept, { rules: deptRules, extras: deptExtraHandlers });
