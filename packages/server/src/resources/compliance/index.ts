import { registry } from '@sso/shared-api';
import { complianceOf } from '../../db/compliance.js';
import { bindEndpoints } from '../../engine/bind.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { wantsEnglish } from '../../http/language.js';
import { personalDataOf, rotatePersonalDataKey } from './personal-data.js';
import { complianceReportOf } from './report.js';
import { saveComplianceSettings } from './settings.js';

/** The tenant's compliance profile: the report of its controls, its settings as they apply, and the tenant's choice of them. */
export const complianceEndpoints = bindEndpoints(
  registry.system.compliance,
  defineExtraHandlers(registry.system.compliance, {
    report: ({ ctx, caller, request }) => complianceReportOf(ctx, caller.tenant_id, wantsEnglish(request)),
    settings: ({ ctx, caller }) => complianceOf(ctx.params, caller.tenant_id),
    saveSettings: ({ ctx, caller, body }) => saveComplianceSettings(ctx, caller, body),
    personalData: ({ ctx, caller }) => personalDataOf(ctx, caller),
    rotatePersonalDataKey: ({ ctx, caller }) => rotatePersonalDataKey(ctx, caller),
  }),
);
