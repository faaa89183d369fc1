import type { TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, confirm, openedDialog, openedDropdown, openFromSidebar, settled, step, toast } from './steps.testkit.js';

const NEW_PASSWORD = 'Admin@2024!';
let server: TestServer;
let page: Page;
/** Uncaught errors of the page: the console must have none. */
let pageErrors: string[] = [];

useBrowserSuite({}, (suite) => ({ server, page, pageErrors } = suite));

const row = (text: string) => page.locator('.ant-table-row').filter({ hasText: text });

/** One story through the admin console, in order: each step needs the state the last one left. */
describe.skipIf(!runnable)('the admin console against the real server', () => {
  it('signs in, changes the initial password and lands on the dashboard with the sidebar', async () => {
    await step(page, 'console-01-login', async () => {
      await page.goto(`${server.baseUrl}/system/param`);
      await page.waitForURL('**/login');
      await expect.poll(() => page.title()).toBe('登录 - 钢铁集团单点登录平台');
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill('admin');
      await button(page, '登录').click();
      await page.waitForURL('**/password-lock');
    });
    await step(page, 'console-02-password-lock', async () => {
      await page.goto(`${server.baseUrl}/wel/index`);
      await page.waitForURL('**/password-lock'); // every route leads here until the change
      await page.getByLabel('原密码').fill('admin');
      await page.getByLabel('新密码').fill('simple');
      await page.getByLabel('确认密码').fill('simple');
      await button(page, '提交').click();
      await page.getByText('密码不满足复杂度（8位以上，字母+数字+特殊符号组合）!').waitFor();
      await page.getByLabel('新密码').fill(NEW_PASSWORD);
      await page.getByLabel('确认密码').fill(NEW_PASSWORD);
      await button(page, '提交').click();
      await page.waitForURL('**/wel/index');
      await page.getByTestId('sidebar').getByText('系统管理').waitFor();
      await page.getByText('欢迎你，管理员').waitFor();
    });
  });

  it('adds, edits and deletes a parameter through the generic page', async () => {
    await step(page, 'console-03-param-screen', async () => {
      await openFromSidebar(page, '系统管理', '参数管理', '/system/param/index');
      await row('account.ipFailCount').waitFor();
      await expect.poll(() => page.title()).toBe('参数管理 - 钢铁集团单点登录平台');
    });
    await step(page, 'console-04-param-add', async () => {
      await button(page, '新增').click();
      const dialog = await settled(page.getByRole('dialog'));
      await dialog.getByRole('button', { name: /提\s*交/ }).click();
      await dialog.getByText('请输入参数名称').waitFor();
      await dialog.getByLabel('参数名称').fill('浏览器测试参数');
      await dialog.getByLabel('参数键名').fill('e2e.browser');
      await dialog.getByLabel('参数键值').fill('one');
      await button(page, '提交').click();
      await toast(page, '新增成功');
      // The seeded parameters fill the first page: narrow the list to the new one with the search form.
      const search = page.locator('form#crud-search');
      await search.getByLabel('参数键名').fill('e2e.browser');
      await search.getByRole('button', { name: /搜\s*索/ }).click();
      await row('e2e.browser').waitFor();
    });
    await step(page, 'console-05-param-edit', async () => {
      await row('e2e.browser')
        .getByRole('button', { name: /修\s*改/ })
        .click();
      const value = (await settled(page.getByRole('dialog'))).getByLabel('参数键值');
      await expect.poll(() => value.inputValue()).toBe('one');
      await value.fill('two');
      await button(page, '提交').click();
      await toast(page, '修改成功');
      await row('e2e.browser').getByText('two').waitFor();
    });
    await step(page, 'console-06-param-delete', async () => {
      await page
        .locator('.sso-crud-toolbar')
        .getByRole('button', { name: /^删\s*除$/ })
        .click();
      await toast(page, '请选择至少一条数据');
      await row('e2e.browser')
        .getByRole('button', { name: /删\s*除/ })
        .click();
      await confirm(page, '确定将选择数据删除?');
      await toast(page, '删除成功');
      await row('e2e.browser').waitFor({ state: 'detached' });
    });
  });

  it('searches menus, switches theme and language, locks and unlocks', async () => {
    await step(page, 'console-07-menu-search', async () => {
      await page.getByRole('button', { name: '菜单搜索' }).click();
      const panel = await openedDialog(page, '菜单搜索');
      await panel.getByPlaceholder('请输入搜索内容').fill('参数');
      await panel.getByText('参数管理', { exact: true }).waitFor();
      await panel.getByPlaceholder('请输入搜索内容').fill('数管理'); // a prefix match only
      await panel.getByText('没有找到菜单').waitFor();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
    });
    await step(page, 'console-08-theme', async () => {
      await page.getByRole('button', { name: '主题' }).click();
      await (await openedDialog(page, /^选择$/)).getByText('黑色主题').click();
      await expect.poll(() => page.evaluate(() => document.body.className)).toContain('theme-dark');
      await page.keyboard.press('Escape');
    });
    await step(page, 'console-09-language', async () => {
      await page.getByRole('button', { name: '中英文' }).click();
      await (await openedDropdown(page)).getByRole('menuitem', { name: 'English' }).click();
      await page.getByRole('button', { name: /^Add$/ }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('sso-language'))).toBe('en');
      await page.getByRole('button', { name: 'Language' }).click();
      await (await openedDropdown(page)).getByRole('menuitem', { name: '简体中文' }).click();
      await button(page, '新增').waitFor();
    });
    await step(page, 'console-10-lock', async () => {
      await page.getByRole('button', { name: '锁屏' }).click();
      const dialog = await openedDialog(page, '设置锁屏密码');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.getByText('锁屏密码不能为空').waitFor();
      await dialog.getByLabel('锁屏密码').fill('lock-me');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await page.waitForURL('**/lock');
      await page.goto(`${server.baseUrl}/wel/index`);
      await page.waitForURL('**/lock'); // locked: every route leads here
      await page.getByLabel('锁屏密码').fill('wrong');
      await button(page, '解锁').click();
      await toast(page, '解锁密码错误,请重新输入');
      await page.getByLabel('锁屏密码').fill('lock-me');
      await button(page, '解锁').click();
      await page.waitForURL('**/system/param/index');
    });
  });

  it('shows 404 for unknown paths and goes to /login on a 401', async () => {
    await step(page, 'console-11-not-found', async () => {
      await page.goto(`${server.baseUrl}/no/such/page`);
      await page.waitForURL('**/404');
      await page.getByText('抱歉，你访问的页面不存在').waitFor();
    });
    await step(page, 'console-12-unauthorized', async () => {
      await page.goto(`${server.baseUrl}/system/param/index`);
      await row('account.ipFailCount').waitFor();
      // The session ends on the server (as an administrator's revoke would): the next call is a 401.
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('sso-session') ?? '{}').content.token.access_token);
      const basic = Buffer.from('saber:saber_secret').toString('base64');
      const res = await fetch(`${server.baseUrl}/api/blade-auth/oauth/logout`, {
        headers: { Authorization: `Basic ${basic}`, 'Blade-Auth': `bearer ${token}` },
      });
      expect((await res.json()).code).toBe(200);
      await button(page, '刷新').click();
      await page.waitForURL('**/login');
      expect(await page.evaluate(() => localStorage.getItem('sso-session'))).toBeNull();
    });
    expect(pageErrors).toEqual([]);
  });
});
