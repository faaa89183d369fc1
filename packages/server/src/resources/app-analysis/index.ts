import { registry } from '@sso/shared-api';
import { analyzeApps } from '../../apps/usage-analysis.js';
import { bindResource } from '../../engine/bind.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';

export const appAnalysisResource = bindResource(registry.aps.appAnalysis, {
  extras: defineExtraHandlers(registry.aps.appAnalysis, {
    page: ({ ctx, caller, query }) => analyzeApps(ctx, caller, query),
  }),
});
