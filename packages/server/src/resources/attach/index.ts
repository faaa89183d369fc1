import { attach } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { attachExtraHandlers } from './extras.js';
import { attachRules } from './rules.js';

export const attachResource = bindResource(attach, { rules: attachRules, extras: attachExtraHandlers });
