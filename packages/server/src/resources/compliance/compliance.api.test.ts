import type { ComplianceReportAnswer, ComplianceSettings } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { createTenantWithAdmin, failure, signInAdmin, useTestServer } from '../../api-suite.testkit.js';

/**
 * A tenant's compliance report and profile. The report lists each control with its state for the
 * tenant and what to change. The profile: off by default with every limit off; on, the limits are the
 * platform's values unless the tenant chose its own; the platform can turn it on for every tenant,
 * and then no tenant can turn it off. Each change is a security event.
 */
const suite = useTestServer();

describe('compliance settings', () => {
  it('are off by default and, once the tenant turns the profile on, take the platform values', async () => {
    const admin = await createTenantWithAdmin(suite.server, '620001');
    const off = (await admin.sdk.system.compliance.settings()) as ComplianceSettings;
    expect(off).toMatchObject({ profile: false, forcedByPlatform: false, passwordExpiryDays: 0, adminRequireSecondFactor: false });
    // Off everywhere, nothing is encrypted (unless the run asks for it throughout).
    const encryptedThroughout = suite.server.ctx.config.SSO_ENCRYPT_PERSONAL_DATA === 'true';
    expect(suite.server.ctx.database.personalData.enabled).toBe(encryptedThroughout);
    const on = (await admin.sdk.system.compliance.saveSettings({ profile: true, passwordHistory: 3 })) as ComplianceSettings;
    // One tenant's profile brings the encryption at rest of personal data, platform-wide as its keys are.
    expect(suite.server.ctx.database.personalData.enabled).toBe(true);
    const report = (await admin.sdk.system.compliance.report()) as ComplianceReportAnswer;
    expect(report.controls.find((control) => control.id === 'crypto.sm4')).toMatchObject({ state: 'met' });
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

describe('the compliance report', () => {
  const stateOf = (report: ComplianceReportAnswer, id: string) => report.controls.find((control) => control.id === id);

  it("answers every control with its state, and follows the tenant's settings", async () => {
    const admin = await createTenantWithAdmin(suite.server, '620011');
    const before = (await admin.sdk.system.compliance.report()) as ComplianceReportAnswer;
    expect(before.tenantId).toBe('620011');
    expect(before.controls.length).toBeGreaterThanOrEqual(18);
    for (const control of before.controls) {
      expect(['met', 'not met', 'n/a']).toContain(control.state);
      expect(control.title).not.toBe('');
      expect(control.detail).not.toBe('');
    }
    expect(stateOf(before, 'profile')?.state).toBe('not met');
    expect(stateOf(before, 'password.expiry')).toMatchObject({ state: 'not met', detail: expect.stringContaining('password.expiryDays') });
    expect(stateOf(before, 'audit.chain')?.state).toBe('met');
    expect(stateOf(before, 'transport.tlcp')?.state).toBe('n/a');
    expect(stateOf(before, 'sign-in.captcha')?.state).toBe('not met');
    // The sign-in page's own rule: a captcha parameter naming the tenant covers it.
    const captcha = (value: string) =>
      suite.server.ctx.db.updateTable('blade_param').set({ paramValue: value }).where('paramKey', '=', 'captcha.enabled').execute();
    await captcha('000000,620011');
    suite.server.ctx.cache.invalidate('blade_param');
    try {
      expect(stateOf((await admin.sdk.system.compliance.report()) as ComplianceReportAnswer, 'sign-in.captcha')?.state).toBe('met');
    } finally {
      await captcha('false');
      suite.server.ctx.cache.invalidate('blade_param');
    }

    await admin.sdk.system.compliance.saveSettings({ profile: true, passwordExpiryDays: 60 });
    const after = (await admin.sdk.system.compliance.report()) as ComplianceReportAnswer;
    expect(after.profile).toBe(true);
    expect(stateOf(after, 'profile')?.state).toBe('met');
    expect(stateOf(after, 'password.expiry')).toMatchObject({ state: 'met', detail: expect.stringContaining('60') });
    expect(stateOf(after, 'session.idle')?.state).toBe('met');
    expect(stateOf(after, 'audit.retention')?.state).toBe('met');
  });

  it('names the first broken audit record', async () => {
    const admin = await createTenantWithAdmin(suite.server, '620012');
    const row = await suite.server.ctx.db
      .selectFrom('blade_log_login')
      .select('id')
      .where('tenantId', '=', '620012')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await suite.server.ctx.db.updateTable('blade_log_login').set({ account: 'someone-else' }).where('id', '=', row.id).execute();
    const report = (await admin.sdk.system.compliance.report()) as ComplianceReportAnswer;
    expect(stateOf(report, 'audit.chain')).toMatchObject({ state: 'not met', detail: expect.stringContaining(row.id) });
  });

  it('answers in English with Accept-Language: en', async () => {
    const en = await signInAdmin(suite.server, { language: 'en' });
    const report = (await en.system.compliance.report()) as ComplianceReportAnswer;
    expect(stateOf(report, 'session.idle')?.title).toBe('Idle session timeout');
    expect(JSON.stringify(report)).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
