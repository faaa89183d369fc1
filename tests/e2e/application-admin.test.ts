import type { TestServer } from '@sso/server/testing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, openedDialog, openedDropdown, openedOptions, settled, step } from './steps.testkit.js';

const PASSWORD = 'AppAdmin@2024!';
let server: TestServer;
let page: Page;
let pageErrors: string[] = [];

useBrowserSuite({ adminPassword: PASSWORD, viewport: { width: 1440, height: 900 } }, (suite) => ({ server, page, pageErrors } = suite));

const WAIT = { timeout: 30_000 };
/** A 1×1 PNG: the icon uploaded (stored like an avatar, which checks the bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const content = () => page.locator('.sso-admin .ant-layout-content');
const rowOf = (text: string) => content().locator('.ant-table-row').filter({ hasText: text }).first();

/** The generic page's add or edit dialog, once open. */
const crudDialog = (): Promise<Locator> =>
  settled(page.locator('.ant-modal').filter({ has: page.locator('form#crud-dialog'), visible: true }));

describe.skipIf(!runnable)('the application admin screens', () => {
  it('create an oidc application with an icon and two redirect URIs, show its secret once, grant it and chart its opens', async () => {
    const admin = await server.client();
    await admin.login({ username: 'admin', password: PASSWORD });
    const info = (await admin.call('GET', '/api/blade-auth/oauth/user-info')) as Record<string, unknown>;
    const adminId = String(info.user_id ?? info.userId);
    const adminDept = String(info.dept_id ?? info.deptId).split(',')[0];
    const depts = (await admin.call('GET', '/api/blade-system/dept/tree')) as { id: string; title: string; children?: unknown[] }[];
    const flat = (nodes: { id: string; title: string; children?: unknown[] }[]): { id: string; title: string }[] =>
      nodes.flatMap((node) => [node, ...flat((node.children ?? []) as typeof nodes)]);
    const deptTitle = flat(depts).find((node) => node.id === adminDept)?.title ?? '';
    expect(deptTitle).not.toBe('');

    await step(page, 'app-admin-01-sign-in', async () => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(PASSWORD);
      await button(page, '登录').click();
      await page.waitForURL('**/wel/index');
    });

    let secret = '';
    await step(page, 'app-admin-02-create-oidc', async () => {
      await page.goto(`${server.baseUrl}/aps/app/index`);
      await content().locator('.ant-table').first().waitFor(WAIT);
      await button(page, '新增').click();
      const dialog = await crudDialog();
      await dialog.getByLabel('应用编码').fill('crm');
      await dialog.getByLabel('应用名称').fill('客户管理');
      await dialog.getByLabel('应用地址').fill('https://crm.example.com/');
      await dialog.getByLabel('登录协议').click();
      await (await openedOptions(page)).locator('.ant-select-item-option[title="OpenID Connect"]').click();
      await dialog.getByTestId('protocol-help').filter({ hasText: 'OpenID Connect' }).waitFor(WAIT);
      // A bad URI is refused while it is typed, before the field is left.
      const uris = dialog.getByTestId('redirect-uri');
      await uris.first().fill('crm.example.com/callback');
      await dialog.getByRole('alert').filter({ hasText: '不是可登记的回调地址' }).waitFor(WAIT);
      await uris.first().fill('https://crm.example.com/callback');
      await expect.poll(() => dialog.getByRole('alert').count()).toBe(0);
      await dialog.getByRole('button', { name: '添加回调地址' }).click();
      await uris.nth(1).fill('https://crm.example.com/silent');
      await dialog.locator('input[type=file]').setInputFiles({ name: 'crm.png', mimeType: 'image/png', buffer: PNG });
      await dialog.locator('[data-testid="app-icon-preview"] img').waitFor(WAIT);
      await dialog.getByRole('button', { name: /提\s*交/ }).click();

      const shown = await openedDialog(page, '客户端密钥');
      secret = await shown.getByTestId('client-secret').inputValue();
      expect(secret).toMatch(/^[\w-]{32}$/);
      await shown.getByRole('button', { name: '我已保存' }).click();
      await expect.poll(() => page.getByTestId('client-secret').count()).toBe(0);
      await rowOf('crm').waitFor(WAIT);
    });
    const apps = (await admin.call('GET', '/api/blade-aps/app/list', { appCode: 'crm' })) as { records: Record<string, unknown>[] };
    const crm = apps.records[0] as Record<string, unknown>;
    expect(crm).toMatchObject({ protocol: 'oidc', redirectUris: 'https://crm.example.com/callback,https://crm.example.com/silent' });
    expect(String(crm.icon)).toMatch(/public/); // stored where anyone may read it, as the portal shows it
    expect(JSON.stringify(crm)).not.toContain(secret); // only its hash is kept, and never answered

    await step(page, 'app-admin-03-grant', async () => {
      await rowOf('crm')
        .getByRole('button', { name: /授\s*权/ })
        .click();
      const dialog = await openedDialog(page, '应用授权');
      await dialog.getByTestId('current-grants').waitFor(WAIT);
      await dialog.locator('.ant-tree-treenode').filter({ hasText: deptTitle }).first().locator('.ant-tree-checkbox').click();
      await dialog.getByRole('tab', { name: '用户' }).click();
      const users = dialog;
      await users.getByTestId('user-depts').locator('.ant-tree-node-content-wrapper').filter({ hasText: deptTitle }).first().click();
      await users
        .getByTestId('dept-users')
        .locator('.ant-tree-treenode')
        .filter({ hasText: '(admin)' })
        .locator('.ant-tree-checkbox')
        .click();
      await dialog
        .getByRole('button', { name: /授\s*权/ })
        .last()
        .click();
      const current = dialog.getByTestId('current-grants');
      await current.locator('[data-kind="deptId"] .ant-tag').filter({ hasText: deptTitle }).waitFor(WAIT);
      await current.locator('[data-kind="userId"] .ant-tag').first().waitFor(WAIT);
    });
    const grants = (await admin.call('GET', '/api/blade-aps/appuser/list', { appId: String(crm.id) })) as {
      records: Record<string, unknown>[];
    };
    expect(grants.records.map((row) => row.deptId || row.userId).sort()).toEqual([adminDept, adminId].sort());
    await page.keyboard.press('Escape');

    // An open through the portal is what the login log records.
    await admin.call('GET', '/api/blade-portal/client/app/open', { id: String(crm.id) });
    await step(page, 'app-admin-04-login-log-chart', async () => {
      await page.goto(`${server.baseUrl}/aps/apploginlog/index`);
      await page.getByTestId('app-log-per-day').locator('canvas').waitFor(WAIT);
      await page.getByTestId('app-log-per-app').locator('canvas').waitFor(WAIT);
      await rowOf('crm').waitFor(WAIT);
    });

    await step(page, 'app-admin-04b-analysis', async () => {
      await page.goto(`${server.baseUrl}/aps/appanalysis/index`);
      await rowOf('crm').getByTestId('per-day-bars').waitFor(WAIT);
      expect(await content().locator('[data-screen="missing"]').count()).toBe(0);
    });

    await step(page, 'app-admin-04c-appuser', async () => {
      await page.goto(`${server.baseUrl}/aps/appuser/index`);
      await content().getByTestId('grant-app-picker').click();
      await (await openedOptions(page)).locator('.ant-select-item-option[title="客户管理 (crm)"]').click();
      const current = content().getByTestId('current-grants');
      await current.locator('[data-kind="deptId"] .ant-tag').filter({ hasText: deptTitle }).waitFor(WAIT);
      await content().getByRole('tab', { name: '角色' }).click();
      await content().locator('.ant-tree-treenode').filter({ hasText: '超级管理员' }).first().locator('.ant-tree-checkbox').click();
      await content()
        .getByRole('button', { name: /授\s*权/ })
        .first()
        .click();
      await current.locator('[data-kind="roleId"] .ant-tag').first().waitFor(WAIT);
      // The table below lists the new grant too.
      await content().locator('.ant-table-row').filter({ hasText: '客户管理' }).nth(2).waitFor(WAIT);
    });

    await step(page, 'app-admin-04d-friendly-links', async () => {
      await admin.call('POST', '/api/blade-portal/friendlylink/submit', undefined, {
        linkName: '集团官网',
        linkUrl: 'https://steel.example.com/',
        icon: String(crm.icon),
        sort: 1,
        status: 1,
      });
      await page.goto(`${server.baseUrl}/portal/friendlylink/index`);
      const row = rowOf('集团官网');
      await row.locator('a[href="https://steel.example.com/"][target="_blank"]').waitFor(WAIT);
      await row.locator(`img[src="${String(crm.icon)}"]`).waitFor(WAIT);
    });

    await step(page, 'app-admin-05-english', async () => {
      await page.getByRole('button', { name: '中英文' }).click();
      await (await openedDropdown(page)).getByRole('menuitem', { name: 'English' }).click();
      await page.goto(`${server.baseUrl}/aps/apploginlog/index`);
      await content().getByText('Application opens').waitFor(WAIT); // the charts' own titles are drawn on their canvas
      await page.goto(`${server.baseUrl}/aps/app/index`);
      await rowOf('crm').getByRole('button', { name: 'Reset secret' }).waitFor(WAIT);
      await rowOf('crm').getByRole('button', { name: 'Grant' }).click();
      const dialog = await openedDialog(page, 'Application grants');
      await dialog.getByText('Current grants').waitFor(WAIT);
      await page.keyboard.press('Escape');
      await button(page, 'Add').click();
      const form = await crudDialog();
      // Redirect URIs are a setting of the protocols that send the user back: they show once one is chosen.
      await form.getByLabel('Sign-on protocol').click();
      await (await openedOptions(page)).locator('.ant-select-item-option[title="OpenID Connect"]').click();
      await form.getByTestId('redirect-uri').first().fill('https://*.example.com/');
      await form.getByRole('alert').filter({ hasText: 'Not a URI that can be registered' }).waitFor(WAIT);
    });
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
