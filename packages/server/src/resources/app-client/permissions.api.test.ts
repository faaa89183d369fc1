import { appAuthzMessages as m } from '@sso/shared-api';
import { request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createRole,
  createTenantWithAdmin,
  createUser,
  createUserWithRole,
  FORBIDDEN,
  failure,
  signIn,
  TEST_PASSWORD,
  useTestServer,
} from '../../api-suite.testkit.js';
import { removeExpiredAppRoleGrants } from '../../domain/app-role-grants.js';
import { appAuthzKit } from '../user-authorized/app-authz.testkit.js';

/**
 * What an application reads: a user's roles, menu tree and function codes in that application,
 * through menu-list (signed-in) and client/permissions (the application as itself), and nothing
 * of other applications or tenants.
 */
const suite = useTestServer();
const kit = appAuthzKit(suite);
type Row = Record<string, unknown>;
type Answer = { roles: { roleAlias: string }[]; menus: Row[]; functions: string[]; account: string };

let erp: { id: string; appCode: string; clientSecret: string };
let crm: { id: string; appCode: string; clientSecret: string };
let clerkRole: string;
let userId: string;
const basic = (code: string, secret: string) => `Basic ${Buffer.from(`${code}:${secret}`).toString('base64')}`;

async function asApp(authorization: string, account: string) {
  const response = await request(`${suite.server.baseUrl}/api/blade-aps/client/permissions?account=${encodeURIComponent(account)}`, {
    headers: { authorization },
  });
  const body = (await response.body.json()) as { code: number; data: Answer; msg: string };
  return { status: response.statusCode, ...body };
}

const menuCodes = (nodes: Row[]): string[] => nodes.flatMap((n) => [String(n.code), ...menuCodes((n.children as Row[]) ?? [])]);

beforeAll(async () => {
  erp = await kit.app({ appName: 'ERP' });
  crm = await kit.app({ appName: 'CRM' });
  const orders = await kit.menu(erp.id, 'orders');
  const exportButton = await kit.menu(erp.id, 'orders_export', { parentId: orders, category: 2 });
  const reports = await kit.menu(erp.id, 'reports');
  await kit.menu(erp.id, 'settings');
  const approve = await kit.fn(erp.id, orders, 'order:approve');
  clerkRole = await kit.role(erp.id, 'clerk', [orders, exportButton], [approve]);
  const crmMenu = await kit.menu(crm.id, 'customers');
  const crmRole = await kit.role(crm.id, 'sales', [crmMenu]);
  userId = await createUser(suite.server, { account: 'perm_user', roleId: await createRole(suite.server, { alias: 'perm_r' }) });
  await kit.grant(userId, clerkRole);
  await kit.grant(userId, crmRole);
  await kit.call('POST', 'blade-aps/userauthorizedmenu/submit', undefined, { userId, menuId: reports });
});

describe('menu-list', () => {
  it("merges the user's roles and direct grants into a tree with function and button codes, of that application only", async () => {
    const answer = (await kit.call('GET', 'blade-aps/userauthorizedmenu/menu-list', { ssoUserId: userId, appId: erp.id })) as Answer;
    expect(answer.roles.map((r) => r.roleAlias)).toEqual(['clerk']);
    expect(answer.menus.map((n) => n.code)).toEqual(['orders', 'reports']);
    expect(menuCodes(answer.menus).sort()).toEqual(['orders', 'orders_export', 'reports']);
    expect(answer.functions).toEqual(['order:approve', 'orders_export']);
    const byCode = (await kit.call('GET', 'blade-aps/userauthorizedmenu/menu-list', { userId, appCode: crm.appCode })) as Answer;
    expect(menuCodes(byCode.menus)).toEqual(['customers']);
  });

  it('answers a user their own, and refuses another user without the screen', async () => {
    const self = await signIn(suite.server, { account: 'perm_user', password: TEST_PASSWORD });
    const own = (await self.call('GET', '/api/blade-aps/userauthorizedmenu/menu-list', { ssoUserId: userId, appId: erp.id })) as Answer;
    expect(own.roles.map((r) => r.roleAlias)).toEqual(['clerk']);
    const other = await createUserWithRole(suite.server, { account: 'perm_other', menuCodes: [] });
    expect(
      await failure(other.sdk, other.sdk.call('GET', '/api/blade-aps/userauthorizedmenu/menu-list', { ssoUserId: userId, appId: erp.id })),
    ).toEqual(FORBIDDEN);
  });

  it('shows an administrator of another tenant nothing of this tenant', async () => {
    const stranger = await createTenantWithAdmin(suite.server, '135791');
    const answer = (await stranger.sdk.call('GET', '/api/blade-aps/userauthorizedmenu/menu-list', {
      ssoUserId: userId,
      appId: erp.id,
    })) as Answer;
    expect(answer).toMatchObject({ roles: [], menus: [], functions: [] });
  });
});

describe('client/permissions', () => {
  it('answers the calling application (Basic appCode:secret) for an account, and only its own menus', async () => {
    const answer = await asApp(basic(erp.appCode, erp.clientSecret), 'perm_user');
    expect(answer.status).toBe(200);
    expect(menuCodes(answer.data.menus).sort()).toEqual(['orders', 'orders_export', 'reports']);
    expect(answer.data.functions).toEqual(['order:approve', 'orders_export']);
    const crmAnswer = await asApp(basic(crm.appCode, crm.clientSecret), 'perm_user');
    expect(menuCodes(crmAnswer.data.menus)).toEqual(['customers']);
    expect(crmAnswer.data.functions).toEqual([]);
  });

  it('accepts a client-credentials token of the application, and refuses a wrong secret or no credentials with 401', async () => {
    const token = await request(`${suite.server.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { authorization: basic(erp.appCode, erp.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const { access_token } = (await token.body.json()) as { access_token: string };
    const answer = await asApp(`Bearer ${access_token}`, 'perm_user');
    expect(answer.data.roles.map((r) => r.roleAlias)).toEqual(['clerk']);
    expect(await asApp(basic(erp.appCode, `${erp.clientSecret}x`), 'perm_user')).toMatchObject({ status: 401, msg: m.appClientAuth });
    expect(await asApp('Bearer not-a-token', 'perm_user')).toMatchObject({ status: 401 });
  });

  it('answers nothing for an account of another tenant', async () => {
    await createTenantWithAdmin(suite.server, '246802', 'perm_user_x');
    expect((await asApp(basic(erp.appCode, erp.clientSecret), 'perm_user_x')).data).toMatchObject({ roles: [], menus: [], functions: [] });
  });

  it('drops the cached answer on a revoke, and a grant past its expiry stops counting and is removed with a log row', async () => {
    const auth = basic(erp.appCode, erp.clientSecret);
    const other = await createUser(suite.server, { account: 'perm_exp', roleId: await createRole(suite.server, { alias: 'perm_e' }) });
    const grant = await kit.grant(other, clerkRole, { expireTime: '2099-01-01 00:00:00' });
    expect((await asApp(auth, 'perm_exp')).data.roles).toHaveLength(1);
    await suite.server.ctx.db
      .updateTable('blade_user_authorized_role')
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where('id', '=', String(grant.id))
      .execute();
    suite.server.ctx.cache.invalidate('blade_user_authorized_role');
    expect((await asApp(auth, 'perm_exp')).data.roles).toEqual([]);
    expect(await removeExpiredAppRoleGrants(suite.server.ctx)).toBeGreaterThanOrEqual(1);
    const log = (await kit.call('GET', 'blade-aps/userauthorizedlog/list', { userId: other })) as { records: Row[] };
    expect(log.records[0]).toMatchObject({ action: 'expire', kind: 'role', account: 'perm_exp' });

    await kit.grant(other, clerkRole);
    expect((await asApp(auth, 'perm_exp')).data.roles).toHaveLength(1);
    const [held] = ((await kit.call('GET', 'blade-aps/userauthorizedrole/list', { userId: other })) as { records: Row[] }).records;
    await kit.call('POST', 'blade-aps/userauthorizedrole/remove', { ids: String(held?.id) });
    expect((await asApp(auth, 'perm_exp')).data.roles).toEqual([]);
  });
});
