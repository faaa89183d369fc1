import type { TestServer } from '@sso/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, openedDialog, openedDropdown, openedOptions, step } from './steps.testkit.js';

const PASSWORD = 'AppAuthz@2024!';
let server: TestServer;
let page: Page;
let pageErrors: string[] = [];

useBrowserSuite({ adminPassword: PASSWORD, viewport: { width: 1440, height: 900 } }, (suite) => ({ server, page, pageErrors } = suite));

const WAIT = { timeout: 30_000 };
type Row = Record<string, unknown>;

const content = () => page.locator('.sso-admin .ant-layout-content');
const rowOf = (text: string) => content().locator('.ant-table-row').filter({ hasText: text }).first();
const treeNode = (scope: ReturnType<Page['locator']>, title: string) =>
  scope
    .locator('.ant-tree-treenode')
    .filter({ has: scope.page().locator(`.ant-tree-title:text-is("${title}")`) })
    .first();

/** Picks the option titled `title` of the select in `scope` with this test id. */
async function pick(testId: string, title: string) {
  await content().getByTestId(testId).click();
  await (await openedOptions(page)).locator(`.ant-select-item-option[title="${title}"]`).click();
}

describe.skipIf(!runnable)('authorization inside applications', () => {
  it('grants role menus, refuses a grant that breaks a rule, resolves an existing violator and shows effective access', async () => {
    const admin = await server.client();
    await admin.login({ username: 'admin', password: PASSWORD });
    const call = (path: string, body: Row) => admin.call('POST', path, undefined, body) as Promise<Row>;
    const dept = admin.session?.token.dept_id?.split(',')[0] ?? '';
    const platformRole = String(((await admin.call('GET', '/api/blade-system/role/tree')) as Row[])[0]?.id);
    const user = async (account: string, realName: string) => {
      await admin.user.user.submit({ account, name: account, realName, userType: 1, sex: 1, roleId: platformRole, deptId: dept });
      const { id } = await server.ctx.db.selectFrom('blade_user').select('id').where('account', '=', account).executeTakeFirstOrThrow();
      return String(id);
    };
    const zhangId = await user('authz_zhang', '张采购');
    const liId = await user('authz_li', '李两岗');

    const app = await call('/api/blade-aps/app/submit', {
      appCode: 'erp',
      appName: '采购系统',
      appUrl: 'https://erp.example.com/',
      redirectUris: 'https://erp.example.com/callback',
      protocol: 'oidc',
      status: 1,
    });
    const appId = String(app.id);
    const orders = await call('/api/blade-aps/appmenu/submit', { appId, code: 'orders', name: '采购订单', category: 1 });
    await call('/api/blade-aps/appmenu/submit', {
      appId,
      parentId: String(orders.id),
      code: 'orders_approve',
      name: '审批按钮',
      category: 2,
    });
    const approve = await call('/api/blade-aps/appmenufunction/submit', {
      appId,
      menuId: String(orders.id),
      functionCode: 'order:approve',
      functionName: '审批订单',
    });

    await step(page, 'app-authz-01-sign-in', async () => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(PASSWORD);
      await button(page, '登录').click();
      await page.waitForURL('**/wel/index');
    });

    await step(page, 'app-authz-02-menu-tree', async () => {
      await page.goto(`${server.baseUrl}/aps/appmenu/index`);
      await pick('authz-app-picker', '采购系统 (erp)');
      const tree = content().getByTestId('app-menu-tree');
      await treeNode(tree, '审批按钮').waitFor(WAIT);
      await rowOf('orders').waitFor(WAIT);
    });

    // The roles: created through the API contract, their menus granted on the screen.
    const buyer = await call('/api/blade-aps/approle/submit', { appId, roleName: '采购员', roleAlias: 'buyer' });
    const approver = await call('/api/blade-aps/approle/submit', { appId, roleName: '审批员', roleAlias: 'approver' });
    await call('/api/blade-aps/approlemenu/grant', { appRoleId: String(buyer.id), menuIds: String(orders.id) });
    await step(page, 'app-authz-03-role-grants', async () => {
      await page.goto(`${server.baseUrl}/aps/approle/index`);
      await rowOf('approver').getByRole('button', { name: '权限设置' }).click();
      const dialog = await openedDialog(page, '权限设置：审批员');
      await treeNode(dialog, '审批按钮').locator('.ant-tree-checkbox').click();
      await dialog.getByRole('tab', { name: '功能' }).click();
      await treeNode(dialog, '审批订单 (order:approve)').locator('.ant-tree-checkbox').click();
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);
    });
    const held = (await admin.call('GET', '/api/blade-aps/approlemenu/getRoleMenuList', { appRoleId: String(approver.id) })) as string[];
    expect(held.length).toBe(2); // the button and the menu it sits in

    // 李两岗 holds both roles before any rule exists; 张采购 holds the buyer role.
    for (const [userId, role] of [
      [liId, buyer],
      [liId, approver],
      [zhangId, buyer],
    ] as const)
      await call('/api/blade-aps/userauthorizedrole/submit', { userId, appRoleId: String(role.id) });
    // A function granted to 张采购 directly, beside what his role gives him.
    await call('/api/blade-aps/userauthorizedfunction/submit', { userId: zhangId, functionId: String(approve.id) });

    await step(page, 'app-authz-04-rule-and-conflicts', async () => {
      await page.goto(`${server.baseUrl}/abs/appincompatiblerule/index`);
      await content().getByTestId('new-sod-rule').click();
      const editor = await openedDialog(page, '新建规则');
      await editor.getByLabel('规则名称').fill('采购与审批分离');
      await editor.getByTestId('sod-rule-roles').click();
      await (await openedOptions(page)).locator('.ant-select-item-option[title="采购系统 / 采购员 (buyer)"]').click();
      await (await openedOptions(page)).locator('.ant-select-item-option[title="采购系统 / 审批员 (approver)"]').click();
      await page.keyboard.press('Escape');
      await editor.getByRole('button', { name: /确\s*定|OK/ }).click();
      const report = await openedDialog(page, '冲突报告：采购与审批分离');
      await report.getByText('李两岗 (authz_li)').waitFor(WAIT);
      const approverLine = report
        .locator('div')
        .filter({ hasText: /^采购系统 \/ 审批员/ })
        .last();
      await approverLine.getByRole('button', { name: '撤销此角色' }).click();
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      await report.getByText('目前没有用户违反此规则').waitFor(WAIT);
    });
    const liRoles = (await admin.call('GET', '/api/blade-aps/userauthorizedrole/list', { userId: liId })) as { records: Row[] };
    expect(liRoles.records.map((r) => r.appRoleId)).toEqual([String(buyer.id)]);
    const log = (await admin.call('GET', '/api/blade-abs/appincompatiblelog/list', { userId: liId })) as { records: Row[] };
    expect(log.records.map((r) => r.kind).sort()).toEqual(['detected', 'resolved']);

    await step(page, 'app-authz-05-refused-grant', async () => {
      await page.goto(`${server.baseUrl}/aps/userauthorizedrole/index`);
      await content().getByTestId('grant-user-search').locator('input').fill('authz_zhang');
      await content().getByTestId('grant-user-search').locator('input').press('Enter');
      await content().getByTestId('grant-user-list').getByText('张采购 (authz_zhang)').click();
      await pick('user-grant-app', '采购系统 (erp)');
      await pick('user-grant-target', '审批员 (approver)');
      await content()
        .getByTestId('user-grant-form')
        .getByRole('button', { name: /授\s*权/ })
        .click();
      const refusal = content().getByTestId('grant-refused');
      await refusal.waitFor(WAIT);
      expect(await refusal.textContent()).toMatch(/采购员[\s\S]*审批员|审批员[\s\S]*采购员/);
    });
    const zhangRoles = (await admin.call('GET', '/api/blade-aps/userauthorizedrole/list', { userId: zhangId })) as { records: Row[] };
    expect(zhangRoles.records.map((r) => r.appRoleId)).toEqual([String(buyer.id)]);

    await step(page, 'app-authz-06-effective-access', async () => {
      await content().getByTestId('open-effective-access').click();
      const dialog = await openedDialog(page, /^有效权限：/);
      const erp = dialog.getByTestId('access-app-erp');
      await erp.getByText('采购员 (buyer)').waitFor(WAIT);
      await erp.getByText('管理员授权').first().waitFor(WAIT);
      // The menu comes through the role, the function from the direct grant, neither expiring.
      await erp.getByText('采购订单 (orders)').waitFor(WAIT);
      await erp.getByText('角色：采购员 · 永久').waitFor(WAIT);
      await erp.getByText('审批订单 (order:approve)').waitFor(WAIT);
      await erp.getByText(/^直接授权 · .+ · 永久$/).waitFor(WAIT);
    });

    await step(page, 'app-authz-07-effective-access-of-li', async () => {
      await page.keyboard.press('Escape');
      await page.goto(`${server.baseUrl}/aps/userauthorizedrole/index`);
      await content().getByTestId('grant-user-search').locator('input').fill('authz_li');
      await content().getByTestId('grant-user-search').locator('input').press('Enter');
      await content().getByTestId('grant-user-list').getByText('李两岗 (authz_li)').click();
      await content().getByTestId('open-effective-access').click();
      const dialog = await openedDialog(page, /^有效权限：/);
      await dialog.getByTestId('access-app-erp').getByText('采购员 (buyer)').waitFor(WAIT);
    });
    await step(page, 'app-authz-07b-from-the-user-screen', async () => {
      await page.keyboard.press('Escape');
      await page.goto(`${server.baseUrl}/system/user/index`);
      await content().getByLabel('登录账号').fill('authz_zhang');
      await content().getByLabel('登录账号').press('Enter');
      await rowOf('authz_zhang').getByRole('button', { name: '有效权限' }).click();
      const dialog = await openedDialog(page, '有效权限：张采购 (authz_zhang)');
      await dialog.getByTestId('access-app-erp').getByText('审批订单 (order:approve)').waitFor(WAIT);
    });

    await step(page, 'app-authz-08-english', async () => {
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '中英文' }).click();
      await (await openedDropdown(page)).getByRole('menuitem', { name: 'English' }).click();
      await page.goto(`${server.baseUrl}/abs/appincompatiblerule/index`);
      await rowOf('采购与审批分离').getByRole('button', { name: 'Conflict report' }).click();
      const report = await openedDialog(page, 'Conflict report: 采购与审批分离');
      await report.getByText('Nobody breaks this rule now').waitFor(WAIT);
    });
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
