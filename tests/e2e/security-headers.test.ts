import type { TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, settled, step } from './steps.testkit.js';

/**
 * The web app and /doc.html run under the server's Content-Security-Policy without a single
 * violation: sign-in, the dashboards (echarts), a generic list, a dialog and swagger-ui.
 */
const PASSWORD = 'Admin@2024!';
let server: TestServer;
let page: Page;
let pageErrors: string[] = [];
/** Every violation the page reported, from the DOM event and from the console. */
const violations: string[] = [];

useBrowserSuite({ adminPassword: PASSWORD }, (suite) => ({ server, page, pageErrors } = suite));

async function listenForViolations(): Promise<void> {
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} at ${event.documentURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
}

describe.skipIf(!runnable)('the content security policy in the browser', () => {
  it('lets the console and /doc.html run without a violation', async () => {
    await listenForViolations();
    await step(page, 'csp-01-sign-in', async () => {
      const answer = await page.goto(`${server.baseUrl}/login`);
      expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(PASSWORD);
      await button(page, '登录').click();
      await page.waitForURL('**/wel/index');
      await page.getByTestId('sidebar').getByText('系统管理').waitFor();
    });
    await step(page, 'csp-02-dashboards', async () => {
      await page.locator('canvas').first().waitFor();
      await page.goto(`${server.baseUrl}/wel/dashboard`);
      await page.locator('canvas').first().waitFor();
    });
    await step(page, 'csp-03-generic-list', async () => {
      await page.goto(`${server.baseUrl}/system/param/index`);
      await page.locator('.ant-table-row').filter({ hasText: 'account.failCount' }).first().waitFor();
    });
    await step(page, 'csp-04-dialog', async () => {
      await button(page, '新增').click();
      const dialog = await settled(page.getByRole('dialog'));
      await dialog.getByRole('button', { name: /取\s*消/ }).click();
      await dialog.waitFor({ state: 'hidden' });
    });
    await step(page, 'csp-05-doc', async () => {
      await page.goto(`${server.baseUrl}/doc.html`);
      await page.locator('.swagger-ui .info').getByText('SSO platform API').waitFor();
      await page.locator('.opblock-tag').first().waitFor();
    });
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('reports a violation when a page does break the policy (the listener works)', async () => {
    await page.goto(`${server.baseUrl}/login`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations[0]).toContain('script-src');
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });
});
