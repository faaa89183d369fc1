import { registry } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { analyzeApps } from '../app/analysis.js';

export const appAnalysisResource = bindResource(registry.aps.appAnalysis, {
  extras: defineExtraHandlers(registry.aps.appAnalysis, {
    page: ({ ctx, caller, query }) => analyzeApps(ctx, caller, query),
  }),
});
