import type { TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, confirm, openedDialog, openedDropdown, step, toast } from './steps.testkit.js';

const PASSWORD = 'Shell@2024!';
let server: TestServer;
let page: Page;

useBrowserSuite({ adminPassword: PASSWORD }, (suite) => ({ server, page } = suite));

describe.skipIf(!runnable)('the admin shell', () => {
  it('checks the registration dialog in order and submits a registration', async () => {
    await step(page, 'shell-01-register', async () => {
      await page.goto(`${server.baseUrl}/login`);
      await button(page, '注册账号').click();
      const dialog = await openedDialog(page, '账号注册');
      const submit = dialog.getByRole('button', { name: /提\s*交/ });
      await dialog.getByLabel('租户编号').fill('');
      await submit.click();
      await toast(page, '请先输入租户编号');
      await dialog.getByLabel('租户编号').fill('000000');
      await submit.click();
      await toast(page, '请先输入账号名称');
      await dialog.getByLabel('账号').fill('e2e-guest');
      await submit.click();
      await toast(page, '请先输入密码');
      await dialog.getByLabel('密码', { exact: true }).fill('Guest@2024!');
      await dialog.getByLabel('确认密码').fill('Other@2024!');
      await submit.click();
      await toast(page, '两次密码输入不一致');
      await dialog.getByLabel('确认密码').fill('Guest@2024!');
      await submit.click();
      await confirm(page, '注册申请已提交,请耐心等待管理员通过!');
      await page.waitForURL('**/login');
    });
  });

  // The tabs walk is its own suite (tabs.test.ts); here the sign-in leads to the walks below.
  it('signs in to the shell', async () => {
    await step(page, 'shell-02-sign-in', async () => {
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(PASSWORD);
      await button(page, '登录').click();
      await page.waitForURL('**/wel/index');
    });
  });

  it('shows the fixed pages 控制台, 测试页 and 演示页 with their content, without page errors', async () => {
    const errors: string[] = [];
    const onError = (error: Error) => errors.push(error.message);
    page.on('pageerror', onError);
    const statistic = (testId: string) => page.getByTestId(testId).locator('.ant-statistic-content-value');
    try {
      await step(page, 'shell-02-console', async () => {
        // The console's overview is part of the landing page now: its old address leads there.
        await page.goto(`${server.baseUrl}/wel/dashboard`);
        await page.waitForURL('**/wel/index');
        await page.getByText('平台概况').waitFor();
        // The admin is a user, and has just signed in today.
        await expect.poll(() => statistic('figure-users').textContent(), { timeout: 20_000 }).toMatch(/^[1-9]\d*$/);
        await expect.poll(() => statistic('figure-sign-ins').textContent(), { timeout: 20_000 }).toMatch(/^[1-9]\d*$/);
        await page.getByTestId('sign-in-chart').locator('canvas').waitFor();
        await page.locator('.sso-tags .ant-tabs-tab-active').filter({ hasText: '首页' }).waitFor();
      });
      await step(page, 'shell-02-test-page', async () => {
        await page.goto(`${server.baseUrl}/test/index`);
        await page.getByTestId('test-user').getByText('admin', { exact: true }).first().waitFor();
        await expect.poll(() => page.getByTestId('token-remaining').textContent(), { timeout: 20_000 }).toMatch(/^\d+ 秒$/);
        await page.getByTestId('permission-codes').getByText('param_add', { exact: true }).waitFor();
        await button(page, '调用').click();
        const result = page.getByTestId('call-result');
        await result.getByText('code 200').waitFor();
        expect(JSON.parse((await result.locator('pre').textContent()) ?? '{}').data.account).toBe('admin');
      });
      await step(page, 'shell-02-demo-page', async () => {
        await page.goto(`${server.baseUrl}/demo/demo`);
        await page.locator('th').filter({ hasText: '通知标题' }).first().waitFor();
        await page.getByRole('tab', { name: '表单' }).click();
        await button(page, '校验并预览').click();
        await page.getByText('请输入通知标题').waitFor();
        await page.getByRole('tab', { name: '字典' }).click();
        await page.getByTestId('dict-entries').getByText('1 · 发布通知').waitFor();
      });
      expect(errors).toEqual([]);
    } finally {
      page.off('pageerror', onError);
    }
  });

  it('shows the waiting approvals and the notices, switches department and role, and hands off to ?redirect= with a token', async () => {
    await step(page, 'shell-03-notices', async () => {
      await page.getByRole('button', { name: '通知' }).click();
      await page.getByRole('tab', { name: '待审批(0)' }).waitFor();
      await page.getByRole('tab', { name: /^通知公告\(\d+\)$/ }).waitFor();
      await page.keyboard.press('Escape');
    });
    await step(page, 'shell-04-switch', async () => {
      await page.getByTestId('user-menu').click();
      await (await openedDropdown(page)).getByRole('menuitem', { name: '切换部门与角色' }).click();
      const dialog = await openedDialog(page, '切换部门与角色');
      await dialog.getByText('所属部门').waitFor();
      const before = await page.evaluate(() => JSON.parse(localStorage.getItem('sso-session') ?? '{}').content.token.access_token);
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await toast(page, '操作成功!');
      const after = await page.evaluate(() => JSON.parse(localStorage.getItem('sso-session') ?? '{}').content.token.access_token);
      expect(after).not.toBe(before); // a new token for the chosen department and role
    });
    await step(page, 'shell-05-redirect', async () => {
      const target = `${server.baseUrl}/doc.html/`;
      // Tokens are only handed to registered redirect URIs: register this one on a client first.
      const admin = await server.client();
      await admin.login({ username: 'admin', password: PASSWORD });
      await admin.system.client.submit({
        clientId: 'e2e_shell',
        scope: 'all',
        authorizedGrantTypes: 'password,refresh_token',
        accessTokenValidity: 3600,
        refreshTokenValidity: 7200,
        webServerRedirectUri: `${server.baseUrl}/doc.html`,
      });
      await page.goto(`${server.baseUrl}/login?redirect=${encodeURIComponent(target)}`);
      await page.waitForURL(/\/doc\.html\/\?access_token=/);
      const token = new URL(page.url()).searchParams.get('access_token');
      const me = await server
        .client()
        .call('GET', '/api/blade-auth/oauth/user-info')
        .catch(() => undefined);
      expect(me).toBeUndefined(); // the plain client has no token; the handed-over one works:
      const res = await fetch(`${server.baseUrl}/api/blade-auth/oauth/user-info`, {
        headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Blade-Auth': `bearer ${token}` },
      });
      expect((await res.json()).data.account).toBe('admin');
    });
  });

  it('logs out after the confirmation 退出系统, 是否继续?', async () => {
    await step(page, 'shell-06-logout', async () => {
      await page.goto(`${server.baseUrl}/wel/index`);
      await page.getByTestId('user-menu').click();
      await (await openedDropdown(page)).getByRole('menuitem', { name: '退出登录' }).click();
      await confirm(page, '退出系统, 是否继续?');
      await page.waitForURL('**/login');
      expect(await page.evaluate(() => localStorage.getItem('sso-session'))).toBeNull();
    });
  });
});
