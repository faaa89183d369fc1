import type { TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, runnable, useBrowserSuite } from './browser.testkit.js';
import {
  button,
  chineseOnEnglishPages,
  chineseUiTextUnder,
  confirm,
  openedDropdown,
  openFromSidebar,
  scrollsSideways,
  settled,
  step,
  toast,
} from './steps.testkit.js';

const ADMIN_PASSWORD = 'Market@2024';
const COMMENT = '<b>好用</b> & <img src=x onerror="window.__pwned=1">';

let server: TestServer;
let page: Page;
let pageErrors: string[];
const ids: Record<string, string> = {};

if (!runnable) console.warn(`browser suite skipped: no chromium at ${CHROMIUM}`);
useBrowserSuite({ adminPassword: ADMIN_PASSWORD }, (suite) => ({ server, page, pageErrors } = suite));

beforeAll(async () => {
  if (!runnable) return;
  const admin = await server.client();
  await admin.login({ username: 'admin', password: ADMIN_PASSWORD });
  const call = (method: 'GET' | 'POST', path: string, query?: Record<string, string>, body?: Record<string, unknown>) =>
    admin.call(method, `/api/blade-ledger/${path}`, query, body) as Promise<{ id: string }>;
  const entry = async (key: string, body: Record<string, unknown>) => {
    ids[key] = String((await call('POST', 'appparameter/submit', undefined, body)).id);
  };
  await entry('finance', {
    appName: '财务共享系统',
    deptName: '财务部',
    ownerName: '王会计',
    version: 'V3.2',
    databaseType: 'PostgreSQL',
    description: '集团财务共享中心的核算与报销平台',
    isRecommend: 1,
  });
  await call('GET', 'appparameter/batchCheck', { ids: ids.finance });
  await call('GET', 'appparameter/batchShelf', { ids: ids.finance, isShelf: '1' });
  // Reviewed and shelved in the browser below.
  await entry('equipment', { appName: '设备管理系统', deptName: '设备部', description: '点检、维修与备件' });
  const network = await call('POST', 'appnetwork/submit', undefined, {
    systemName: '财务共享系统',
    appParameterId: ids.finance,
    networkZone: 'DMZ',
    exposure: 1,
    protectionLevel: 3,
    lastAssessment: '2024-05-20',
    findings: '弱口令 2 处，已整改',
  });
  ids.network = String(network.id);
});

/** Visible market text with a Chinese character, leaving out data (.sso-data, .ant-descriptions-item-content). */
const chineseUiText = () => chineseUiTextUnder(page, '.sso-market', '.sso-data, .ant-descriptions-item-content');

const PAGES = [
  { path: '/market/index', screen: 'market-index' },
  { path: '/market/list?searchValue=', screen: 'market-list' },
  { path: '/market/detail?id=FINANCE', screen: 'market-detail' },
  { path: '/market/network', screen: 'market-network' },
  { path: '/market/networkdetail?id=NETWORK', screen: 'market-networkdetail' },
  { path: '/market/info', screen: 'portal-info' },
];

/** Goes to a market page and waits until it has drawn its content (no skeleton left). */
async function visit(path: string, screen: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path.replace('FINANCE', ids.finance ?? '').replace('NETWORK', ids.network ?? '')}`);
  await settled(page.locator(`[data-screen="${screen}"]`));
  await page.locator('.sso-market .ant-skeleton').first().waitFor({ state: 'detached' });
}

describe.skipIf(!runnable)('the /market systems sharing market', () => {
  it('reviews and shelves an entry on the ledger screen, after which the market shows it', async () => {
    await step(page, 'market-01-admin', async () => {
      await page.goto(`${server.baseUrl}/login`);
      await page.locator('#login_username').fill('admin');
      await page.locator('#login_password').fill(ADMIN_PASSWORD);
      await button(page, '登录').click();
      await page.waitForURL('**/wel/index');
      await openFromSidebar(page, '应用台账', '台账参数', '/ledger/appparameter/index');
      const row = page.locator('[data-tab-path="/ledger/appparameter/index"] tr.ant-table-row', { hasText: '设备管理系统' });
      await settled(row);
      await row.locator('.ant-checkbox-input').check();
      await page.getByTestId('ledger-check').click();
      await toast(page, '已审核');
      await page.getByTestId('ledger-shelf').click();
      await toast(page, '已上架');
    });
    await step(page, 'market-02-index', async () => {
      await page.goto(`${server.baseUrl}/market`);
      await page.waitForURL('**/market/index');
      const cards = page.locator('[data-screen="market-index"] [data-testid="market-entry"]');
      await settled(cards.nth(1));
      expect(await cards.count()).toBe(2);
      // Recommended first.
      expect(await cards.first().textContent()).toContain('财务共享系统');
      await expect.poll(() => page.locator('.sso-portal-footer').textContent()).toContain('Copyright © 2022');
    });
  });

  it('finds an entry by its pinyin initials from the header and opens it', async () => {
    await step(page, 'market-03-search', async () => {
      await page.getByTestId('market-search').locator('input').fill('sbgl');
      await page.waitForURL('**/market/list?searchValue=sbgl');
      const cards = page.locator('[data-screen="market-list"] [data-testid="market-entry"]');
      await settled(cards.filter({ hasText: '设备管理系统' }));
      await expect.poll(() => cards.count()).toBe(1);
      await cards.first().getByText('设备管理系统').click();
      await page.waitForURL(`**/market/detail?id=${ids.equipment}`);
      await settled(page.getByTestId('detail-name'));
      expect(await page.getByTestId('detail-name').textContent()).toBe('设备管理系统');
      // The visit was recorded as a view.
      await expect.poll(() => page.locator('[data-screen="market-detail"] .sso-market-counts').first().textContent()).toContain('1');
    });
  });

  it('likes an entry once and comments on it, the comment shown as typed, never as markup', async () => {
    await visit('/market/detail?id=FINANCE', 'market-detail');
    await step(page, 'market-04-like', async () => {
      await page.getByTestId('detail-like').click();
      await toast(page, '已点赞');
      await expect.poll(() => page.getByTestId('detail-like').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByTestId('detail-like').textContent()).toContain('(1)');
    });
    await step(page, 'market-05-comment', async () => {
      await page.getByTestId('comment-input').fill(COMMENT);
      await page.getByTestId('comment-send').click();
      await toast(page, '评论已发表');
      const comment = page.getByTestId('market-comment').first();
      await settled(comment);
      await expect.poll(() => comment.locator('.sso-market-comment').textContent()).toBe(COMMENT);
      expect(await comment.locator('.sso-market-comment b, .sso-market-comment img').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    });
  });

  it('shows the network-security records and one in detail', async () => {
    await step(page, 'market-06-network', async () => {
      await page.locator('.sso-portal-menu').getByText('网络安全').click();
      await page.waitForURL('**/market/network');
      const card = page.locator('[data-testid="market-network"]', { hasText: '财务共享系统' });
      await settled(card);
      expect(await card.textContent()).toContain('DMZ');
      await card.getByText('财务共享系统').click();
      await page.waitForURL(`**/market/networkdetail?id=${ids.network}`);
      await expect.poll(() => page.getByTestId('network-findings').textContent()).toBe('弱口令 2 处，已整改');
    });
  });

  it('lists the comment and the network record on the ledger admin screens', async () => {
    await step(page, 'market-07-admin-comments', async () => {
      await page.goto(`${server.baseUrl}/wel/index`);
      await openFromSidebar(page, '应用台账', '台账评论', '/ledger/appparametercomments/index');
      // Screens stay open in their tabs: look inside this screen's box only.
      const row = page.locator('[data-tab-path="/ledger/appparametercomments/index"] tr.ant-table-row', { hasText: '财务共享系统' });
      await settled(row);
      expect(await row.textContent()).toContain(COMMENT);
      expect(await row.locator('b, img').count()).toBe(0);
    });
    await step(page, 'market-08-admin-network', async () => {
      await openFromSidebar(page, '应用台账', '网络安全', '/ledger/appnetwork/index');
      // The comments screen may still be on show for a moment after the address changed.
      const row = page.locator('[data-tab-path="/ledger/appnetwork/index"] tr.ant-table-row', { hasText: '财务共享系统' });
      await settled(row);
      expect(await row.textContent()).toContain('DMZ');
      expect(await row.textContent()).toContain('2024-05-20');
      // The record's ledger entry is picked by name in the form.
      await row.getByRole('button', { name: '修改' }).click();
      const dialog = await settled(page.locator('.ant-modal:visible'));
      await expect.poll(() => dialog.textContent(), { timeout: 15_000 }).toContain('财务共享系统');
      await dialog.locator('.ant-modal-close').click();
      await dialog.waitFor({ state: 'hidden' });
    });
  });

  it('fits a 390×844 phone on every page, the menu folded into a dropdown, and takes a like back there', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const { path, screen } of PAGES) {
      await step(page, `market-phone-${screen}`, async () => {
        await visit(path, screen);
        expect(await scrollsSideways(page)).toBe(false);
        expect(await page.locator('.sso-portal-menu').count()).toBe(0);
      });
    }
    await step(page, 'market-phone-menu', async () => {
      await page.getByTestId('market-menu-toggle').click();
      const menu = await openedDropdown(page);
      await menu.getByText('应用台账').click();
      await page.waitForURL('**/market/list');
      await settled(page.locator('[data-testid="market-entry"]').nth(1));
      expect(await page.locator('[data-testid="market-entry"]').count()).toBe(2);
    });
    await step(page, 'market-phone-unlike', async () => {
      await visit('/market/detail?id=FINANCE', 'market-detail');
      await expect.poll(() => page.getByTestId('detail-like').getAttribute('aria-pressed')).toBe('true');
      await page.getByTestId('detail-like').click();
      await toast(page, '已取消点赞');
      await expect.poll(() => page.getByTestId('detail-like').textContent()).toContain('(0)');
      expect(await scrollsSideways(page)).toBe(false);
    });
  });

  it('shows no Chinese UI text in English, on a phone and on a desktop', async () => {
    const chinese = await chineseOnEnglishPages(page, { prefix: 'market', pages: PAGES, visit, chineseUiText });
    expect(chinese).toEqual({});
    await expect.poll(() => page.locator('.sso-portal-footer').textContent()).toContain('Technical support');
  });

  it('logs out from the user dropdown after asking, to /login', async () => {
    await page.getByTestId('market-user-menu').click();
    const menu = await openedDropdown(page);
    await menu.getByText('Log out').click();
    await confirm(page, 'Log out of the system?');
    await page.waitForURL('**/login');
    expect(pageErrors).toEqual([]);
  });
});
