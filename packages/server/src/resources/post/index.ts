import { post } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { postExtraHandlers } from './extras.js';
import { postRules } from './rules.js';

export const postResource = bindResource(post, { rules: postRules, extras: postExtraHandlers });
