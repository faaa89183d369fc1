import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, runnable, useBrowserSuite } from './browser.testkit.js';
import {
  button,
  chineseOnEnglishPages,
  chineseUiTextUnder,
  confirm,
  openedDialog,
  openedDropdown,
  scrollsSideways,
  settled,
  step,
  toast,
} from './steps.testkit.js';

const ADMIN_PASSWORD = 'Portal@2024';
const STAFF = { account: 'portal_staff', first: 'Sso@123456', password: 'Staff@2024' };

let server: TestServer;
let page: Page;
let pageErrors: string[];

if (!runnable) console.warn(`browser suite skipped: no chromium at ${CHROMIUM}`);
useBrowserSuite({ adminPassword: ADMIN_PASSWORD }, (suite) => ({ server, page, pageErrors } = suite));

/** A business application on 127.0.0.1 reached by a plain link: it counts the visits it gets. */
const site = { server: undefined as Server | undefined, base: '', visits: [] as string[] };
const ids: Record<string, string> = {};

beforeAll(async () => {
  if (!runnable) return;
  site.server = createServer((request, response) => {
    if (!request.url?.startsWith('/finance')) return response.writeHead(404).end(); // the browser's favicon
    site.visits.push(request.url);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>finance</title><h1 id="finance">finance</h1>');
  });
  await new Promise<void>((resolve) => site.server?.listen(0, '127.0.0.1', resolve));
  site.base = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;

  const admin = await server.client();
  await admin.login({ username: 'admin', password: ADMIN_PASSWORD });
  const post = (path: string, body: Record<string, unknown>) => admin.call('POST', path, undefined, body) as Promise<{ id: string }>;
  // A role without a single admin menu: its holder is staff, who lands on the portal.
  await admin.system.role.submit({ roleName: 'Portal staff', roleAlias: 'portal_staff', parentId: '0', sort: 1 });
  const role = await server.ctx.db.selectFrom('blade_role').select('id').where('roleAlias', '=', 'portal_staff').executeTakeFirstOrThrow();
  const dept = admin.session?.token.dept_id ?? '';
  // Created without a password: the first sign-in asks for a new one.
  await admin.user.user.submit({
    account: STAFF.account,
    name: 'Staff',
    realName: 'Staff One',
    userType: 1,
    sex: 1,
    roleId: role.id,
    deptId: dept,
  });
  const staff = await server.ctx.db.selectFrom('blade_user').select('id').where('account', '=', STAFF.account).executeTakeFirstOrThrow();

  const app = async (appCode: string, appName: string, appUrl: string) => {
    const row = await post('/api/blade-aps/app/submit', {
      appCode,
      appName,
      appType: '1',
      appCategory: '1',
      appUrl,
      redirectUris: '',
      protocol: 'link',
      status: 1,
    });
    ids[appCode] = String(row.id);
  };
  await app('finance', '财务系统', `${site.base}/finance/home`);
  await app('mes', '生产执行系统', 'https://mes.example.com/');
  await app('secret', '保密系统', 'https://secret.example.com/');
  await post('/api/blade-aps/appuser/submit', { appId: ids.finance, userId: staff.id });
  await post('/api/blade-aps/appuser/submit', { appId: ids.mes, roleId: role.id });
});

afterAll(async () => {
  await new Promise((resolve) => (site.server ? site.server.close(resolve) : resolve(undefined)));
});

/** Visible portal text with a Chinese character, leaving out data (.sso-data, tr.ant-table-row, .ant-descriptions-item-content). */
const chineseUiText = () => chineseUiTextUnder(page, '.sso-portal', '.sso-data, tr.ant-table-row, .ant-descriptions-item-content');

const PAGES = [
  { path: '/home/index', screen: 'portal-index' },
  { path: '/home/app?appName=', screen: 'portal-market' },
  { path: '/home/favorites', screen: 'portal-favorites' },
  { path: '/home/detail?id=FINANCE', screen: 'portal-detail' },
  { path: '/home/info', screen: 'portal-info' },
];

/** Goes to a portal page and waits until it has drawn its content (no skeleton left). */
async function visit(path: string, screen: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path.replace('FINANCE', ids.finance)}`);
  await settled(page.locator(`[data-screen="${screen}"]`));
  await expect.poll(() => page.locator('.sso-portal .ant-skeleton').count()).toBe(0);
}

describe.skipIf(!runnable)('the /home staff portal', () => {
  it('lands a staff member without admin menus on /home after the first sign-in', async () => {
    await step(page, 'portal-01-landing', async () => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('账号').fill(STAFF.account);
      await page.getByLabel('密码').fill(STAFF.first);
      await button(page, '登录').click();
      await page.waitForURL('**/password-lock');
      await page.getByLabel('原密码').fill(STAFF.first);
      await page.getByLabel('新密码').fill(STAFF.password);
      await page.getByLabel('确认密码').fill(STAFF.password);
      await button(page, '提交').click();
      await page.waitForURL('**/home/index');
      const mine = await settled(page.getByTestId('my-apps'));
      await expect.poll(() => mine.getByTestId('app-tile').count()).toBe(2);
      await expect.poll(() => mine.textContent()).toContain('财务系统');
      expect(await page.locator('.sso-portal').textContent()).not.toContain('保密系统');
      await expect.poll(() => page.locator('.sso-portal-footer').textContent()).toContain('Copyright © 2022');
    });
  });

  it('finds an application by its pinyin initials, favourites it and opens it', async () => {
    await step(page, 'portal-02-search', async () => {
      await page.locator('.sso-portal-search input').fill('cw');
      const option = page.locator('.ant-select-item-option', { hasText: '财务系统' });
      await settled(option);
      await expect.poll(() => page.locator('.ant-select-item-option').count()).toBe(1);
      await option.click();
      await page.waitForURL(`**/home/detail?id=${ids.finance}`);
      await settled(page.locator('[data-screen="portal-detail"]'));
    });
    await step(page, 'portal-03-favourite', async () => {
      await page.getByTestId('app-star').click();
      await toast(page, '已收藏');
      await expect.poll(() => page.getByTestId('app-star').getAttribute('aria-pressed')).toBe('true');
    });
    const visits = site.visits.length;
    await step(page, 'portal-04-open', async () => {
      // On a desktop the application opens in a new tab; the portal stays where it was.
      const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('detail-open').click()]);
      await tab.waitForURL(`${site.base}/finance/home`);
      await expect.poll(() => tab.locator('#finance').textContent()).toBe('finance');
      await tab.close();
    });
    expect(site.visits.slice(visits)).toEqual(['/finance/home']);
  });

  it('shows the open under recently visited, the favourite, and the login log', async () => {
    await step(page, 'portal-05-recent', async () => {
      await visit('/home/index', 'portal-index');
      await expect.poll(() => page.getByTestId('recent-apps').textContent()).toContain('财务系统');
      await expect.poll(() => page.getByTestId('favorite-apps').textContent()).toContain('财务系统');
    });
    await step(page, 'portal-06-login-log', async () => {
      await page.getByTestId('portal-user-menu').click();
      const menu = await openedDropdown(page);
      // Staff hold no admin menu: the dashboard is not offered.
      expect(await menu.textContent()).not.toContain('管理后台');
      await menu.getByText('登录日志').click();
      const dialog = await openedDialog(page, '登录日志');
      await expect.poll(() => dialog.locator('tr.ant-table-row').first().textContent()).toContain('财务系统');
      await dialog.locator('.ant-modal-close').click();
      await dialog.waitFor({ state: 'hidden' });
    });
  });

  it('never shows an ungranted application, in the market or the search', async () => {
    await step(page, 'portal-07-market', async () => {
      await visit('/home/app?appName=', 'portal-market');
      const market = page.getByTestId('market-apps');
      await expect.poll(() => market.getByTestId('app-tile').count()).toBe(2);
      expect(await market.textContent()).not.toContain('保密系统');
      await visit('/home/app?appName=bm', 'portal-market');
      await expect.poll(() => page.locator('[data-screen="portal-market"] .ant-empty').count()).toBe(1);
    });
  });

  it('fits a 390×844 phone on every page, the menu folded into a dropdown, and opens an application in the same tab', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const { path, screen } of PAGES) {
      await step(page, `portal-phone-${screen}`, async () => {
        await visit(path, screen);
        expect(await scrollsSideways(page)).toBe(false);
        expect(await page.locator('.sso-portal-menu').count()).toBe(0);
      });
    }
    await step(page, 'portal-phone-menu', async () => {
      await page.getByTestId('portal-menu-toggle').click();
      const menu = await openedDropdown(page);
      await menu.getByText('我的收藏').click();
      await page.waitForURL('**/home/favorites');
      await expect.poll(() => page.getByTestId('favorite-apps').textContent()).toContain('财务系统');
    });
    const visits = site.visits.length;
    await step(page, 'portal-phone-open', async () => {
      // On a phone (a workbench web view) the application opens in the same tab.
      await page.getByTestId('favorite-apps').getByTestId('app-open').click();
      await page.waitForURL(`${site.base}/finance/home`);
      await page.goBack();
      await settled(page.locator('[data-screen="portal-favorites"]'));
    });
    expect(site.visits.slice(visits)).toEqual(['/finance/home']);
  });

  it('shows no Chinese UI text in English, on a phone and on a desktop', async () => {
    const chinese = await chineseOnEnglishPages(page, { prefix: 'portal', pages: PAGES, visit, chineseUiText });
    expect(chinese).toEqual({});
    await expect.poll(() => page.locator('.sso-portal-footer').textContent()).toContain('Technical support');
  });

  it('logs out after asking, to /login', async () => {
    await page.getByTestId('portal-user-menu').click();
    const menu = await openedDropdown(page);
    await menu.getByText('Log out').click();
    await confirm(page, 'Log out of the system?');
    await page.waitForURL('**/login');
    expect(pageErrors).toEqual([]);
  });
});
