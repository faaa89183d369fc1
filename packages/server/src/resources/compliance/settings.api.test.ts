import type { ComplianceSettings } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { createTenantWithAdmin, failure, useTestServer } from '../../api-suite.testkit.js';

/**
 * A tenant's compliance profile: off by default with every limit off; on, the limits are the
 * platform's values unless the tenant chose its own; the platform can turn it on for every tenant,
 * and then no tenant can turn it off. Each change is a security event.
 */
const suite = useTestServer();

describe('compliance settings', () => {
  it('are off by default and, once the tenant turns the profile on, take the platform values', async () => {
    const admin = await createTenantWithAdmin(suite.server, '620001');
    const off = (await admin.sdk.system.compliance.settings()) as ComplianceSettings;
    expect(off).toMatchObject({ profile: false, forcedByPlatform: false, passwordExpiryDays: 0, adminRequireSecondFactor: false });
    const on = (await admin.sdk.system.compliance.saveSettings({ profile: true, passwordHistory: 3 })) as ComplianceSettings;
    expect(on).toMatchObject({
      profile: true,
      passwordExpiryDays: 90,
      passwordHistory: 3,
      sessionIdleMinutes: 30,
      adminRequireSecondFactor: true,
    });
    const back = (await admin.sdk.system.compliance.saveSettings({ passwordHistory: null })) as ComplianceSettings;
    expect(back.passwordHistory).toBe(5);
    const events = await suite.server.ctx.db
      .selectFrom('blade_log_usual')
      .select('logId')
      .where('tenantId', '=', '620001')
      .where('logId', '=', 'tenant.compliance-setting')
      .execute();
    expect(events).toHaveLength(2);
    // Another tenant is untouched.
    const other = await createTenantWithAdmin(suite.server, '620002');
    expect(((await other.sdk.system.compliance.settings()) as ComplianceSettings).profile).toBe(false);
  });

  it('refuses malformed limits and changes nothing', async () => {
    const admin = await createTenantWithAdmin(suite.server, '620003');
    const refused = await failure(admin.sdk, admin.sdk.system.compliance.saveSettings({ profile: true, passwordExpiryDays: -1 }));
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('天数');
    expect(((await admin.sdk.system.compliance.settings()) as ComplianceSettings).profile).toBe(false);
  });

  it('lets only the platform turn the profile on for every tenant, which no tenant can then turn off', async () => {
    const admin = await createTenantWithAdmin(suite.server, '620004');
    expect((await failure(admin.sdk, admin.sdk.system.compliance.saveSettings({ forAllTenants: true }))).code).toBe(403);
    await suite.admin.system.compliance.saveSettings({ forAllTenants: true });
    try {
      expect(await admin.sdk.system.compliance.settings()).toMatchObject({ profile: true, forcedByPlatform: true });
      expect((await failure(admin.sdk, admin.sdk.system.compliance.saveSettings({ profile: false }))).code).toBe(400);
    } finally {
      await suite.admin.system.compliance.saveSettings({ forAllTenants: false });
    }
    expect(((await admin.sdk.system.compliance.settings()) as ComplianceSettings).profile).toBe(false);
  });
});
