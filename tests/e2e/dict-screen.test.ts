import type { TestServer } from '@sso/server/testing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, confirm, openedOptions, openFromSidebar, settled, signInChangingPassword, step, toast } from './steps.testkit.js';

const NEW_PASSWORD = 'Admin@2024!';
let server: TestServer;
let page: Page;
/** Uncaught errors of the page: the screens must have none. */
let pageErrors: string[] = [];

useBrowserSuite({}, (suite) => ({ server, page, pageErrors } = suite));

/** The table row (in `scope`) with a cell that reads exactly `text`. */
const row = (scope: Page | Locator, text: string) =>
  scope.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
/** A button inside `scope`, as steps.testkit.ts's button() finds one on the page (antd may leave a hidden spinner in its name). */
const link = (scope: Locator, name: string) =>
  scope.getByRole('button', { name: new RegExp(`^(?:loading)?\\s*${[...name].join('\\s*')}\\s*$`) });

/** Narrows the dictionary list to one code with its search form. */
async function searchCode(scope: Page | Locator, code: string) {
  const search = scope.locator('form#dict-search');
  await search.getByLabel('字典编号').fill(code);
  await link(search, '搜索').click();
  await row(scope, code).waitFor();
}

/** The bounding box of a shown element. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element not shown');
  return found;
}

/** One story: each step needs the state the last one left. */
describe.skipIf(!runnable)('the dictionary screens against the real server', () => {
  it('signs in as admin through the forced password change', async () => {
    await step(page, 'dict-01-sign-in', async () => {
      await signInChangingPassword(page, server.baseUrl, NEW_PASSWORD);
      await page.getByTestId('sidebar').getByText('系统管理').waitFor();
    });
  });

  it('creates a dictionary, then adds, nests, edits and deletes its entries in the 880 dialog', async () => {
    await step(page, 'dict-02-open', async () => {
      await openFromSidebar(page, '系统管理', '系统字典', '/system/dict/index');
      await row(page, 'yes_no').waitFor();
      await expect.poll(() => page.title()).toBe('系统字典 - 钢铁集团单点登录平台');
      const headers = await page.locator('.ant-table-thead th').allTextContents();
      expect(headers).toEqual(expect.arrayContaining(['字典编号', '字典名称', '字典排序', '封存', '字典备注']));
      expect(headers).not.toContain('字典键值');
    });
    await step(page, 'dict-03-new-dictionary', async () => {
      await button(page, '新增').click();
      const dialog = await settled(page.getByRole('dialog', { name: '新增 · 系统字典' }));
      await dialog.getByLabel('字典编号').fill('e2e_color');
      await dialog.getByLabel('字典名称').fill('浏览器颜色');
      await dialog.getByLabel('字典排序').fill('99');
      await dialog.getByText('否', { exact: true }).waitFor(); // not sealed unless chosen
      await link(dialog, '提交').click();
      await toast(page, '新增成功');
      await dialog.waitFor({ state: 'hidden' });
      await searchCode(page, 'e2e_color');
      await row(page, 'e2e_color').getByText('浏览器颜色').waitFor();
    });

    const entries = page.getByRole('dialog', { name: '字典配置 · 浏览器颜色（e2e_color）' });
    const entryForm = (mode: string) => page.getByRole('dialog', { name: `${mode} · 系统字典` });
    await step(page, 'dict-04-configure', async () => {
      await link(row(page, 'e2e_color'), '字典配置').click();
      await settled(entries);
      await entries.locator('.ant-empty-description').filter({ hasText: '暂无数据' }).waitFor();
      expect(Math.round((await box(entries)).width)).toBe(880); // measured once the opening zoom has ended
    });
    await step(page, 'dict-05-add-entry', async () => {
      await link(entries, '新增').click();
      const form = await settled(entryForm('新增'));
      const code = form.getByLabel('字典编号');
      await expect.poll(() => code.inputValue()).toBe('e2e_color');
      expect(await code.isDisabled()).toBe(true);
      await form.locator('.ant-tree-select').filter({ hasText: '浏览器颜色' }).waitFor(); // the parent, from the tree
      await form.getByLabel('字典键值').fill('red');
      await form.getByLabel('字典名称').fill('浏览器红');
      await form.getByLabel('字典排序').fill('1');
      await link(form, '提交').click();
      await toast(page, '新增成功');
      await form.waitFor({ state: 'hidden' });
      await row(entries, 'red').getByText('浏览器红').waitFor();
    });
    await step(page, 'dict-06-nested-entry', async () => {
      await link(entries, '新增').click();
      const form = await settled(entryForm('新增'));
      await form.getByLabel('字典键值').fill('dark_red');
      await form.getByLabel('字典名称').fill('浏览器深红');
      await form.getByLabel('字典排序').fill('1');
      // Under 浏览器红 instead of the dictionary itself: searched in the parent tree.
      await form.getByLabel('上级字典').click();
      await form.getByLabel('上级字典').fill('浏览器红');
      await (await openedOptions(page))
        .locator('.ant-select-tree-node-content-wrapper')
        .filter({ hasText: /^浏览器红$/ })
        .click();
      await form.locator('.ant-tree-select').filter({ hasText: '浏览器红' }).waitFor();
      await link(form, '提交').click();
      await toast(page, '新增成功');
      await form.waitFor({ state: 'hidden' });
      await row(entries, 'red').locator('.ant-table-row-expand-icon').click();
      await row(entries, 'dark_red').getByText('浏览器深红').waitFor();
    });
    await step(page, 'dict-07-edit-entry', async () => {
      await link(row(entries, 'red'), '修改').click();
      const form = await settled(entryForm('修改'));
      const name = form.getByLabel('字典名称');
      await expect.poll(() => name.inputValue()).toBe('浏览器红');
      expect(await form.getByLabel('字典编号').isDisabled()).toBe(true);
      await name.fill('浏览器大红');
      await link(form, '提交').click();
      await toast(page, '修改成功');
      await form.waitFor({ state: 'hidden' });
      await row(entries, 'red').getByText('浏览器大红').waitFor();
    });
    await step(page, 'dict-08-delete-entries', async () => {
      await row(entries, 'dark_red').waitFor(); // still open after the reload
      await link(row(entries, 'dark_red'), '删除').click();
      await confirm(page, '确定将选择数据删除?');
      await toast(page, '删除成功');
      await row(entries, 'dark_red').waitFor({ state: 'detached' });
      await link(row(entries, 'red'), '删除').click();
      await confirm(page, '确定将选择数据删除?');
      await row(entries, 'red').waitFor({ state: 'detached' });
      await entries.locator('.ant-empty-description').filter({ hasText: '暂无数据' }).waitFor();
      await entries.getByRole('button', { name: '关闭' }).click();
      await entries.waitFor({ state: 'hidden' });
    });
  });

  it('shows the business dictionary with its own entries', async () => {
    await step(page, 'dict-09-business', async () => {
      await openFromSidebar(page, '系统管理', '业务字典', '/system/dictbiz/index');
      await row(page, 'network_type').waitFor();
      expect(await row(page, 'yes_no').count()).toBe(0); // a system dictionary
      await link(row(page, 'network_type'), '字典配置').click();
      const entries = await settled(page.getByRole('dialog', { name: '字典配置 · 网络类型（network_type）' }));
      for (const name of ['互联网', '办公网', '生产网']) await entries.getByRole('cell', { name, exact: true }).waitFor();
      await entries.getByRole('button', { name: '关闭' }).click();
      await entries.waitFor({ state: 'hidden' });
    });
  });

  it('shows both tables side by side on /dict-horizontal/index and stacked on /dict-vertical/index', async () => {
    for (const layout of ['horizontal', 'vertical'] as const) {
      await step(page, `dict-10-${layout}`, async () => {
        await page.goto(`${server.baseUrl}/dict-${layout}/index`);
        const frame = page.getByTestId(`dict-${layout}`);
        const list = frame.getByTestId('dict-list');
        const entries = frame.getByTestId('dict-entries');
        await row(list, 'yes_no').waitFor();
        await entries.getByText('请在字典列表中点击“字典配置”查看字典项').waitFor();
        await searchCode(list, 'sex');
        await link(row(list, 'sex'), '字典配置').click();
        await entries.getByText('字典配置 · 性别（sex）').waitFor();
        for (const name of ['男', '女', '未知']) await entries.getByRole('cell', { name, exact: true }).waitFor();
        expect(
          await page
            .locator('.ant-modal-wrap')
            .filter({ has: page.locator('.ant-table') })
            .count(),
        ).toBe(0);
        const [left, right] = [await box(list), await box(entries)];
        if (layout === 'horizontal') {
          expect(right.x).toBeGreaterThanOrEqual(left.x + left.width - 1);
          expect(Math.abs(right.y - left.y)).toBeLessThan(2);
        } else {
          expect(right.y).toBeGreaterThanOrEqual(left.y + left.height - 1);
          expect(Math.abs(right.x - left.x)).toBeLessThan(2);
        }
      });
    }
    expect(pageErrors).toEqual([]);
  });
});
