import { COMPLIANCE_DEFAULTS, COMPLIANCE_LIMITS, COMPLIANCE_PARAMS, COMPLIANCE_SWITCHES, type ComplianceSettings } from '@sso/shared-api';
import type { Params } from './params.js';

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
 * A tenant's compliance settings as they apply. The profile is on when the tenant turned it on,
 * or when the platform's own value is `true` (the platform turns it on for every tenant and no
 * tenant can then turn it off). The limits apply only while the profile is on: each is the
 * tenant's value, else the platform's, else the default; a malformed value counts as unset.
 */
export async function complianceOf(params: Params, tenantId: string): Promise<ComplianceSettings> {
  const own = await params.ownValues(tenantId);
  const forcedByPlatform = (await params.get(COMPLIANCE_PARAMS.profile)) === 'true';
  const profile = forcedByPlatform || own.get(COMPLIANCE_PARAMS.profile) === 'true';
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
