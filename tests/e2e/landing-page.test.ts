import type { TestServer } from '@sso/server/testing';
import { md5 } from '@sso/shared-api';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runnable, useBrowserSuite } from './browser.testkit.js';
import { button, chineseUiTextUnder, openedDropdown, scrollsSideways, step } from './steps.testkit.js';

const PASSWORD = 'Landing@2024!';
const STAFF_PASSWORD = 'Staff@2024!';
const LOCKED = 'landing_locked';
let server: TestServer;
let page: Page;
let pageErrors: string[] = [];

useBrowserSuite({ adminPassword: PASSWORD, viewport: { width: 1440, height: 900 } }, (suite) => ({ server, page, pageErrors } = suite));

const WAIT = { timeout: 30_000 };
type Row = Record<string, unknown>;

const card = (key: string) => page.getByTestId(`landing-${key}`);
const countOf = (key: string) => card(key).locator('.ant-statistic-content-value');

/**
 * What the administrator acts on, made through the API: a locked account, a failed sign-in, an
 * open, a grant ending in three days and an access request waiting for the administrator.
 */
async function somethingToActOn(): Promise<void> {
  const admin = await server.client();
  await admin.login({ username: 'admin', password: PASSWORD });
  const post = (path: string, body: Row) => admin.call('POST', path, undefined, body) as Promise<Row>;
  const db = server.ctx.db;
  const dept = admin.session?.token.dept_id ?? '';
  const adminId = admin.session?.token.user_id ?? '';
  const roleId = String(((await admin.call('GET', '/api/blade-system/role/tree')) as Row[])[0]?.id);
  const user = async (account: string, realName: string) => {
    await admin.user.user.submit({ account, name: account, realName, userType: 1, sex: 1, roleId, deptId: dept });
    const { id } = await db.selectFrom('blade_user').select('id').where('account', '=', account).executeTakeFirstOrThrow();
    const password = await server.ctx.passwords.hashDigest(md5(STAFF_PASSWORD));
    await db.updateTable('blade_user').set({ password, mustChangePassword: 0 }).where('id', '=', id).execute();
    return String(id);
  };

  await user(LOCKED, 'Kim Locked');
  const { perAddress } = await server.ctx.lockout.limits();
  for (let i = 0; i < perAddress; i++) {
    await expect(server.client().login({ username: LOCKED, password: 'not-the-password' })).rejects.toThrow();
  }

  const app = await post('/api/blade-aps/app/submit', {
    appCode: 'landing_app',
    appName: 'Landing app',
    appUrl: 'https://landing.example.com/',
    protocol: 'link',
    status: 1,
  });
  const appId = String(app.id);
  await post('/api/blade-aps/appuser/submit', { appId, userId: adminId });
  await admin.call('GET', '/api/blade-portal/client/app/open', { id: appId });

  const temporary = await post('/api/blade-aps/approle/submit', { appId, roleName: 'Temporary', roleAlias: 'temporary' });
  const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await post('/api/blade-aps/userauthorizedrole/submit', { userId: adminId, appRoleId: String(temporary.id), expireTime: inThreeDays });

  const asked = await post('/api/blade-aps/approle/submit', { appId, roleName: 'Asked for', roleAlias: 'asked' });
  const flow = await post('/api/blade-abs/appworkflow/submit', { workflowName: 'Landing approval', appId, appRoleId: String(asked.id) });
  await post('/api/blade-abs/appworkflownode/submit', {
    workflowId: String(flow.id),
    nodeName: 'Administrator',
    sort: 1,
    approverKind: 'user',
    approverUserId: adminId,
  });
  await user('landing_staff', 'Lee Staff');
  const staff = await server.client();
  await staff.login({ username: 'landing_staff', password: STAFF_PASSWORD });
  await staff.call('POST', '/api/blade-abs/appworkflowmatter/request', undefined, {
    appId,
    appRoleId: String(asked.id),
    reason: 'Need it for the audit',
  });
}

describe.skipIf(!runnable)('the landing page', () => {
  it('shows the administrator a card for each thing to act on, with its count', async () => {
    await somethingToActOn();
    await step(page, 'landing-01-cards', async () => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(PASSWORD);
      await button(page, '登录').click();
      await page.waitForURL('**/wel/index');
      await card('approvals').getByText('待我审批').waitFor(WAIT);
      expect(await countOf('approvals').textContent()).toBe('1');
      expect(await countOf('lockedAccounts').textContent()).toBe('1');
      await card('lockedAccounts').getByText(LOCKED).waitFor();
      expect(await countOf('failedSignIns').textContent()).toBe(String((await server.ctx.lockout.limits()).perAddress));
      expect(await countOf('appOpens').textContent()).toBe('1');
      expect(await card('appOpens').getByTestId('opens-bars').getByRole('img').count()).toBe(7);
      expect(await countOf('expiringGrants').textContent()).toBe('1');
      // The platform overview stays below the cards.
      await page.getByText('平台概况').waitFor();
    });
  });

  it('opens the screen of a card: the users screen, and the approval inbox with the request', async () => {
    await step(page, 'landing-02-locked-opens-users', async () => {
      await card('lockedAccounts').click();
      await page.waitForURL('**/system/user/index');
      await page.locator('[data-tab-path="/system/user/index"] .ant-table-row').filter({ hasText: LOCKED }).first().waitFor(WAIT);
    });
    await step(page, 'landing-03-approvals-open-inbox', async () => {
      await page.goto(`${server.baseUrl}/wel/index`);
      await card('approvals').click();
      await page.waitForURL('**/work/approvals');
      await page.getByTestId('matter-todo').filter({ hasText: 'Need it for the audit' }).waitFor(WAIT);
    });
  });

  it('speaks English, and the old console address lands on it', async () => {
    await step(page, 'landing-04-english', async () => {
      await page.goto(`${server.baseUrl}/wel/dashboard`);
      await page.waitForURL('**/wel/index');
      await page.getByRole('button', { name: '中英文' }).click();
      await (await openedDropdown(page)).getByRole('menuitem', { name: 'English' }).click();
      await page.getByTestId('landing').getByText('Waiting for you').waitFor(WAIT);
      await card('expiringGrants').getByText('Grants expiring soon').waitFor();
      expect(await chineseUiTextUnder(page, '[data-testid="landing"]', '.sso-data')).toEqual([]);
    });
    await step(page, 'landing-05-phone', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        await card('appOpens').getByTestId('opens-bars').waitFor();
        expect(await scrollsSideways(page)).toBe(false);
      } finally {
        await page.setViewportSize({ width: 1440, height: 900 });
      }
    });
    expect(pageErrors).toEqual([]);
  });
});
