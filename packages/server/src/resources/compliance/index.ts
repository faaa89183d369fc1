import { registry } from '@sso/shared-api';
import { complianceOf } from '../../db/compliance.js';
import { bindEndpoints } from '../../engine/bind.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { saveComplianceSettings } from './settings.js';

/** The tenant's compliance profile: its settings as they apply, and the tenant's choice of them. */
export const complianceEndpoints = bindEndpoints(
  registry.system.compliance,
  defineExtraHandlers(registry.system.compliance, {
    settings: ({ ctx, caller }) => complianceOf(ctx.params, caller.tenant_id),
    saveSettings: ({ ctx, caller, body }) => saveComplianceSettings(ctx, caller, body),
  }),
);
