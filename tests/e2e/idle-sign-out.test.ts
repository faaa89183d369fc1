import type { TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, runnable, useBrowserSuite } from './browser.testkit.js';
import { button, step, toast } from './steps.testkit.js';

/**
 * The compliance profile's idle limit in the browser: the sign-in answer carries the tenant's
 * minutes, and a console left that long without input signs out to the sign-in page, saying why.
 * The story moves the last input back rather than waiting the minutes out.
 */
const ADMIN_PASSWORD = 'Idle@2026x';

let server: TestServer;
let page: Page;
let pageErrors: string[];

if (!runnable) console.warn(`browser suite skipped: no chromium at ${CHROMIUM}`);
useBrowserSuite({ adminPassword: ADMIN_PASSWORD }, (suite) => ({ server, page, pageErrors } = suite));

describe.runIf(runnable)('idle limit', () => {
  it('signs the console out after the tenant’s idle minutes without input', async () => {
    const admin = server.client();
    await admin.login({ username: 'admin', password: ADMIN_PASSWORD, tenantId: '000000' });
    await admin.system.compliance.saveSettings({ profile: true, adminRequireSecondFactor: false, sessionIdleMinutes: 1 });

    await step(page, 'idle-signed-in', async () => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(ADMIN_PASSWORD);
      await button(page, '登录').click();
      await page.waitForURL('**/wel/index');
      const stored = await page.evaluate(
        () => JSON.parse(localStorage.getItem('sso-session') ?? '{}').content?.token?.session_idle_minutes,
      );
      expect(stored).toBe(1);
    });

    await step(page, 'idle-signed-out', async () => {
      // Two minutes without input, as far as the console can tell.
      await page.evaluate(() => {
        const at = Date.now() - 2 * 60_000;
        localStorage.setItem('sso-lastInput', JSON.stringify({ dataType: 'number', content: at, datetime: at }));
      });
      await page.waitForURL('**/login**');
      await toast(page, '长时间未操作，已自动退出登录');
      expect(await page.evaluate(() => localStorage.getItem('sso-session'))).toBeNull();
    });
    expect(pageErrors).toEqual([]);
  });
});
