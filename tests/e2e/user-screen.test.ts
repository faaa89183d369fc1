import type { TestServer } from '@sso/server/testing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import {
  button,
  chooseXlsx,
  confirm,
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
const ACCOUNT = 'e2e_user';
/** The file of the export step, imported again. */
let exported: Buffer;
let server: TestServer;
let page: Page;
let pageErrors: string[] = [];

useBrowserSuite({ viewport: { width: 1440, height: 900 } }, (suite) => ({ server, page, pageErrors } = suite));

const row = (text: string) => page.locator('.ant-table-row').filter({ hasText: text });
const deptTree = () => page.getByTestId('dept-tree');
/** A node of an antd tree by its exact title. */
const treeNode = (area: Locator, title: string) =>
  area.locator('.ant-tree-treenode').filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });
/** The open dropdown of a TreeSelect. */
const dropdown = () => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
/** The add / edit dialog of the generic page. */
const form = () => page.getByRole('dialog').filter({ has: page.locator('form#crud-dialog') });

/** Ticks options of a multiple TreeSelect of the form (found by typing: nodes start folded), then closes its dropdown. */
async function pickInTreeSelect(label: string, ...titles: string[]) {
  const input = form().getByLabel(label);
  for (const title of titles) {
    await input.click();
    await input.fill(title);
    await (await openedOptions(page)).locator('.ant-select-tree-title', { hasText: new RegExp(`^${title}$`) }).click();
  }
  await form().locator('.ant-modal-title').click(); // closes the dropdown, not the dialog
  await dropdown().waitFor({ state: 'hidden' });
}

/** The user row as stored: what reset and grant must have changed. */
const stored = () =>
  server.ctx.db
    .selectFrom('blade_user')
    .select(['roleId', 'deptId', 'mustChangePassword', 'realName'])
    .where('account', '=', ACCOUNT)
    .executeTakeFirstOrThrow();

/** Waits until no toast with this text is left, so that the next one is new. */
const toastGone = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor({ state: 'detached' });

/** Departments and roles of the story, made through the API (their own screens have their own suites). */
async function seedDeptsAndRoles(): Promise<void> {
  const sdk = server.client();
  await sdk.login({ username: 'admin', password: NEW_PASSWORD });
  const [root] = await sdk.system.dept.tree();
  for (const deptName of ['研发中心', '市场部']) {
    await sdk.system.dept.submit({ parentId: root.id, deptName, fullName: deptName, deptCategory: 2, sort: 1 });
  }
  for (const [roleName, roleAlias] of [
    ['审计角色', 'e2e_audit'],
    ['运维角色', 'e2e_ops'],
  ]) {
    await sdk.system.role.submit({ roleName, roleAlias, sort: 5 });
  }
}

/** One story, in order: each step needs the state the last one left. */
describe.skipIf(!runnable)('the users screen against the real server', () => {
  it('signs in as admin and changes the initial password', async () => {
    await step(page, 'user-01-login', async () => {
      await signInChangingPassword(page, server.baseUrl, NEW_PASSWORD);
      await page.getByTestId('sidebar').getByText('系统管理').waitFor();
    });
    await seedDeptsAndRoles();
  });

  it('opens 用户管理 with the department tree and creates a user in the add dialog', async () => {
    await step(page, 'user-02-screen', async () => {
      await openFromSidebar(page, '系统管理', '用户管理', '/system/user/index');
      await row('admin').waitFor();
      await row('admin').getByText('超级管理员').waitFor(); // role names, not ids
      await treeNode(deptTree(), '研发中心').waitFor();
      await treeNode(deptTree(), '市场部').waitFor();
    });
    await step(page, 'user-03-add', async () => {
      await button(page, '新增').click();
      await settled(form());
      await form().getByLabel('登录账号').fill(ACCOUNT);
      await form().getByLabel('密码', { exact: true }).fill('Test@12345');
      await form().getByLabel('确认密码').fill('Test@12345');
      await form().getByLabel('用户昵称').fill('小测');
      await form().getByLabel('用户姓名').fill('浏览器用户');
      await pickInTreeSelect('所属角色', '审计角色');
      await pickInTreeSelect('所属部门', '研发中心');
      await button(page, '提交').click();
      await toast(page, '新增成功');
      await form().waitFor({ state: 'hidden' });
    });
    await step(page, 'user-04-listed', async () => {
      const created = row(ACCOUNT);
      await created.getByText('浏览器用户').waitFor();
      await created.getByText('审计角色').waitFor();
      await created.getByText('研发中心').waitFor();
      expect((await stored()).mustChangePassword).toBe(0); // a typed password needs no change
    });
  });

  it('edits the user', async () => {
    await step(page, 'user-05-edit', async () => {
      await row(ACCOUNT)
        .getByRole('button', { name: /修\s*改/ })
        .click();
      const realName = (await settled(form())).getByLabel('用户姓名');
      await expect.poll(() => realName.inputValue()).toBe('浏览器用户');
      await realName.fill('改名用户');
      await button(page, '提交').click();
      await toast(page, '修改成功');
      await row(ACCOUNT).getByText('改名用户').waitFor();
      expect((await stored()).realName).toBe('改名用户');
    });
  });

  it('filters by the department clicked in the tree (sub-departments included), exports and imports the filtered users', async () => {
    await step(page, 'user-06-filter-other-dept', async () => {
      await treeNode(deptTree(), '市场部').locator('.ant-tree-title').click();
      await row(ACCOUNT).waitFor({ state: 'detached' });
      await row('admin').waitFor({ state: 'detached' });
    });
    await step(page, 'user-07-filter-own-dept', async () => {
      await treeNode(deptTree(), '研发中心').locator('.ant-tree-title').click();
      await row(ACCOUNT).waitFor();
      await row('admin').waitFor({ state: 'detached' }); // admin is in 钢铁集团 only
    });
    await step(page, 'user-08-export-filtered', async () => {
      const file = await downloadOf(page, async () => {
        await button(page, '导出').click();
        await confirm(page, '是否导出用户数据?');
      });
      expect(file.name).toMatch(/^用户数据表\d{4}-\d{2}-\d{2}\.xlsx$/);
      exported = file.data;
      expect(exported.subarray(0, 2).toString()).toBe('PK'); // an xlsx (zip) file
    });
    await step(page, 'user-09-import', async () => {
      await button(page, '导入').click();
      const dialog = await openedDialog(page, '用户数据导入');
      const template = await downloadOf(page, () => dialog.getByRole('button', { name: '模板下载' }).click());
      expect(template.name).toBe('用户数据模板.xlsx');
      // The export holds only the users of 研发中心: e2e_user, already there.
      await chooseXlsx(dialog, 'users.xlsx', exported);
      await dialog.getByRole('button', { name: /提\s*交/ }).click();
      await page.locator('.ant-message-notice-error').first().waitFor(); // not covered: the account exists
      await dialog.getByLabel('是').check();
      await dialog.getByRole('button', { name: /提\s*交/ }).click();
      await toast(page, '导入成功：新增 0 条，更新 1 条');
      await dialog.waitFor({ state: 'hidden' });
      await row(ACCOUNT).getByText('改名用户').waitFor();
    });
    await step(page, 'user-10-filter-parent-dept', async () => {
      await treeNode(deptTree(), '钢铁集团').locator('.ant-tree-title').click();
      await row('admin').waitFor();
      await row(ACCOUNT).waitFor(); // 研发中心 is below 钢铁集团
    });
    await step(page, 'user-11-filter-cleared', async () => {
      await treeNode(deptTree(), '市场部').locator('.ant-tree-title').click();
      await row('admin').waitFor({ state: 'detached' });
      await deptTree()
        .getByRole('button', { name: /全\s*部/ })
        .click();
      await row('admin').waitFor();
      await row(ACCOUNT).waitFor();
    });
  });

  it('resets the password of the selected user', async () => {
    await step(page, 'user-12-reset-needs-selection', async () => {
      await button(page, '密码重置').click();
      await toast(page, '请选择至少一条数据');
    });
    await step(page, 'user-13-reset', async () => {
      await row(ACCOUNT).locator('.ant-checkbox-input').check();
      await button(page, '密码重置').click();
      await confirm(page, '确定将选择账号密码重置为初始密码?');
      await toast(page, '操作成功!');
      await expect.poll(async () => (await stored()).mustChangePassword).toBe(1); // must change at the next sign-in
      await toastGone('操作成功!');
    });
  });

  it('grants a role to the selected user', async () => {
    await step(page, 'user-14-grant', async () => {
      const box = row(ACCOUNT).locator('.ant-checkbox-input');
      if (!(await box.isChecked())) await box.check();
      await expect.poll(() => page.locator('.ant-table-row .ant-checkbox-input:checked').count()).toBe(1);
      await button(page, '角色配置').click();
      const dialog = await openedDialog(page, '用户角色配置');
      const audit = treeNode(dialog, '审计角色');
      await expect.poll(async () => (await audit.locator('.ant-tree-checkbox').getAttribute('class')) ?? '').toContain('checked');
      await audit.locator('.ant-tree-checkbox').click();
      await treeNode(dialog, '运维角色').locator('.ant-tree-checkbox').click();
      await dialog.getByRole('button', { name: /提\s*交/ }).click();
      await toast(page, '操作成功!');
      await row(ACCOUNT).getByText('运维角色').waitFor();
      await expect(row(ACCOUNT).getByText('审计角色').count()).resolves.toBe(0);
    });
  });

  it('deletes the user', async () => {
    await step(page, 'user-15-delete', async () => {
      await row(ACCOUNT)
        .getByRole('button', { name: /删\s*除/ })
        .click();
      await confirm(page, '确定将选择数据删除?');
      await toast(page, '删除成功');
      await row(ACCOUNT).waitFor({ state: 'detached' });
      await row('admin').waitFor();
    });
    expect(pageErrors).toEqual([]);
  });
});
