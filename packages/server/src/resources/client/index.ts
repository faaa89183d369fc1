import { client } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { clientExtraHandlers } from './extras.js';
import { clientRules } from './rules.js';

export const clientResource = bindResource(client, { rules: clientRules, extras: clientExtraHandlers });
