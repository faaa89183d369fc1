import type { TestServer } from '@sso/server/testing';
import { readRegions, writeRegions } from '@sso/server/testing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import {
  button,
  chooseXlsx,
  confirm,
  dialogTitled,
  downloadOf,
  openedDialog,
  openedOptions,
  openFromSidebar,
  settled,
  signInChangingPassword,
  step,
  toast,
} from './steps.testkit.js';

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
const regionTree = () => page.getByTestId('region-tree');
/** A node of the region tree by its exact title. */
const regionNode = (title: string) =>
  regionTree()
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTitle(title, { exact: true }) });
/** A region's name as stored: what an import must (not) have changed. */
const storedRegionName = async (code: string) =>
  (await server.ctx.db.selectFrom('blade_region').select('name').where('code', '=', code).executeTakeFirst())?.name;

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
      const dialog = await settled(page.getByRole('dialog', { name: '新增 · 机构管理' }));
      // The parent is preset: the tree select shows the root's name.
      await dialog.getByTitle('钢铁集团', { exact: true }).waitFor();
      await dialog.getByLabel('机构名称').fill('浏览器测试部');
      await dialog.getByLabel('机构全称').fill('钢铁集团浏览器测试部');
      await dialog.getByLabel('机构类型').click();
      await (await openedOptions(page)).locator('.ant-select-item-option', { hasText: '部门' }).click();
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
      const dialog = await settled(page.getByRole('dialog', { name: '新增 · 菜单管理' }));
      await dialog.getByTitle('机构管理', { exact: true }).waitFor();
      await link(dialog, '取消').click();
      await dialog.waitFor({ state: 'hidden' });
    });
  });

  it('opens 行政区划 and loads the cities of a province when it expands', async () => {
    const tree = regionTree;
    const node = regionNode;
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

  it('exports the sub-regions of the chosen region and imports them again, refusing a bad file', async () => {
    const importDialog = () => dialogTitled(page, '行政区划数据导入');
    const submit = () =>
      importDialog()
        .getByRole('button', { name: /提\s*交/ })
        .click();
    let exported: Awaited<ReturnType<typeof readRegions>> = [];
    await step(page, 'tree-10-region-export', async () => {
      await regionNode('河北省').locator('.ant-tree-title').click();
      const file = await downloadOf(page, async () => {
        await button(page, '导出').click();
        await confirm(page, '是否导出“河北省”的下级区划数据?');
      });
      expect(file.name).toMatch(/^行政区划数据\d{4}-\d{2}-\d{2}\.xlsx$/);
      exported = await readRegions(file.data);
      expect(exported.map((r) => r.values.code)).toEqual(expect.arrayContaining(['130100', '130200']));
      expect(exported.every((r) => r.values.parentCode === '130000' && r.values.level === '2')).toBe(true);
      expect(exported.find((r) => r.values.code === '130200')?.values.name).toBe('唐山市');
    });
    await step(page, 'tree-11-region-import', async () => {
      // The export with 唐山市 renamed and one new city, overwriting what exists.
      const rows = exported.map(({ values }) => (values.code === '130200' ? { ...values, name: '唐山新市' } : values));
      rows.push({ code: '139900', parentCode: '130000', name: '浏览器新市', level: '', sort: '99', remark: '' });
      await button(page, '导入').click();
      await openedDialog(page, '行政区划数据导入');
      await chooseXlsx(importDialog(), 'regions.xlsx', await writeRegions(rows));
      await importDialog().getByLabel('是').check();
      await submit();
      await toast(page, `导入成功：新增 1 条，更新 ${exported.length} 条`);
      await importDialog().waitFor({ state: 'hidden' });
      await regionNode('唐山新市').waitFor();
      await regionNode('浏览器新市').waitFor();
      await regionNode('唐山市').waitFor({ state: 'detached' });
      expect(await storedRegionName('139900')).toBe('浏览器新市');
    });
    await step(page, 'tree-12-region-bad-file', async () => {
      const rows = [
        { code: '130100', parentCode: '130000', name: '不该改名', level: '', sort: '1', remark: '' },
        { code: '139800', parentCode: '139700', name: '孤儿市', level: '', sort: '1', remark: '' },
      ];
      await button(page, '导入').click();
      await openedDialog(page, '行政区划数据导入');
      await chooseXlsx(importDialog(), 'bad.xlsx', await writeRegions(rows));
      await importDialog().getByLabel('是').check();
      await submit();
      await page.locator('.ant-message-notice-error').filter({ hasText: '第3行: 上级区划不存在' }).waitFor();
      await importDialog().getByText('bad.xlsx').waitFor(); // the dialog stays open with the file
      expect(await storedRegionName('130100')).toBe('石家庄市'); // nothing written
      expect(await storedRegionName('139800')).toBeUndefined();
      await regionNode('石家庄市').waitFor();
      expect(await regionNode('孤儿市').count()).toBe(0);
    });
    await step(page, 'tree-13-region-template', async () => {
      const template = await downloadOf(page, () => importDialog().getByRole('button', { name: '模板下载' }).click());
      expect(template.name).toBe('行政区划模板.xlsx');
      expect(await readRegions(template.data)).toEqual([]);
      await importDialog()
        .getByRole('button', { name: /取\s*消/ })
        .click();
      await importDialog().waitFor({ state: 'hidden' });
      expect(pageErrors).toEqual([]);
    });
  });
});
