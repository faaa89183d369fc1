import { code } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { codeExtraHandlers } from './extras.js';
import { codeRules } from './rules.js';

export const codeResource = bindResource(code, { rules: codeRules, extras: codeExtraHandlers });
