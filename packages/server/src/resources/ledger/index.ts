import { registry } from '@sso/shared-api';
import { bindEndpoints, bindResource } from '../../engine/bind.js';
import { ledgerEntryExtraHandlers } from './extras.js';
import { ledgerClientExtraHandlers } from './market.js';
import { feedbackRules, ledgerEntryRules, ledgerNetworkRules } from './rules.js';

export const ledgerEntryResource = bindResource(registry.ledger.entry, {
  rules: ledgerEntryRules,
  extras: ledgerEntryExtraHandlers,
});
export const ledgerCommentsResource = bindResource(registry.ledger.comments, { rules: feedbackRules });
export const ledgerLikesResource = bindResource(registry.ledger.likes, { rules: feedbackRules });
export const ledgerLogResource = bindResource(registry.ledger.log);
export const ledgerNetworkResource = bindResource(registry.ledger.network, { rules: ledgerNetworkRules });
export const ledgerClientEndpoints = bindEndpoints(registry.ledger.client, ledgerClientExtraHandlers);
