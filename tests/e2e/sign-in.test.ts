import { join } from 'node:path';
import type { TestServer } from '@sso/server/testing';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifacts, CHROMIUM, runnable, useBrowserSuite } from './browser.testkit.js';

let server: TestServer;
let browser: Browser;

if (!runnable) console.warn(`browser suite skipped: no chromium at ${CHROMIUM}`);
// Each test opens its own page (a fresh session) in the suite's browser.
useBrowserSuite({}, (suite) => ({ server, browser } = suite));

describe.skipIf(!runnable)('the web app served by the platform', () => {
  it('signs in through the login page; the seeded admin must first change its password', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByText('钢铁集团单点登录平台').waitFor();
    await expect.poll(() => page.title()).toBe('登录 - 钢铁集团单点登录平台');

    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill('wrong-password');
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await page.getByText('用户名或密码错误').waitFor();

    await page.getByLabel('密码').fill('admin');
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await page.waitForURL('**/password-lock');
    await page.screenshot({ path: join(artifacts, 'password-lock.png') });
    const stored = await page.evaluate(() => localStorage.getItem('sso-session'));
    const record = JSON.parse(stored ?? '{}');
    expect(record.content.token.account).toBe('admin');
    expect(typeof record.datetime).toBe('number');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'sso-access-token')?.value).toBe(record.content.token.access_token);
  });

  it('sends signed-out visitors of other pages to /login, shows /404, and serves the API docs', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/no/such/page`);
    await page.waitForURL('**/login');
    await page.goto(`${server.baseUrl}/404`);
    await page.getByText('抱歉，你访问的页面不存在').waitFor();
    const docs = await page.goto(`${server.baseUrl}/doc.html/`);
    expect(docs?.status()).toBe(200);
  });
});
