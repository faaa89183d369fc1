import { DEFAULT_TENANT_ID, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole, createTenantWithAdmin, createUser, type TestUser, tableSnapshot, useTestServer } from '../api-suite.testkit.js';
import { STRONG } from './user/users.testkit.js';

/**
 * Calls BladeX clients make as they make them: the select boxes, extras whose fields come as
 * query parameters or as a JSON or form body, and the tree lists (menu/list).
 */
const suite = useTestServer();
let tenantB: TestUser;

beforeAll(async () => {
  tenantB = await createTenantWithAdmin(suite.server, '300001');
});

interface Envelope {
  code: number;
  success: boolean;
  data: unknown;
  msg: string;
}

/** A raw HTTP call with the caller's token (none for public routes); the body is JSON, a form or absent. */
async function raw(
  method: 'GET' | 'POST',
  path: string,
  options: { as?: TestUser['sdk'] | null; json?: unknown; form?: Record<string, string> } = {},
): Promise<{ status: number; body: Envelope }> {
  const as = options.as === undefined ? suite.admin : options.as;
  const headers: Record<string, string> = {};
  if (as?.session) headers['Blade-Auth'] = `bearer ${as.session.token.access_token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${suite.server.baseUrl}${path}`, { method, headers, body });
  return { status: response.status, body: (await response.json()) as Envelope };
}

describe('select boxes', () => {
  it('tenant/select lists every live tenant from the platform tenant, only its own otherwise', async () => {
    const all = (await raw('GET', '/api/blade-system/tenant/select')).body;
    expect(all.success).toBe(true);
    const tenants = all.data as { id: string; tenantId: string; tenantName: string }[];
    expect(tenants.map((t) => t.tenantId)).toEqual(expect.arrayContaining([DEFAULT_TENANT_ID, '300001']));
    for (const tenant of tenants) expect(Object.keys(tenant).sort()).toEqual(['id', 'tenantId', 'tenantName']);
    const own = (await raw('GET', '/api/blade-system/tenant/select', { as: tenantB.sdk })).body.data as { tenantId: string }[];
    expect(own.map((t) => t.tenantId)).toEqual(['300001']);
    expect((await raw('GET', '/api/blade-system/tenant/select', { as: null })).status).toBe(401);
  });

  it('datasource/select and tenant-package/select answer id and name for the tenant screen', async () => {
    const source = await suite.admin.system.datasource.submit({
      name: '报表库',
      driverClass: 'org.postgresql.Driver',
      url: 'jdbc:postgresql://127.0.0.1:5432/report',
      username: 'report',
      password: 'secret',
    });
    const sources = (await raw('GET', '/api/blade-develop/datasource/select')).body.data as Record<string, unknown>[];
    expect(sources).toContainEqual({ id: source.id, name: '报表库' });
    expect(JSON.stringify(sources)).not.toContain('secret');
    const menuId = (await suite.admin.system.menu.menuList())[0]!.id;
    const pack = await suite.admin.system.tenantPackage.submit({ packageName: '基础包', menuId });
    const packages = (await raw('GET', '/api/blade-system/tenant-package/select')).body.data;
    expect(packages).toContainEqual({ id: pack.id, packageName: '基础包' });
    // Both tables are platform-wide: another tenant's administrator does not list them.
    expect((await raw('GET', '/api/blade-develop/datasource/select', { as: tenantB.sdk })).status).toBe(403);
    expect((await raw('GET', '/api/blade-system/tenant-package/select', { as: tenantB.sdk })).status).toBe(403);
  });
});

describe('fields as query parameters or body', () => {
  const guestAccount = (name: string) => ({ tenantId: DEFAULT_TENANT_ID, name: `${name}昵称`, account: name, password: STRONG });

  it('register-guest takes the fields as query parameters, as BladeX clients send them', async () => {
    const query = new URLSearchParams({ ...guestAccount('guest_query'), oauthId: '' }).toString();
    const answer = await raw('POST', `/api/blade-user/register-guest?${query}`, { as: null });
    expect(answer.body).toMatchObject({ code: 200, success: true, data: true });
    const stored = await suite.server.ctx.db
      .selectFrom('blade_user')
      .select(['account', 'name', 'status'])
      .where('account', '=', 'guest_query')
      .execute();
    expect(stored).toEqual([{ account: 'guest_query', name: 'guest_query昵称', status: 2 }]);
  });

  it('register-guest still takes a JSON body and a form body; a bad field changes nothing', async () => {
    expect((await raw('POST', '/api/blade-user/register-guest', { as: null, json: guestAccount('guest_json') })).body.data).toBe(true);
    expect((await raw('POST', '/api/blade-user/register-guest', { as: null, form: guestAccount('guest_form') })).body.data).toBe(true);
    const before = await tableSnapshot(suite.server, 'blade_user');
    const short = new URLSearchParams({ ...guestAccount('guest_bad'), password: 'a' }).toString();
    const refused = await raw('POST', `/api/blade-user/register-guest?${short}`, { as: null });
    expect(refused.status).toBe(400);
    expect(refused.body.success).toBe(false);
    const mismatch = await raw('POST', '/api/blade-user/register-guest', {
      as: null,
      json: { ...guestAccount('guest_bad'), password2: 'Other@123' },
    });
    expect(mismatch.status).toBe(400);
    expect(await raw('POST', '/api/blade-user/register-guest', { as: null, json: [1, 2] })).toMatchObject({
      status: 400,
      body: { msg: zh('badType') },
    });
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
  });

  it('query extras (user grant, tenant setting) also take a JSON or form body', async () => {
    const first = await createRole(suite.server, { alias: 'saber_first' });
    const target = await createRole(suite.server, { alias: 'saber_target' });
    const user = { id: await createUser(suite.server, { account: 'saber_grant', roleId: first }) };
    const roleOf = async () =>
      (await suite.server.ctx.db.selectFrom('blade_user').select('roleId').where('id', '=', user.id).executeTakeFirstOrThrow()).roleId;
    expect((await raw('POST', '/api/blade-user/grant', { json: { userIds: user.id, roleIds: target } })).body.success).toBe(true);
    expect(await roleOf()).toBe(target);
    const setting = await raw('POST', '/api/blade-system/tenant/setting', {
      form: { ids: (await suite.admin.system.tenant.list({ tenantId: '300001' })).records[0]!.id, accountNumber: '25', expireTime: '' },
    });
    expect(setting.body.success).toBe(true);
    const tenant = await suite.server.ctx.db
      .selectFrom('blade_tenant')
      .select('accountNumber')
      .where('tenantId', '=', '300001')
      .executeTakeFirstOrThrow();
    expect(tenant.accountNumber).toBe(25);
    // Query parameters keep working; a field missing from both is refused.
    expect((await raw('POST', `/api/blade-user/grant?userIds=${user.id}&roleIds=${first}`)).body.success).toBe(true);
    expect(await roleOf()).toBe(first);
    expect(await raw('POST', '/api/blade-user/grant', { json: { userIds: user.id } })).toMatchObject({
      status: 400,
      body: { success: false },
    });
  });
});

describe('tree lists', () => {
  it('menu/list answers the matching menus and buttons as a tree, not a page', async () => {
    const all = (await raw('GET', '/api/blade-system/menu/list?current=1&size=10')).body.data as {
      id: string;
      code: string;
      category: number;
      children?: unknown[];
    }[];
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((m) => m.category === 1)).toBe(true);
    expect(all.some((m) => (m.children?.length ?? 0) > 0)).toBe(true);
    const users = (await raw('GET', '/api/blade-system/menu/list?code=user_')).body.data as { code: string; children?: unknown }[];
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((m) => m.code.includes('user_'))).toBe(true);
    const buttons = (await raw('GET', '/api/blade-system/menu/list?category=2')).body.data as { category: number }[];
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.every((m) => m.category === 2)).toBe(true);
    expect(await raw('GET', '/api/blade-system/menu/list?category=x')).toMatchObject({ status: 400, body: { msg: zh('badType') } });
  });

  it('dept/list answers the depts as a tree with hasChildren and parentName, filtered, not a page', async () => {
    const root = (await suite.admin.system.dept.list())[0]!;
    const child = await suite.admin.system.dept.submit({
      parentId: root.id,
      deptName: '树下部门',
      fullName: '树下部门全称',
      deptCategory: 1,
      sort: 1,
    });
    const tree = (await raw('GET', '/api/blade-system/dept/list?current=1&size=10')).body.data as {
      id: string;
      hasChildren: boolean;
      children?: { id: string; parentName: string }[];
    }[];
    const top = tree.find((d) => d.id === root.id)!;
    expect(top.hasChildren).toBe(true);
    expect(top.children?.find((d) => d.id === child.id)).toMatchObject({ parentName: root.deptName });
    // A match whose parent does not match is a root of the answer.
    const found = (await raw('GET', '/api/blade-system/dept/list?deptName=树下')).body.data as { id: string }[];
    expect(found.map((d) => d.id)).toEqual([child.id]);
    expect((await raw('GET', '/api/blade-system/dept/list', { as: tenantB.sdk })).body.data).not.toContainEqual(
      expect.objectContaining({ id: root.id }),
    );
  });

  it('dict/child-list answers a tree under parentId', async () => {
    const sex = (await suite.admin.system.dict.parentList({ code: 'sex' })).records[0]!;
    const answer = (await raw('GET', `/api/blade-system/dict/child-list?current=1&size=10&parentId=${sex.id}`)).body.data as {
      dictValue: string;
    }[];
    expect(answer.map((e) => e.dictValue)).toEqual(['男', '女', '未知']);
    expect(await raw('GET', '/api/blade-system/dict/child-list?parentId=abc')).toMatchObject({ status: 400, body: { msg: zh('badId') } });
  });
});

describe('downloads opened in a browser window', () => {
  it('take the token as the Blade-Auth query parameter, raw or after bearer; other routes do not; the api log masks it', async () => {
    const base = suite.server.baseUrl;
    const token = suite.admin.session!.token.access_token;
    // Saber: window.open(`/api/blade-user/export-template?Blade-Auth=${getToken()}`), the token without "bearer".
    const template = await fetch(`${base}/api/blade-user/export-template?Blade-Auth=${token}`);
    expect(template.status).toBe(200);
    expect(template.headers.get('content-type')).toContain('spreadsheetml');
    const exported = await fetch(`${base}/api/blade-user/export-user?Blade-Auth=${encodeURIComponent(`bearer ${token}`)}&account=admin`);
    expect(exported.status).toBe(200);
    expect((await fetch(`${base}/api/blade-user/page?Blade-Auth=${token}`)).status).toBe(401);
    expect((await fetch(`${base}/api/blade-user/export-template?Blade-Auth=not-a-token`)).status).toBe(401);
    const logged = async () =>
      suite.server.ctx.db
        .selectFrom('blade_log_api')
        .select(['requestUri', 'params'])
        .where('requestUri', 'like', '%export-template%')
        .execute();
    let rows = await logged();
    for (let attempt = 0; attempt < 100 && rows.length < 2; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      rows = await logged();
    }
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain('not-a-token');
  });
});
