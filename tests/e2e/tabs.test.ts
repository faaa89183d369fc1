import type { TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, openedDropdown, openFromSidebar, settled, step } from './steps.testkit.js';

const PASSWORD = 'Tabs@2024!';
let server: TestServer;
let page: Page;
let pageErrors: string[] = [];

useBrowserSuite({ adminPassword: PASSWORD }, (suite) => ({ server, page, pageErrors } = suite));

// Under load the app may take seconds to draw a tab: every wait is on what the page shows.
const WAIT = { timeout: 20_000, interval: 100 };
const tabs = () => page.locator('.sso-tags .ant-tabs-tab');
const tabTexts = () => tabs().allInnerTexts();
const tab = (label: string) => tabs().filter({ hasText: label });
const activeTab = () => page.locator('.sso-tags .ant-tabs-tab-active').textContent();
/** An item of the open dropdown (the context menu or the 更多 menu offer the same items), once it has finished opening. */
const visibleItem = async (name: string) => (await openedDropdown(page)).getByRole('menuitem', { name });

/**
 * Clicks sidebar items one right after the other, without waiting for a page between them, and
 * returns the addresses the page went through. The submenu has finished unfolding before the
 * first click, as in openFromSidebar, so no click lands where an item was a frame earlier.
 */
async function quickOpen(group: string, items: [name: string, path: string][]): Promise<string[]> {
  const entries = items.map(([name]) => page.getByRole('menuitem', { name: new RegExp(`${name}$`) }));
  if (!(await entries[0].isVisible())) await page.getByRole('menuitem', { name: new RegExp(`${group}$`) }).click();
  await settled(page.locator('.ant-menu-root').filter({ has: entries[0] }));
  const visited: string[] = [];
  const record = (frame: { url(): string; parentFrame(): unknown }) => {
    if (!frame.parentFrame()) visited.push(new URL(frame.url()).pathname);
  };
  page.on('framenavigated', record);
  try {
    for (const entry of entries) await entry.click();
    await page.waitForURL(`**${items[items.length - 1][1]}`);
  } finally {
    page.off('framenavigated', record);
  }
  return visited;
}

describe.skipIf(!runnable)('the tabs bar', () => {
  it('signs in with the home tab only', async () => {
    await step(page, 'tabs-01-sign-in', async () => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(PASSWORD);
      await button(page, '登录').click();
      await page.waitForURL('**/wel/index');
      await expect.poll(tabTexts, WAIT).toEqual(['首页']);
      // The only tab, and the first page: no close button.
      expect(await tab('首页').locator('.ant-tabs-tab-remove').count()).toBe(0);
    });
  });

  it('opens three screens from the sidebar, two of them in quick succession, and keeps a tab for each', async () => {
    await step(page, 'tabs-02-open', async () => {
      // Two clicks before the first screen's chunk has loaded: the router hands React both
      // locations and React draws only the second. Its tab must not be the only one added.
      const visited = await quickOpen('系统管理', [
        ['参数管理', '/system/param/index'],
        ['岗位管理', '/system/post/index'],
      ]);
      expect(visited).toContain('/system/param/index');
      await openFromSidebar(page, '系统管理', '顶部菜单', '/system/topmenu/index');
      await expect.poll(tabTexts, WAIT).toEqual(['首页', '参数管理', '岗位管理', '顶部菜单']);
      await expect.poll(activeTab, WAIT).toBe('顶部菜单');
      expect(await tab('首页').locator('.ant-tabs-tab-remove').count()).toBe(0);
    });
  });

  it('switches tabs', async () => {
    await step(page, 'tabs-03-switch', async () => {
      await tab('参数管理').click();
      await page.waitForURL('**/system/param/index');
      await expect.poll(activeTab, WAIT).toBe('参数管理');
      await tab('首页').click();
      await page.waitForURL('**/wel/index');
      await expect.poll(activeTab, WAIT).toBe('首页');
      await tab('岗位管理').click();
      await page.waitForURL('**/system/post/index');
      await expect.poll(activeTab, WAIT).toBe('岗位管理');
    });
  });

  it('closes a tab by its x: another one stays where it is, the active one selects the previous', async () => {
    await step(page, 'tabs-04-close', async () => {
      await tab('顶部菜单').locator('.ant-tabs-tab-remove').click();
      await expect.poll(tabTexts, WAIT).toEqual(['首页', '参数管理', '岗位管理']);
      expect(new URL(page.url()).pathname).toBe('/system/post/index');
      await tab('岗位管理').locator('.ant-tabs-tab-remove').click();
      await page.waitForURL('**/system/param/index');
      await expect.poll(tabTexts, WAIT).toEqual(['首页', '参数管理']);
      await expect.poll(activeTab, WAIT).toBe('参数管理');
    });
  });

  it("closes the others from a tab's context menu, keeping the first page", async () => {
    await step(page, 'tabs-05-close-others', async () => {
      await openFromSidebar(page, '系统管理', '岗位管理', '/system/post/index');
      await openFromSidebar(page, '系统管理', '顶部菜单', '/system/topmenu/index');
      await expect.poll(tabTexts, WAIT).toEqual(['首页', '参数管理', '岗位管理', '顶部菜单']);
      await tab('岗位管理').click({ button: 'right' });
      await (await visibleItem('关闭其他')).click();
      await page.waitForURL('**/system/post/index');
      await expect.poll(tabTexts, WAIT).toEqual(['首页', '岗位管理']);
      await expect.poll(activeTab, WAIT).toBe('岗位管理');
    });
  });

  it('closes all from the 更多 menu, back on the first page', async () => {
    await step(page, 'tabs-06-close-all', async () => {
      await openFromSidebar(page, '系统管理', '参数管理', '/system/param/index');
      await expect.poll(tabTexts, WAIT).toEqual(['首页', '岗位管理', '参数管理']);
      await page.getByRole('button', { name: /更多/ }).click();
      await (await visibleItem('关闭全部')).click();
      await page.waitForURL('**/wel/index');
      await expect.poll(tabTexts, WAIT).toEqual(['首页']);
      // The tabs are kept across a reload (localStorage, like BladeX's tagList).
      await page.reload();
      await expect.poll(tabTexts, WAIT).toEqual(['首页']);
      expect(pageErrors).toEqual([]);
    });
  });
});
