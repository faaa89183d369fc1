import type { TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, openedDropdown, step } from './steps.testkit.js';

const PASSWORD = 'Apps@2024!';
let server: TestServer;
let page: Page;
let pageErrors: string[] = [];

useBrowserSuite({ adminPassword: PASSWORD }, (suite) => ({ server, page, pageErrors } = suite));

const WAIT = { timeout: 30_000 };

/** The application menus open the generic page of their resource, with column titles in the language shown. */
const SCREENS = [
  { path: '/aps/app/index', zh: ['应用编码', '应用名称', '登录协议'], en: ['Code', 'Name', 'Sign-on protocol'], row: 'finance' },
  { path: '/aps/appuser/index', zh: ['应用', '用户', '授权时间'], en: ['Application', 'User', 'Granted'], row: '财务系统' },
  { path: '/aps/apploginlog/index', zh: ['应用编码', '账号', '登录地点'], en: ['Code', 'Account', 'City'], row: 'finance' },
  { path: '/aps/appfavorites/index', zh: ['应用', '用户', '收藏时间'], en: ['Application', 'User', 'Added'], row: '财务系统' },
];

async function showsGenericPage(path: string, titles: string[], row: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  const content = page.locator('.sso-admin .ant-layout-content');
  await content.locator('.ant-table').first().waitFor(WAIT);
  for (const title of titles) await content.locator('.ant-table-thead th').filter({ hasText: title }).first().waitFor(WAIT);
  await content.locator('.ant-table-row').filter({ hasText: row }).first().waitFor(WAIT);
  expect(await content.locator('[data-screen="missing"]').count()).toBe(0);
}

describe.skipIf(!runnable)('the application menus', () => {
  it('open the generic page of their resource in Chinese and in English', async () => {
    const admin = await server.client();
    await admin.login({ username: 'admin', password: PASSWORD });
    const app = (await admin.call('POST', '/api/blade-aps/app/submit', undefined, {
      appCode: 'finance',
      appName: '财务系统',
      appType: '1',
      appCategory: '4',
      appUrl: 'https://finance.example.com/',
      redirectUris: '',
      protocol: 'link',
      status: 1,
    })) as { id: string };
    const info = (await admin.call('GET', '/api/blade-auth/oauth/user-info')) as { user_id?: string; userId?: string };
    const userId = String(info.user_id ?? info.userId);
    await admin.call('POST', '/api/blade-aps/appuser/submit', undefined, { appId: app.id, userId });
    await admin.call('GET', '/api/blade-portal/client/app/open', { id: app.id });
    await admin.call('GET', '/api/blade-portal/client/app/saveAppFavorites', { appId: app.id });

    await step(page, 'apps-01-sign-in', async () => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(PASSWORD);
      await button(page, '登录').click();
      await page.waitForURL('**/wel/index');
    });
    for (const screen of SCREENS) {
      await step(page, `apps-zh${screen.path.replace(/\//g, '-')}`, () => showsGenericPage(screen.path, screen.zh, screen.row));
    }
    await step(page, 'apps-02-english', async () => {
      await page.getByRole('button', { name: '中英文' }).click();
      await (await openedDropdown(page)).getByRole('menuitem', { name: 'English' }).click();
      await page
        .getByTestId('sidebar')
        .getByRole('menuitem', { name: /System$/ })
        .waitFor(WAIT);
    });
    for (const screen of SCREENS) {
      await step(page, `apps-en${screen.path.replace(/\//g, '-')}`, () => showsGenericPage(screen.path, screen.en, screen.row));
    }
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
