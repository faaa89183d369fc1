import { COMPLIANCE_DEFAULTS, COMPLIANCE_LIMITS, COMPLIANCE_PARAMS, COMPLIANCE_SWITCHES, type ComplianceSettings } from '@sso/shared-api';
import type { Db } from './database.js';
import { type ParamReader, paramsThrough } from './params.js';

/** Off: what every control is while a tenant's profile is off. */
const OFF: Omit<ComplianceSettings, 'profile' | 'forcedByPlatform'> = {
  passwordExpiryDays: 0,
  passwordHistory: 0,
  passwordMinAgeDays: 0,
  accountDormantDays: 0,
  sessionIdleMinutes: 0,
  sessionMaxHours: 0,
  adminRequireSecondFactor: false,
  adminRequirePasskey: false,
};

/**
 * The one reading of the profile switch. The profile is on when the tenant turned it on, or when
 * the platform's own value is `true` (the platform turns it on for every tenant and no tenant can
 * then turn it off). Read through `params`: the cached `Params`, or `paramsThrough(trx)` for a
 * check made inside a transaction. Answers the tenant's own values too, for the limits.
 */
async function profileSwitch(params: ParamReader, tenantId: string) {
  const own = await params.ownValues(tenantId);
  const forcedByPlatform = (await params.get(COMPLIANCE_PARAMS.profile)) === 'true';
  const profile = forcedByPlatform || own.get(COMPLIANCE_PARAMS.profile) === 'true';
  return { profile, forcedByPlatform, own };
}

/** Whether the tenant's profile is on, read through `params` (see `profileSwitch`). */
export async function profileOn(params: ParamReader, tenantId: string): Promise<boolean> {
  return (await profileSwitch(params, tenantId)).profile;
}

/**
 * A tenant's compliance settings as they apply, read through `params` (see `profileSwitch`). The
 * limits apply only while the profile is on: each is the tenant's value, else the platform's, else
 * the default; a malformed value counts as unset.
 */
export async function complianceOf(params: ParamReader, tenantId: string): Promise<ComplianceSettings> {
  const { profile, forcedByPlatform, own } = await profileSwitch(params, tenantId);
  if (!profile) return { profile, forcedByPlatform, ...OFF };
  const value = async (setting: keyof typeof COMPLIANCE_PARAMS) =>
    own.get(COMPLIANCE_PARAMS[setting]) ?? (await params.get(COMPLIANCE_PARAMS[setting]));
  const settings: ComplianceSettings = { profile, forcedByPlatform, ...COMPLIANCE_DEFAULTS };
  for (const setting of COMPLIANCE_LIMITS) {
    const text = await value(setting);
    const number = Number(text);
    if (text !== undefined && text.trim() !== '' && Number.isInteger(number) && number >= 0) settings[setting] = number;
  }
  for (const setting of COMPLIANCE_SWITCHES) {
    const text = await value(setting);
    if (text === 'true' || text === 'false') settings[setting] = text === 'true';
  }
  return settings;
}

/** Whether any tenant holds the profile on (the platform for all, or one tenant for itself). */
export async function anyProfileOn(db: Db): Promise<boolean> {
  const own = await db
    .selectFrom('blade_tenant_param')
    .select('tenantId')
    .where('paramKey', '=', COMPLIANCE_PARAMS.profile)
    .where('paramValue', '=', 'true')
    .limit(1)
    .executeTakeFirst();
  if (own) return true;
  return (await paramsThrough(db).get(COMPLIANCE_PARAMS.profile)) === 'true';
}
