import { registry } from '@sso/shared-api';
import { bindEndpoints, bindResource } from '../../engine/bind.js';
import { appParameterExtraHandlers } from './extras.js';
import { ledgerClientExtraHandlers } from './market.js';
import { appNetworkRules, appParameterRules, feedbackRules } from './rules.js';

export const appParameterResource = bindResource(registry.ledger.appParameter, {
  rules: appParameterRules,
  extras: appParameterExtraHandlers,
});
export const appParameterCommentsResource = bindResource(registry.ledger.appParameterComments, { rules: feedbackRules });
export const appParameterLikeResource = bindResource(registry.ledger.appParameterLike, { rules: feedbackRules });
export const appParameterLogResource = bindResource(registry.ledger.appParameterLog);
export const appNetworkResource = bindResource(registry.ledger.appNetwork, { rules: appNetworkRules });
export const ledgerClientEndpoints = bindEndpoints(registry.ledger.client, ledgerClientExtraHandlers);
