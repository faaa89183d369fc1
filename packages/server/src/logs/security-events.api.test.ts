import { DEFAULT_TENANT_ID, md5, toBase64 } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole, failure, signIn, useTestServer } from '../api-suite.testkit.js';
import { createDept, STRONG } from '../resources/user/users.testkit.js';

/**
 * Security events are in the database when the call answers. The batched recorder is stopped
 * before the tests, so a row written through it could not be found: every row read here was
 * written by the call itself, before its answer.
 */
// Lock scenarios sign in from their own addresses (the server trusts X-Forwarded-For here).
const suite = useTestServer({ SSO_TRUST_PROXY: 'true' });
let roleId: string;
let deptId: string;

beforeAll(async () => {
  await suite.server.ctx.logs.close();
  roleId = await createRole(suite.server, { alias: 'sec_staff' });
  deptId = await createDept(suite.server, { name: '安全事件部' });
});

const db = () => suite.server.ctx.db;
const users = () => suite.admin.user.user;

/** Security rows of the usual log whose data names this target, oldest first. */
async function events(targetName: string) {
  const rows = await db()
    .selectFrom('blade_log_usual')
    .selectAll()
    .where('logLevel', '=', 'security')
    .where('logData', 'like', `%"name":"${targetName}"%`)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, data: JSON.parse(row.logData ?? '{}') }));
}
const types = async (targetName: string) => (await events(targetName)).map((row) => row.logId);
const signIns = (account: string) => db().selectFrom('blade_log_login').selectAll().where('account', '=', account).orderBy('id').execute();

const addUser = async (account: string) =>
  (await users().submit({ account, name: account, realName: '安全', roleId, deptId, password: STRONG, password2: STRONG })).id;

describe('sign-in attempts', () => {
  it('writes granted and refused password attempts before the answer', async () => {
    await addUser('sec_signin');
    await expect(suite.server.client().login({ username: 'sec_signin', password: 'Wrong#123' })).rejects.toThrow();
    await signIn(suite.server, { account: 'sec_signin', password: STRONG });
    const rows = await signIns('sec_signin');
    expect(rows.map((row) => row.success)).toEqual([0, 1]);
    expect(rows[0]).toMatchObject({ tenantId: '000000', clientId: 'saber', remoteIp: '127.0.0.1' });
  });

  it('writes refresh grants, granted and refused', async () => {
    await addUser('sec_refresh');
    const sdk = await signIn(suite.server, { account: 'sec_refresh', password: STRONG });
    const used = sdk.session?.token.refresh_token as string;
    await sdk.refresh();
    expect((await signIns('sec_refresh')).map((row) => row.success)).toEqual([1, 1]);
    const before = (await db().selectFrom('blade_log_login').select('id').where('account', '=', '').execute()).length;
    await expect(
      suite.server.client().call('POST', '/api/blade-auth/oauth/token', { grant_type: 'refresh_token', refresh_token: used }),
    ).rejects.toThrow();
    const after = await db().selectFrom('blade_log_login').selectAll().where('account', '=', '').execute();
    expect(after.length).toBe(before + 1);
  });
});

describe('account changes through the generic save', () => {
  it('records create, update with role changes, and remove with actor and address, never a password', async () => {
    const id = await addUser('sec_user');
    const other = await createRole(suite.server, { alias: 'sec_other' });
    await users().update({ id, roleId: other, realName: '改名' } as never);
    await users().remove([id]);
    const rows = await events('sec_user');
    expect(rows.map((row) => row.logId)).toEqual(['user.create', 'user.update', 'user.remove']);
    expect(rows[0]).toMatchObject({ tenantId: '000000', createBy: 'admin', remoteIp: '127.0.0.1', method: 'POST' });
    expect(rows[0]?.requestUri).toBe('/api/blade-user/submit');
    expect(rows[1]?.data.detail.changes).toEqual({ roleId: { from: roleId, to: other } });
    expect(rows[1]?.data.detail.fields).toEqual(expect.arrayContaining(['roleId', 'realName']));
    for (const row of rows) expect(row.logData).not.toContain(STRONG);
  });

  it('writes nothing for a refused change: the event shares its transaction', async () => {
    await failure(suite.admin, users().submit({ account: 'sec_refused', name: 'x', realName: 'x', roleId: '1', deptId }));
    expect(await types('sec_refused')).toEqual([]);
  });

  it('records client and role changes', async () => {
    const client = await suite.admin.system.client.submit({
      clientId: 'sec_client',
      scope: 'all',
      authorizedGrantTypes: 'password',
      accessTokenValidity: 3600,
      refreshTokenValidity: 7200,
    } as never);
    await suite.admin.call('POST', '/api/blade-system/client/regenerate-secret', { id: client.id });
    expect(await types('sec_client')).toEqual(['client.create', 'client.secret-regenerate']);
    const role = await suite.admin.system.role.submit({ roleName: '安全角色', roleAlias: 'sec_role', parentId: '0', sort: 1 } as never);
    await suite.admin.system.role.grant({ roleIds: [role.id], menuIds: [] });
    expect(await types('安全角色')).toEqual(['role.create', 'role.grant']);
  });
});

describe('credentials, locks and grants through the user extras', () => {
  it('records resets, forced changes, random passwords, grants and unlocks', async () => {
    const id = await addUser('sec_extras');
    await users().resetPassword(undefined, { userIds: id });
    await users().oneClickModify(undefined, { userIds: id });
    await users().oneClickCancel(undefined, { userIds: id });
    await users().initPwdRandom(undefined, { userIds: id });
    await users().grant(undefined, { userIds: id, roleIds: roleId });
    await users().unlock(undefined, { userIds: id });
    expect(await types('sec_extras')).toEqual([
      'user.create',
      'user.password-reset',
      'user.password-change-required',
      'user.password-change-waived',
      'user.password-random',
      'user.grant',
      'user.unlock',
    ]);
  });

  it("records the caller's own password change", async () => {
    await addUser('sec_own');
    const me = await signIn(suite.server, { account: 'sec_own', password: STRONG });
    const next = 'Own#pass456';
    const fields = { oldPassword: md5(STRONG), newPassword: md5(next), newPassword1: md5(next), passwordBase64: toBase64(next) };
    expect(await me.user.user.updatePassword(fields)).toBe(true);
    const [, change] = await events('sec_own');
    expect(change).toMatchObject({ logId: 'user.password-change', createBy: 'sec_own' });
  });
});

describe('grants, tenants and registration', () => {
  it('records top-menu grants, tenant creation and its package', async () => {
    const top = await suite.admin.system.topMenu.submit({ code: 'sec_top', name: '安全顶部', sort: 1 });
    await suite.admin.system.topMenu.grant(undefined, { topMenuIds: top.id, menuIds: '' });
    expect((await events('安全顶部')).map((row) => row.logId)).toEqual(['topmenu.create']);
    const grants = await db().selectFrom('blade_log_usual').select('logData').where('logId', '=', 'topmenu.grant').execute();
    expect(grants.map((row) => JSON.parse(row.logData ?? '{}').target.id)).toContain(top.id);

    const tenant = await suite.admin.system.tenant.submit({ tenantName: '安全分公司', linkman: '李四' });
    const menu = await db().selectFrom('blade_menu').select('id').where('code', '=', 'param').executeTakeFirstOrThrow();
    const pkg = await suite.admin.system.tenantPackage.submit({ packageName: '安全包', menuId: menu.id });
    await suite.admin.call('POST', '/api/blade-system/tenant/package-setting', { tenantId: tenant.tenantId, packageId: pkg.id });
    const rows = await events('安全分公司');
    expect(rows.map((row) => row.logId)).toEqual(['tenant.create', 'tenant.package-setting']);
    expect(rows[1]?.data.detail.packageId).toEqual({ from: null, to: pkg.id });
  });

  it('records a registration in the tenant registered with, and its approval', async () => {
    const guest = suite.server.client();
    await guest.user.user.registerGuest({
      tenantId: DEFAULT_TENANT_ID,
      account: 'sec_guest',
      name: '访客',
      password: STRONG,
      password2: STRONG,
    } as never);
    const [registered] = await events('sec_guest');
    expect(registered).toMatchObject({ logId: 'user.register', tenantId: DEFAULT_TENANT_ID, createBy: null, remoteIp: '127.0.0.1' });
    await users().auditPass(undefined, { userIds: registered?.data.target.id });
    expect(await types('sec_guest')).toEqual(['user.register', 'user.audit-pass']);
  });
});

describe('locks', () => {
  const refusedFrom = async (ip: string, username: string) => {
    const query = new URLSearchParams({
      grant_type: 'password',
      scope: 'all',
      tenantId: DEFAULT_TENANT_ID,
      username,
      password: md5('Wrong#0000'),
    });
    const response = await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/token?${query}`, {
      method: 'POST',
      headers: { authorization: `Basic ${toBase64('saber:saber_secret')}`, 'x-forwarded-for': ip },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
  };

  it('records the failure that locks an account at an address, once', async () => {
    await addUser('sec_locked');
    for (let i = 0; i < 6; i++) await refusedFrom('10.77.0.1', 'sec_locked');
    const rows = await events('sec_locked');
    expect(rows.map((row) => row.logId)).toEqual(['user.create', 'account.lock']);
    expect(rows[1]).toMatchObject({ remoteIp: '10.77.0.1', createBy: null });
    expect(rows[1]?.data.detail).toEqual({ minutes: 30, address: '10.77.0.1' });
  });

  it('records the failure that throttles an address, and its release', async () => {
    const [param] = (await suite.admin.system.param.list({ paramKey: 'account.ipFailCount' })).records;
    await suite.admin.system.param.submit({ id: param?.id, paramValue: '3' } as never);
    try {
      for (let i = 0; i < 3; i++) await refusedFrom('10.77.0.2', `sec_nobody_${i}`);
      expect(await types('10.77.0.2')).toEqual(['address.lock']);
      await suite.admin.call('POST', '/api/blade-auth/lockout/clear-address', { ips: '10.77.0.2' });
      expect(await types('10.77.0.2')).toEqual(['address.lock', 'address.unlock']);
    } finally {
      await suite.admin.system.param.submit({ id: param?.id, paramValue: String(param?.paramValue) } as never);
    }
  });
});

describe('reading the events', () => {
  it('shows them in the usual log, filtered by the security level', async () => {
    await addUser('sec_listed');
    const page = await suite.admin.log.usual.list({ logLevel: 'security', logData: 'sec_listed' } as never);
    expect(page.records.map((row) => row.logId)).toEqual(['user.create']);
  });
});
