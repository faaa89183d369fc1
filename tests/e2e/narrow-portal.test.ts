import type { TestServer } from '@sso/server/testing';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, scrollsSideways, settled, step } from './steps.testkit.js';

/**
 * The portal and the market on a phone and on a desktop, in both languages: the application-type
 * tabs scroll inside their bar with a cue, a long market name can be read whole, and the opens
 * chart shows all seven days.
 */
const PASSWORD = 'Narrow@2024!';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** Long enough to need three lines at 390 px; the words must wrap whole. */
const LONG_NAME = 'Enterprise Procurement and Supplier Collaboration Platform for Group Headquarters 集团采购与供应商协同平台（二期）';
const DAY_MS = 86_400_000;

let server: TestServer;
let page: Page;
let pageErrors: string[] = [];
let entryId = '';

useBrowserSuite({ adminPassword: PASSWORD, viewport: PHONE }, (suite) => ({ server, page, pageErrors } = suite));

beforeAll(async () => {
  if (!runnable) return;
  const admin = await server.client();
  await admin.login({ username: 'admin', password: PASSWORD });
  const post = (path: string, body: Record<string, unknown>) => admin.call('POST', path, undefined, body) as Promise<{ id: string }>;
  const adminId = admin.session?.token.user_id ?? '';
  // One application of each of the six types: more tabs than a phone's width holds.
  const names = ['协同办公', '生产执行', '经营分析', '财务报销', '人事服务', '其他工具'];
  const apps: string[] = [];
  for (const [index, appName] of names.entries()) {
    const app = await post('/api/blade-aps/app/submit', {
      appCode: `narrow_${index + 1}`,
      appName,
      appType: String(index + 1),
      appCategory: '1',
      appUrl: `https://app${index + 1}.example.com/`,
      redirectUris: '',
      protocol: 'link',
      status: 1,
    });
    apps.push(String(app.id));
    await post('/api/blade-aps/appuser/submit', { appId: app.id, userId: adminId });
  }
  // One open today: the chart's other six days have none.
  await admin.call('GET', '/api/blade-portal/client/app/open', { id: apps[0] ?? '' });

  const ledger = (method: 'GET' | 'POST', path: string, query?: Record<string, string>, body?: Record<string, unknown>) =>
    admin.call(method, `/api/blade-ledger/${path}`, query, body) as Promise<{ id: string }>;
  entryId = String((await ledger('POST', 'appparameter/submit', undefined, { appName: LONG_NAME, deptName: '采购部' })).id);
  await ledger('GET', 'appparameter/batchCheck', { ids: entryId });
  await ledger('GET', 'appparameter/batchShelf', { ids: entryId, isShelf: '1' });
});

/** The page scrolls only up and down: neither the document nor the body is wider than the window. */
async function expectNoSidewaysScroll(): Promise<void> {
  expect(await scrollsSideways(page)).toBe(false);
  expect(await page.evaluate(() => document.body.scrollWidth <= window.innerWidth)).toBe(true);
}

/** The last seven days up to today as MM-dd, in this process's time zone (the in-process server's). */
function lastSevenDays(): string[] {
  const noon = new Date();
  noon.setHours(12, 0, 0, 0);
  return Array.from({ length: 7 }, (_, i) => {
    const day = new Date(noon.getTime() - (6 - i) * DAY_MS);
    return `${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  });
}

const typeTabs = () => page.getByTestId('app-type-tabs');
const tabStrip = () => typeTabs().locator('.ant-tabs-nav-wrap');

/** Whether the tab strip shows its shadow on `side`: the cue that more tabs lie that way. */
const shadowOn = (side: 'left' | 'right') =>
  tabStrip().evaluate(
    (strip, pseudo) => {
      const style = getComputedStyle(strip, pseudo);
      return style.opacity === '1' && style.boxShadow !== 'none';
    },
    side === 'left' ? '::before' : '::after',
  );

/** Whether `target` lies wholly inside `frame`, left to right. */
async function within(target: Locator, frame: Locator): Promise<boolean> {
  const [inner, outer] = [await target.boundingBox(), await frame.boundingBox()];
  return Boolean(inner && outer && inner.x >= outer.x - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5);
}

async function visitHome(): Promise<void> {
  await page.goto(`${server.baseUrl}/home/index`);
  await settled(page.locator('[data-screen="portal-index"]'));
  await settled(typeTabs().locator('.ant-tabs-tab').nth(6));
}

/**
 * On a phone: the seven tabs are wider than their strip, which scrolls on its own (not the page)
 * and shows the cue that more lie to the right: a shadow on that edge and a "…" button.
 */
async function checkTabsOnPhone(): Promise<void> {
  await visitHome();
  await expectNoSidewaysScroll();
  const stripBox = await tabStrip().boundingBox();
  const listBox = await typeTabs().locator('.ant-tabs-nav-list').boundingBox();
  expect(listBox && stripBox && listBox.width > stripBox.width).toBe(true);
  await expect.poll(() => shadowOn('right')).toBe(true);
  expect(await shadowOn('left')).toBe(false);
  expect(await within(typeTabs().locator('.ant-tabs-nav-more'), page.locator('body'))).toBe(true);
  expect(await within(typeTabs().locator('.ant-tabs-tab').last(), tabStrip())).toBe(false);
}

/**
 * The last tab, out of sight, chosen from the "…" button: it is scrolled into view, the shadow
 * moves to the left edge and the applications are those of its type.
 */
async function chooseHiddenTab(): Promise<void> {
  const last = typeTabs().locator('.ant-tabs-tab').last();
  const lastName = ((await last.textContent()) ?? '').trim();
  await typeTabs().locator('.ant-tabs-nav-more').click();
  const hidden = await settled(page.locator('.ant-tabs-dropdown:not(.ant-tabs-dropdown-hidden)'));
  await hidden.getByRole('option', { name: lastName }).click();
  await hidden.waitFor({ state: 'hidden' });
  await expect.poll(() => typeTabs().locator('.ant-tabs-tab-active').textContent()).toBe(lastName);
  await expect.poll(() => within(last, tabStrip())).toBe(true);
  await expect.poll(() => shadowOn('left')).toBe(true);
  await expect.poll(() => page.getByTestId('my-apps').getByTestId('app-tile').count()).toBe(1);
  await expectNoSidewaysScroll();
}

/** On a desktop every tab fits: no shadow, no "…" button. */
async function checkTabsOnDesktop(): Promise<void> {
  await visitHome();
  await expectNoSidewaysScroll();
  expect(await within(typeTabs().locator('.ant-tabs-tab').last(), tabStrip())).toBe(true);
  expect(await shadowOn('right')).toBe(false);
  expect(await typeTabs().locator('.ant-tabs-nav-more').isVisible()).toBe(false);
}

/** The opens chart labels all seven days up to today, each label inside the chart. */
async function checkChart(): Promise<void> {
  const chart = page.getByTestId('opens-chart');
  await chart.scrollIntoViewIfNeeded();
  const dayLabels = chart.locator('svg text').filter({ hasText: /^\d\d-\d\d$/ });
  await expect.poll(() => dayLabels.allTextContents()).toEqual(lastSevenDays());
  for (const label of await dayLabels.all()) expect(await within(label, chart), await label.textContent()).toBe(true);
  await expectNoSidewaysScroll();
}

/**
 * The market entry's whole name is on screen: nothing around it clips it, it is inside the window,
 * and every word fits on one line (none is cut in the middle).
 */
async function checkLongName(): Promise<void> {
  await page.goto(`${server.baseUrl}/market/detail?id=${entryId}`);
  const name = await settled(page.getByTestId('detail-name'));
  expect(await name.textContent()).toBe(LONG_NAME);
  const reading = await name.evaluate((element) => {
    const text = element.firstChild as Text;
    const range = document.createRange();
    range.selectNodeContents(element);
    const whole = range.getBoundingClientRect();
    const clippedBy: string[] = [];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const box = node.getBoundingClientRect();
      const inside = whole.left >= box.left - 0.5 && whole.right <= box.right + 0.5 && whole.bottom <= box.bottom + 0.5;
      if (!inside && node !== document.documentElement && node !== document.body) clippedBy.push(node.className || node.tagName);
    }
    const brokenWords: string[] = [];
    for (const match of (text.textContent ?? '').matchAll(/[A-Za-z()]+/g)) {
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) brokenWords.push(match[0]);
    }
    return { clippedBy, brokenWords, left: whole.left, right: whole.right, window: window.innerWidth };
  });
  expect(reading.clippedBy).toEqual([]);
  expect(reading.brokenWords).toEqual([]);
  expect(reading.left).toBeGreaterThanOrEqual(0);
  expect(reading.right).toBeLessThanOrEqual(reading.window);
  await expectNoSidewaysScroll();
}

async function useLanguage(language: 'zh-CN' | 'en'): Promise<void> {
  await page.evaluate((saved) => localStorage.setItem('sso-language', saved), language);
}

describe.skipIf(!runnable)('the portal and the market on narrow and wide screens', () => {
  it('signs the admin in', async () => {
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill(PASSWORD);
    await button(page, '登录').click();
    await page.waitForURL('**/wel/index');
  });

  for (const [viewport, language] of [
    [PHONE, 'zh-CN'],
    [PHONE, 'en'],
    [DESKTOP, 'en'],
    [DESKTOP, 'zh-CN'],
  ] as const) {
    const name = `${viewport.width}-${language === 'en' ? 'en' : 'zh'}`;
    it(`at ${viewport.width} px in ${language}: the type tabs, the seven-day chart and a long market name`, async () => {
      await page.setViewportSize(viewport);
      await useLanguage(language);
      const phone = viewport.width < 576;
      await step(page, `narrow-portal-tabs-${name}`, phone ? checkTabsOnPhone : checkTabsOnDesktop);
      if (phone) await step(page, `narrow-portal-tab-chosen-${name}`, chooseHiddenTab);
      await step(page, `narrow-portal-chart-${name}`, checkChart);
      await step(page, `narrow-portal-market-name-${name}`, checkLongName);
    });
  }

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
