import { menu } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { menuExtraHandlers } from './extras.js';
import { menuRules } from './rules.js';

export const menuResource = bindResource(menu, { rules: menuRules, extras: menuExtraHandlers });
