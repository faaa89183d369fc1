import {
  badRequest,
  COMPLIANCE_PARAMS,
  type ComplianceSetting,
  type ComplianceSettingsInput,
  DEFAULT_TENANT_ID,
  forbidden,
  complianceMessages as m,
} from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { complianceOf } from '../../db/compliance.js';
import { stamps, updateStamps } from '../../engine/stamps.js';
import type { Caller } from '../../kernel/caller.js';
import { ensurePersonalDataEncrypted } from './personal-data.js';

/**
 * Saves a tenant's own compliance settings (a value, or null to fall back to the platform's) and,
 * from the platform tenant only, whether the profile is on for every tenant. Refused: turning the
 * profile off for a tenant while the platform holds it on for all.
 */
export async function saveComplianceSettings(ctx: AppContext, caller: Caller, input: ComplianceSettingsInput) {
  const { forAllTenants, ...settings } = input;
  const tenantId = caller.tenant_id;
  if (forAllTenants !== undefined && tenantId !== DEFAULT_TENANT_ID) throw forbidden(m.say.forAllPlatformOnly);
  const forcedOn = forAllTenants ?? (await ctx.params.get(COMPLIANCE_PARAMS.profile)) === 'true';
  if (settings.profile === false && forcedOn && tenantId !== DEFAULT_TENANT_ID) throw badRequest(m.say.forcedOn);
  const own: Record<string, string | null> = {};
  for (const [setting, value] of Object.entries(settings) as [ComplianceSetting, number | boolean | null][]) {
    own[COMPLIANCE_PARAMS[setting]] = value === null ? null : String(value);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.params.setOwn(tenantId, own, caller.user_id, trx);
    if (forAllTenants !== undefined) await setPlatformProfile(trx, ctx, forAllTenants, caller.user_id);
    await ctx.audit.write(trx, {
      type: 'tenant.compliance-setting',
      actor: caller,
      targets: [{ kind: 'tenant', id: tenantId }],
      detail: { ...input },
    });
  });
  ctx.cache.invalidate('blade_tenant_param');
  if (forAllTenants !== undefined) ctx.cache.invalidate('blade_param');
  const saved = await complianceOf(ctx.params, tenantId);
  // A profile turned on brings the encryption at rest of personal data (platform-wide, as its keys are).
  if (saved.profile) await ensurePersonalDataEncrypted(ctx);
  return saved;
}

/** The platform's `compliance.profile` (the parameter screen's row, made if it was removed). */
async function setPlatformProfile(trx: AppContext['db'], ctx: AppContext, on: boolean, userId: string) {
  const paramValue = String(on);
  const updated = await trx
    .updateTable('blade_param')
    .set({ paramValue, ...updateStamps({ user_id: userId }) })
    .where('paramKey', '=', COMPLIANCE_PARAMS.profile)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) return;
  await trx
    .insertInto('blade_param')
    .values({
      id: ctx.ids.next(),
      paramName: '合规配置（等保三级）',
      paramKey: COMPLIANCE_PARAMS.profile,
      paramValue,
      ...stamps({ user_id: userId }),
    })
    .execute();
}
