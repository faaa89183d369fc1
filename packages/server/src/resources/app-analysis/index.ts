import { registry } from '@sso/shared-api';
import { analyzeApps } from '../../apps/usage-analysis.js';
import { bindEndpoints } from '../../engine/bind.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';

export const appAnalysisEndpoints = bindEndpoints(
  registry.aps.appAnalysis,
  defineExtraHandlers(registry.aps.appAnalysis, {
    page: ({ ctx, caller, query }) => analyzeApps(ctx, caller, query),
  }),
);
