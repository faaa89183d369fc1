import type { TestServer } from '@sso/server/testing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, openedDialog, openedOptions, openFromSidebar, settled, signInChangingPassword, step, toast } from './steps.testkit.js';

const NEW_PASSWORD = 'Admin@2024!';
let server: TestServer;
let page: Page;
let pageErrors: string[] = [];

useBrowserSuite({ viewport: { width: 1366, height: 900 } }, (suite) => ({ server, page, pageErrors } = suite));

const row = (text: string) => page.locator('.ant-table-row').filter({ hasText: text, visible: true });
/** The add / edit dialog of the generic page, once it has finished opening. */
const crudDialog = () => settled(page.getByRole('dialog').filter({ has: page.locator('form#crud-dialog') }));
/** The tenant package dialog, once it has finished opening. */
const packageDialog = () => settled(page.locator('.ant-modal').filter({ has: page.locator('form#package-dialog') }));
/** A node of a checkable tree by its exact title. */
const treeNode = (area: Locator, title: string) =>
  area.locator('.ant-tree-treenode').filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });
const tick = (area: Locator, title: string) => treeNode(area, title).locator('.ant-tree-checkbox').click();
async function state(area: Locator, title: string): Promise<'checked' | 'partly' | 'unchecked'> {
  const classes = (await treeNode(area, title).locator('.ant-tree-checkbox').getAttribute('class')) ?? '';
  if (classes.includes('ant-tree-checkbox-checked')) return 'checked';
  if (classes.includes('ant-tree-checkbox-indeterminate')) return 'partly';
  return 'unchecked';
}
/** Menu ids of the codes given, as the server stores them. */
async function menuIds(...codes: string[]): Promise<string[]> {
  const rows = await server.ctx.db
    .selectFrom('blade_menu')
    .select(['id', 'code'])
    .where('code', 'in', codes)
    .where('isDeleted', '=', 0)
    .execute();
  return codes.map((code) => rows.find((r) => r.code === code)?.id ?? `missing ${code}`);
}

/** One story, in order: each step needs the state the last one left. */
describe.skipIf(!runnable)('role grant and tenant package menu trees against the real server', () => {
  it('signs in as admin and changes the initial password', async () => {
    await step(page, 'grant-01-login', async () => {
      await signInChangingPassword(page, server.baseUrl, NEW_PASSWORD);
      await page.getByTestId('sidebar').getByText('权限管理').waitFor();
    });
  });

  it('creates a role, grants it menus in the dialog and finds them ticked when the dialog opens again', async () => {
    await step(page, 'grant-02-role-screen', async () => {
      await openFromSidebar(page, '权限管理', '角色管理', '/authority/role/index');
      await row('超级管理员').waitFor();
    });
    await step(page, 'grant-03-role-add', async () => {
      await button(page, '新增').click();
      const form = await crudDialog();
      await form.getByLabel('角色名称').fill('浏览器授权角色');
      await form.getByLabel('角色别名').fill('e2e_grant');
      await form.getByLabel('角色排序').fill('9');
      await button(page, '提交').click();
      await toast(page, '新增成功');
      await row('e2e_grant').waitFor();
    });
    await step(page, 'grant-04-needs-one-role', async () => {
      await button(page, '权限设置').first().click(); // the toolbar's, nothing ticked
      await toast(page, '请选择至少一条数据');
    });
    await step(page, 'grant-05-grant-menus', async () => {
      await row('e2e_grant').getByRole('button', { name: '权限设置' }).click();
      const grant = await openedDialog(page, '角色权限配置');
      const menus = grant.locator('.ant-tabs-content-active');
      await treeNode(menus, '参数管理').waitFor();
      expect(await state(menus, '参数管理')).toBe('unchecked');
      await tick(menus, '参数管理'); // the screen with all its buttons
      await tick(menus, '岗位管理');
      expect(await state(menus, '系统管理')).toBe('partly');
      await grant.getByRole('button', { name: /提\s*交/ }).click();
      await toast(page, '权限设置成功');
      await grant.waitFor({ state: 'hidden' });
    });
    await step(page, 'grant-06-stored', async () => {
      const role = await server.ctx.db.selectFrom('blade_role').select('id').where('roleAlias', '=', 'e2e_grant').executeTakeFirstOrThrow();
      const held = await server.ctx.db.selectFrom('blade_role_menu').select('menuId').where('roleId', '=', role.id).execute();
      const expected = await menuIds('system', 'param', 'param_add', 'param_edit', 'param_delete', 'param_view', 'post', 'post_add');
      expect(held.map((r) => r.menuId)).toEqual(expect.arrayContaining(expected));
      expect(held.map((r) => r.menuId)).not.toContain((await menuIds('user'))[0]);
    });
    await step(page, 'grant-07-reopen', async () => {
      await row('e2e_grant').locator('input[type=checkbox]').check();
      await page.locator('.sso-crud-toolbar').getByRole('button', { name: '权限设置' }).click();
      const grant = await openedDialog(page, '角色权限配置');
      const menus = grant.locator('.ant-tabs-content-active');
      await treeNode(menus, '参数管理').waitFor();
      await expect.poll(() => state(menus, '参数管理')).toBe('checked');
      expect(await state(menus, '岗位管理')).toBe('checked');
      expect(await state(menus, '系统管理')).toBe('partly');
      expect(await state(menus, '用户管理')).toBe('unchecked');
      await grant.getByRole('button', { name: /取\s*消/ }).click();
      await grant.waitFor({ state: 'hidden' });
    });
  });

  it('creates a tenant package with the menus ticked in its tree', async () => {
    await step(page, 'grant-08-package-add', async () => {
      await openFromSidebar(page, '系统管理', '租户产品包', '/system/tenantpackage/index');
      // The role screen stays alive in its hidden tab: wait for this screen before picking its button.
      await page.locator('form#crud-search').filter({ visible: true }).getByLabel('产品包名称').waitFor();
      await button(page, '新增').filter({ visible: true }).click();
      const form = await packageDialog();
      await expect.poll(async () => (await form.boundingBox())?.width).toBe(600);
      await treeNode(form, '岗位管理').waitFor();
      await form.getByRole('button', { name: /提\s*交/ }).click();
      await form.getByText('请选择菜单').waitFor();
      await form.getByLabel('产品包名称').fill('浏览器产品包');
      await tick(form, '岗位管理');
      await tick(form, '参数管理');
      await form.getByRole('button', { name: /提\s*交/ }).click();
      await toast(page, '新增成功');
      await row('浏览器产品包').waitFor();
    });
    await step(page, 'grant-09-package-stored', async () => {
      const pkg = await server.ctx.db
        .selectFrom('blade_tenant_package')
        .select('menuId')
        .where('packageName', '=', '浏览器产品包')
        .executeTakeFirstOrThrow();
      expect(pkg.menuId.split(',')).toEqual(expect.arrayContaining(await menuIds('system', 'post', 'post_view', 'param', 'param_add')));
    });
    await step(page, 'grant-10-package-edit', async () => {
      await row('浏览器产品包')
        .getByRole('button', { name: /修\s*改/ })
        .click();
      const form = await packageDialog();
      await treeNode(form, '岗位管理').waitFor();
      await expect.poll(() => state(form, '岗位管理')).toBe('checked');
      expect(await state(form, '参数管理')).toBe('checked');
      expect(await state(form, '系统管理')).toBe('partly');
      await form.getByRole('button', { name: /取\s*消/ }).click();
      await form.waitFor({ state: 'hidden' });
    });
  });

  it('sets a tenant licence and product package through the tenant extras', async () => {
    await step(page, 'grant-11-tenant-add', async () => {
      await openFromSidebar(page, '系统管理', '租户管理', '/system/tenant/index');
      await page.locator('form#crud-search').filter({ visible: true }).getByLabel('租户名称').waitFor();
      await button(page, '新增').filter({ visible: true }).click();
      const form = await crudDialog();
      await form.getByLabel('租户名称').fill('浏览器租户');
      await form.getByLabel('联系人').fill('张三');
      await form.getByRole('button', { name: /提\s*交/ }).click();
      await toast(page, '新增成功');
      await row('浏览器租户').waitFor();
    });
    await step(page, 'grant-12-tenant-setting', async () => {
      await row('浏览器租户').locator('input[type=checkbox]').check();
      await button(page, '授权配置').filter({ visible: true }).click();
      const setting = await openedDialog(page, '租户授权配置');
      await setting.getByLabel('账号额度').fill('-2');
      await setting.getByRole('button', { name: /提\s*交/ }).click();
      await setting.getByText('账号额度必须是不小于-1的整数（-1表示不限）').waitFor();
      await setting.getByLabel('账号额度').fill('25');
      await setting.getByRole('button', { name: /提\s*交/ }).click();
      await toast(page, '操作成功');
      await row('浏览器租户').getByText('25', { exact: true }).waitFor();
    });
    await step(page, 'grant-13-tenant-package', async () => {
      expect(await row('管理组').getByRole('button', { name: '产品包' }).count()).toBe(0); // not for the platform tenant
      await row('浏览器租户').getByRole('button', { name: '产品包' }).click();
      const choose = await openedDialog(page, '租户产品包配置');
      await choose.getByLabel('产品包').click();
      await (await openedOptions(page)).locator('.ant-select-item-option').filter({ hasText: '浏览器产品包' }).click();
      await choose.getByRole('button', { name: /提\s*交/ }).click();
      await toast(page, '操作成功');
      await choose.waitFor({ state: 'hidden' });
      const held = await server.ctx.db
        .selectFrom('blade_tenant')
        .innerJoin('blade_tenant_package', 'blade_tenant_package.id', 'blade_tenant.packageId')
        .select('blade_tenant_package.packageName')
        .where('blade_tenant.tenantName', '=', '浏览器租户')
        .executeTakeFirst();
      expect(held?.packageName).toBe('浏览器产品包');
      await row('浏览器租户').getByRole('button', { name: '产品包' }).click(); // opens on the package held
      const again = await openedDialog(page, '租户产品包配置');
      await again.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: '浏览器产品包' }).first().waitFor();
      await again.getByRole('button', { name: /取\s*消/ }).click();
      await again.waitFor({ state: 'hidden' });
    });
  });

  it('shows a new client its secret once, and the secret signs in', async () => {
    let secret = '';
    await step(page, 'grant-14-client-add', async () => {
      await openFromSidebar(page, '系统管理', '客户端管理', '/system/client/index');
      await page.locator('form#crud-search').filter({ visible: true }).getByLabel('客户端id').waitFor();
      await button(page, '新增').filter({ visible: true }).click();
      const form = await crudDialog();
      await form.getByLabel('客户端id').fill('e2e-browser-app');
      await form.getByLabel('授权范围').fill('all');
      await form.getByLabel('授权类型').fill('password,refresh_token');
      await form.getByLabel('令牌过期秒数', { exact: true }).fill('3600');
      await form.getByLabel('刷新令牌过期秒数').fill('7200');
      await form.getByRole('button', { name: /提\s*交/ }).click();
      // The secret's dialog opens as the form's closes: 我已保存 is clicked once it has finished opening.
      const shown = await openedDialog(page, '客户端密钥');
      await shown.getByText('密钥只显示这一次').waitFor();
      secret = await shown.getByTestId('client-secret').inputValue();
      expect(secret).toMatch(/^[\w-]{32}$/);
      await shown.getByRole('button', { name: '我已保存' }).click();
      await shown.waitFor({ state: 'hidden' });
      await row('e2e-browser-app').waitFor();
    });
    await step(page, 'grant-15-client-secret-works', async () => {
      const app = server.client({ clientId: 'e2e-browser-app', clientSecret: secret });
      const token = await app.login({ username: 'admin', password: NEW_PASSWORD });
      expect(token.access_token).toBeTruthy();
      await row('e2e-browser-app')
        .getByRole('button', { name: /查\s*看/ })
        .click();
      const view = await crudDialog();
      await view.getByLabel('授权范围').waitFor();
      expect(await page.content()).not.toContain(secret); // lists and details never carry it
      await view
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /关\s*闭/ })
        .click();
    });
    expect(pageErrors).toEqual([]);
  });
});
