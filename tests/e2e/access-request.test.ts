import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestServer } from '@sso/server/testing';
import { md5 } from '@sso/shared-api';
import * as oidc from 'openid-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, runnable, useBrowserSuite } from './browser.testkit.js';
import { button, openedDialog, openedDrawer, openedOptions, openedPopover, scrollsSideways, step, toast } from './steps.testkit.js';

const ADMIN_PASSWORD = 'Access@2024';
const PASSWORD = 'Staff@2024';
const STAFF = 'req_staff';
const HEAD = 'req_head';
const OWNER = 'req_owner';

let server: TestServer;
let browser: Browser;
let pageErrors: string[];

if (!runnable) console.warn(`browser suite skipped: no chromium at ${CHROMIUM}`);
useBrowserSuite({ adminPassword: ADMIN_PASSWORD }, (suite) => ({ server, browser, pageErrors } = suite));

/**
 * A business application on 127.0.0.1 signing users in with OpenID Connect: after the code flow it
 * asks the platform, as itself (Basic appCode:secret), for the user's menus and function codes in
 * it, and draws its menu from the answer.
 */
const rp = { server: undefined as Server | undefined, base: '', appId: '', pending: new Map<string, string>() };

beforeAll(async () => {
  if (!runnable) return;
  rp.server = createServer();
  await new Promise<void>((resolve) => rp.server?.listen(0, '127.0.0.1', resolve));
  rp.base = `http://127.0.0.1:${(rp.server.address() as AddressInfo).port}`;

  const admin = await server.client();
  await admin.login({ username: 'admin', password: ADMIN_PASSWORD });
  const post = (path: string, body: Record<string, unknown>) =>
    admin.call('POST', path, undefined, body) as Promise<Record<string, string>>;
  const db = server.ctx.db;
  const dept = admin.session?.token.dept_id ?? '';

  // Roles: staff (no admin menu: the portal), the department head and the approver (the inbox menu).
  const role = async (alias: string, menuCodes: string[]) => {
    await admin.system.role.submit({ roleName: alias, roleAlias: alias, parentId: '0', sort: 1 });
    const { id } = await db.selectFrom('blade_role').select('id').where('roleAlias', '=', alias).executeTakeFirstOrThrow();
    const menus = menuCodes.length ? await db.selectFrom('blade_menu').select('id').where('code', 'in', menuCodes).execute() : [];
    if (menus.length) {
      await db
        .insertInto('blade_role_menu')
        .values(menus.map((m) => ({ id: server.ctx.ids.next(), roleId: id, menuId: m.id })))
        .execute();
    }
    return id;
  };
  const staffRole = await role('req_staff_role', []);
  const headRole = await role('req_dept_head', []);
  const approverRole = await role('req_approver', ['abs', 'appworkflowmatter']);
  server.ctx.cache.invalidate('blade_role_menu');
  server.ctx.permissions.clear();

  const user = async (account: string, realName: string, roleIds: string[]) => {
    await admin.user.user.submit({ account, name: account, realName, userType: 1, sex: 1, roleId: roleIds.join(','), deptId: dept });
    const { id } = await db.selectFrom('blade_user').select('id').where('account', '=', account).executeTakeFirstOrThrow();
    // A set password needing no change, so that each sign-in goes straight on.
    await db
      .updateTable('blade_user')
      .set({ password: await server.ctx.passwords.hashDigest(md5(PASSWORD)), mustChangePassword: 0 })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const staffId = await user(STAFF, 'Req Staff', [staffRole]);
  await user(HEAD, 'Dept Head', [staffRole, headRole, approverRole]);
  const ownerId = await user(OWNER, 'App Owner', [staffRole, approverRole]);

  const app = await post('/api/blade-aps/app/submit', {
    appCode: 'e2e_reports',
    appName: '报表系统',
    appType: '1',
    appCategory: '1',
    appUrl: `${rp.base}/start`,
    redirectUris: `${rp.base}/callback`,
    protocol: 'oidc',
    ownerId,
    status: 1,
  });
  rp.appId = String(app.id);
  await post('/api/blade-aps/appuser/submit', { appId: rp.appId, userId: staffId });
  // Inside the application: a menu with an export function, held through the viewer role.
  const menu = await post('/api/blade-aps/appmenu/submit', {
    appId: rp.appId,
    parentId: '0',
    code: 'reports',
    name: 'Monthly reports',
    category: 1,
    sort: 1,
  });
  const fn = await post('/api/blade-aps/appmenufunction/submit', {
    appId: rp.appId,
    menuId: menu.id,
    functionCode: 'report:export',
    functionName: 'Export',
  });
  const viewer = await post('/api/blade-aps/approle/submit', { appId: rp.appId, roleName: '报表查看', roleAlias: 'viewer' });
  await post('/api/blade-aps/approle/submit', { appId: rp.appId, roleName: '报表管理', roleAlias: 'manager' });
  await post('/api/blade-aps/approlemenu/grant', { appRoleId: viewer.id, menuIds: menu.id });
  await admin.call('POST', '/api/blade-aps/approlefunction/grant', { appRoleId: viewer.id, functionIds: fn.id });
  // The chain: the requester's department head, then the application's owner.
  const workflow = await post('/api/blade-abs/appworkflow/submit', { workflowName: '报表权限审批', appId: rp.appId });
  await post('/api/blade-abs/appworkflownode/submit', {
    workflowId: workflow.id,
    nodeName: '部门负责人',
    sort: 1,
    approverKind: 'deptHead',
    approverRoleId: headRole,
  });
  await post('/api/blade-abs/appworkflownode/submit', {
    workflowId: workflow.id,
    nodeName: '应用负责人',
    sort: 2,
    approverKind: 'appOwner',
  });

  const secret = app.clientSecret ?? '';
  const config = await oidc.discovery(new URL(server.baseUrl), 'e2e_reports', undefined, oidc.ClientSecretBasic(secret), {
    execute: [oidc.allowInsecureRequests],
  });
  rp.server.on('request', async (request, response) => {
    const url = new URL(request.url ?? '/', rp.base);
    if (url.pathname === '/start') {
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      rp.pending.set(state, verifier);
      const to = oidc.buildAuthorizationUrl(config, {
        redirect_uri: `${rp.base}/callback`,
        scope: 'openid profile',
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      return response.writeHead(302, { location: to.href }).end();
    }
    if (url.pathname !== '/callback') return response.writeHead(404).end(); // the browser's favicon
    const state = url.searchParams.get('state') ?? '';
    try {
      const tokens = await oidc.authorizationCodeGrant(config, url, { pkceCodeVerifier: rp.pending.get(state), expectedState: state });
      const info = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()?.sub ?? '');
      const account = String(info.preferred_username ?? '');
      const asked = await fetch(`${server.baseUrl}/api/blade-aps/client/permissions?account=${encodeURIComponent(account)}`, {
        headers: { authorization: `Basic ${Buffer.from(`e2e_reports:${secret}`).toString('base64')}` },
      });
      const answer = (await asked.json()) as { code: number; msg: string; data: { menus: { name: string }[]; functions: string[] } | null };
      if (!answer.data) throw new Error(`permissions: ${answer.code} ${answer.msg}`);
      const { data } = answer;
      const items = [...data.menus.map((m) => `<li class="menu">${m.name}</li>`), ...data.functions.map((f) => `<li class="fn">${f}</li>`)];
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>reports</title><h1 id="who">${account}</h1><ul id="menu">${items.join('')}</ul>`);
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
});

afterAll(async () => {
  await new Promise((resolve) => (rp.server ? rp.server.close(resolve) : resolve(undefined)));
});

/** A fresh browser session (no cookie or stored token of another user) signed in as `account`. */
async function signedIn(account: string, password = PASSWORD): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 } });
  const next = await context.newPage();
  next.on('pageerror', (error) => pageErrors.push(error.message));
  await next.goto(`${server.baseUrl}/login`);
  await next.getByLabel('账号', { exact: true }).fill(account);
  await next.getByLabel('密码', { exact: true }).fill(password);
  await button(next, '登录').click();
  await next.waitForURL((url) => !url.pathname.startsWith('/login'));
  return next;
}

/** An approver opens the bell, follows it to the inbox and approves the waiting request with a comment. */
async function approveFromBell(approver: Page, comment: string): Promise<void> {
  await approver.getByTestId('top-bar-bell').click();
  const bell = await openedPopover(approver);
  await bell.getByTestId('bell-approval').filter({ hasText: '报表查看' }).waitFor();
  await bell.getByTestId('bell-open-inbox').click();
  await approver.waitForURL('**/work/approvals');
  const row = approver.locator('[data-testid="matter-todo"]').filter({ hasText: '报表查看' });
  await row.getByTestId('approve-matter').click();
  const dialog = await openedDialog(approver, '同意');
  await dialog.getByLabel('审批意见').fill(comment);
  await dialog.locator('.ant-btn-primary').click();
  await toast(approver, '已同意');
  await row.waitFor({ state: 'detached' });
}

describe.skipIf(!runnable)('access requests from the portal through an approval chain', () => {
  it('staff requests a role, the department head and the owner approve, and the application shows the granted function', async () => {
    const admin = await signedIn('admin', ADMIN_PASSWORD);
    await step(admin, 'access-00-workflow-definition', async () => {
      // The chain as the administrator sees it: the workflow, and its two nodes in order in the drawer.
      await admin.goto(`${server.baseUrl}/abs/appworkflow`);
      const row = admin.locator('tr').filter({ hasText: '报表权限审批' });
      await row.getByTestId('workflow-nodes').click();
      const drawer = await openedDrawer(admin, /报表权限审批/);
      const nodes = drawer.locator('tbody tr').filter({ hasText: '负责人' });
      await nodes.nth(1).waitFor();
      expect(await nodes.count()).toBe(2);
      expect(await nodes.first().textContent()).toContain('部门负责人');
      expect(await nodes.nth(1).textContent()).toContain('应用负责人');
    });
    await admin.context().close();
    const staff = await signedIn(STAFF);
    await step(staff, 'access-01-request-from-portal', async () => {
      await staff.goto(`${server.baseUrl}/home/detail?id=${rp.appId}`);
      await staff.getByTestId('detail-request').click();
      const dialog = await openedDialog(staff, '申请应用权限');
      await dialog.getByLabel('应用角色').click();
      const options = await openedOptions(staff);
      await options.getByText('报表查看', { exact: true }).click();
      await dialog.getByLabel('申请理由').fill('每月需要导出报表');
      await button(staff, '提交申请').click();
      await toast(staff, '申请已提交');
      await staff.goto(`${server.baseUrl}/home/requests`);
      const request = staff.getByTestId('my-request').filter({ hasText: '报表查看' });
      await request.locator('[data-status="pending"]').waitFor();
      expect(await request.textContent()).toContain('部门负责人');
    });
    const head = await signedIn(HEAD);
    await step(head, 'access-02-department-head-approves', () => approveFromBell(head, '同意，按月导出'));
    await head.context().close();
    const owner = await signedIn(OWNER);
    await step(owner, 'access-03-owner-approves', () => approveFromBell(owner, '同意'));
    await owner.context().close();
    await step(staff, 'access-04-staff-sees-approval', async () => {
      await staff.reload();
      const request = staff.getByTestId('my-request').filter({ hasText: '报表查看' });
      await request.locator('[data-status="approved"]').waitFor();
    });
    await step(staff, 'access-05-application-menu-shows-function', async () => {
      await staff.goto(`${rp.base}/start`);
      await staff.waitForURL(`${rp.base}/callback**`);
      expect(await staff.locator('#who').textContent()).toBe(STAFF);
      expect(await staff.locator('#menu li.menu').allTextContents()).toEqual(['Monthly reports']);
      expect(await staff.locator('#menu li.fn').allTextContents()).toEqual(['report:export']);
    });
    await step(staff, 'access-06-phone-and-english', async () => {
      // On a phone, in English: the request list and the request dialog fit the width.
      await staff.setViewportSize({ width: 390, height: 844 });
      await staff.goto(`${server.baseUrl}/home/requests`);
      await staff.evaluate(() => localStorage.setItem('sso-language', 'en'));
      await staff.reload();
      const request = staff.getByTestId('my-request').filter({ hasText: '报表查看' });
      await request.getByText('Approved', { exact: true }).waitFor();
      expect(await staff.getByText('My requests').first().isVisible()).toBe(true);
      expect(await scrollsSideways(staff)).toBe(false);
      await staff.goto(`${server.baseUrl}/home/detail?id=${rp.appId}`);
      await staff.getByTestId('detail-request').click();
      const dialog = await openedDialog(staff, 'Request application access');
      await dialog.getByLabel('Application role').click();
      const options = await openedOptions(staff);
      expect(await options.getByText('Held').isVisible()).toBe(true);
      expect(await scrollsSideways(staff)).toBe(false);
    });
    await staff.context().close();
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
