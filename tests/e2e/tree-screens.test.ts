import type { TestServer } from '@sso/server/testing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.js';
import { openFromSidebar, signInChangingPassword, step, toast } from './steps.js';

const NEW_PASSWORD = 'Admin@2024!';
let server: TestServer;
let page: Page;
/** Uncaught errors of the page: the screens must have none. */
let pageErrors: string[] = [];

useBrowserSuite({}, (suite) => ({ server, page, pageErrors } = suite));

/** The table row with a cell that reads exactly `text` (a tree row's expander only labels itself). */
const row = (text: string) => page.locator('.ant-table-row').filter({ has: page.locator('td').getByText(text, { exact: true }) });
const link = (scope: Locator, name: string) => scope.getByRole('button', { name: new RegExp(`^\\s*${[...name].join('\\s*')}\\s*$`) });
/** The expander of a tree row (antd marks a leaf's placeholder `-spaced`). */
const expanderOf = (scope: Locator) => scope.locator('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)');

/** One story: each step needs the state the last one left. */
describe.skipIf(!runnable)('the tree screens against the real server', () => {
  it('signs in as admin through the forced password change', async () => {
    await step(page, 'tree-01-sign-in', async () => {
      await signInChangingPassword(page, server.baseUrl, NEW_PASSWORD);
      await page.getByTestId('sidebar').getByText('系统管理').waitFor();
    });
  });

  it('adds a department under the root with 新增子项 and shows it nested', async () => {
    await step(page, 'tree-02-dept-open', async () => {
      await openFromSidebar(page, '系统管理', '机构管理', '/system/dept/index');
      await row('钢铁集团').waitFor();
      await expect.poll(() => page.title()).toBe('机构管理 - 钢铁集团单点登录平台');
      expect(await page.locator('.ant-pagination').count()).toBe(0); // a tree, not pages
    });
    await step(page, 'tree-03-dept-add-child', async () => {
      await link(row('钢铁集团'), '新增子项').click();
      const dialog = page.getByRole('dialog', { name: '新增 · 机构管理' });
      await dialog.getByLabel('机构名称').waitFor(); // the dialog has finished opening
      // The parent is preset: the tree select shows the root's name.
      await dialog.getByTitle('钢铁集团', { exact: true }).waitFor();
      await dialog.getByLabel('机构名称').fill('浏览器测试部');
      await dialog.getByLabel('机构全称').fill('钢铁集团浏览器测试部');
      await dialog.getByLabel('机构类型').click();
      await page.locator('.ant-select-item-option', { hasText: '部门' }).click();
      await dialog.getByLabel('排序').fill('9');
      await link(dialog, '提交').click();
      await toast(page, '新增成功');
      await dialog.waitFor({ state: 'hidden' });
    });
    await step(page, 'tree-04-dept-nested', async () => {
      await expanderOf(row('钢铁集团')).click();
      const child = row('浏览器测试部');
      await child.waitFor();
      // Nested one level below the root, not a top row.
      await expect.poll(() => child.getAttribute('class')).toContain('ant-table-row-level-1');
      expect(await page.locator('.ant-table-row-level-0').filter({ hasText: '浏览器测试部' }).count()).toBe(0);
    });
  });

  it('shows menus as a tree table whose 新增子项 presets the parent menu', async () => {
    await step(page, 'tree-05-menu-open', async () => {
      await openFromSidebar(page, '系统管理', '菜单管理', '/system/menu/index');
      await row('系统管理').waitFor();
      expect(await row('机构管理').count()).toBe(0); // children wait until their parent opens
      await expanderOf(row('系统管理')).click();
      await expect.poll(() => row('机构管理').getAttribute('class')).toContain('ant-table-row-level-1');
    });
    await step(page, 'tree-06-menu-add-child', async () => {
      await link(row('机构管理'), '新增子项').click();
      const dialog = page.getByRole('dialog', { name: '新增 · 菜单管理' });
      await dialog.getByTitle('机构管理', { exact: true }).waitFor();
      await link(dialog, '取消').click();
      await dialog.waitFor({ state: 'hidden' });
    });
  });

  it('opens 行政区划 and loads the cities of a province when it expands', async () => {
    const tree = () => page.getByTestId('region-tree');
    const node = (title: string) =>
      tree()
        .locator('.ant-tree-treenode')
        .filter({ has: page.getByTitle(title, { exact: true }) });
    await step(page, 'tree-07-region-open', async () => {
      await openFromSidebar(page, '基础配置', '行政区划', '/base/region/index');
      await node('河北省').waitFor();
      await node('广东省').waitFor();
      expect(await tree().getByText('石家庄市', { exact: true }).count()).toBe(0); // not loaded yet
    });
    await step(page, 'tree-08-region-expand', async () => {
      const cities = page.waitForResponse((r) => r.url().includes('/region/lazy-tree') && r.url().includes('parentCode=130000'));
      await node('河北省').locator('.ant-tree-switcher').click();
      await cities;
      await tree().getByText('石家庄市', { exact: true }).waitFor();
      await tree().getByText('唐山市', { exact: true }).waitFor();
    });
    await step(page, 'tree-09-region-detail', async () => {
      await tree().getByText('石家庄市', { exact: true }).click();
      const panel = page.getByTestId('region-panel');
      await expect.poll(() => panel.getByLabel('区划编号').inputValue()).toBe('130100');
      await expect.poll(() => panel.getByLabel('上级区划').inputValue()).toBe('130000');
      await link(panel, '新增下级').waitFor();
      expect(pageErrors).toEqual([]);
    });
  });
});
