import { zh } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { createRole, createTenantWithAdmin, createUser, TEST_PASSWORD, useTestServer } from '../api-suite.testkit.js';
import { syncSessionsOfUsers } from '../domain/account-sessions.js';
import { createDept } from '../resources/user/users.testkit.js';
import { call, changeOwnPassword, PARAM_LIST, passwordSignIn, refreshed, refreshGrant } from './session-http.testkit.js';

const suite = useTestServer();
const base = () => suite.server.baseUrl;
const NEW_PASSWORD = 'Chg@2024ok';

let accounts = 0;
/** A user of the platform tenant holding a role with the parameter screen, signed in twice. */
async function userWithTwoSessions(extraRoles: string[] = []) {
  const account = `sess_${++accounts}`;
  const roleId = await createRole(suite.server, { alias: `${account}_role`, menuCodes: ['param'] });
  const userId = await createUser(suite.server, { account, roleId: [roleId, ...extraRoles].join(',') });
  const first = await passwordSignIn(base(), { account, password: TEST_PASSWORD });
  const second = await passwordSignIn(base(), { account, password: TEST_PASSWORD });
  return { account, userId, roleId, first, second };
}

const adminToken = async () => (await passwordSignIn(base(), { account: 'admin', password: 'admin' })).access;
const params = (token: string) => call(base(), 'GET', PARAM_LIST, { token });
const userInfo = (token: string) => call(base(), 'GET', '/api/blade-auth/oauth/user-info', { token });

describe('sessions end with credential changes', () => {
  it('a password change keeps the session that made it and ends every other one, refresh tokens included', async () => {
    const { account, first, second } = await userWithTwoSessions();
    expect((await params(second.access)).status).toBe(200);
    expect((await changeOwnPassword(base(), first.access, TEST_PASSWORD, NEW_PASSWORD)).body.code).toBe(200);
    expect((await params(first.access)).status).toBe(200);
    expect(await params(second.access)).toMatchObject({ status: 401, body: { code: 401 } });
    expect((await refreshGrant(base(), second.refresh)).status).toBe(400);
    // The session that changed it goes on refreshing; the new password signs in.
    expect((await params((await refreshed(base(), first.refresh)).access)).status).toBe(200);
    await passwordSignIn(base(), { account, password: NEW_PASSWORD });
  });

  it.each([
    ['reset', '/api/blade-user/reset'],
    ['reset-password', '/api/blade-user/reset-password'],
    ['initPwdRandom', '/api/blade-user/initPwdRandom'],
  ])('%s by an administrator ends every session of the account at once', async (_name, path) => {
    const { userId, first, second } = await userWithTwoSessions();
    const answer = await call(base(), 'POST', path, { token: await adminToken(), query: { userIds: userId } });
    expect(answer.body.code).toBe(200);
    for (const session of [first, second]) {
      expect((await params(session.access)).status).toBe(401);
      expect((await refreshGrant(base(), session.refresh)).status).toBe(400);
    }
  });

  it('disabling or removing a user ends their sessions at the next request', async () => {
    const disabled = await userWithTwoSessions();
    const removed = await userWithTwoSessions();
    const admin = await adminToken();
    // The contract has no status field for users: an operator disables in the table, and every
    // path that changes users ends with the same check.
    await suite.server.ctx.db.updateTable('blade_user').set({ status: 0 }).where('id', '=', disabled.userId).execute();
    await syncSessionsOfUsers(suite.server.ctx, [disabled.userId]);
    expect((await params(disabled.first.access)).status).toBe(401);
    expect((await refreshGrant(base(), disabled.second.refresh)).status).toBe(400);
    const remove = await call(base(), 'POST', '/api/blade-user/remove', { token: admin, query: { ids: removed.userId } });
    expect(remove.body.code).toBe(200);
    expect((await params(removed.second.access)).status).toBe(401);
  });

  it('a role taken away leaves live sessions without it; with no role left the session stays signed in', async () => {
    const spare = await createRole(suite.server, { alias: `spare_${accounts}`, menuCodes: [] });
    const user = await userWithTwoSessions([spare]);
    const admin = await adminToken();
    // grant: only the spare role (no menus) is left.
    const grant = await call(base(), 'POST', '/api/blade-user/grant', { token: admin, query: { userIds: user.userId, roleIds: spare } });
    expect(grant.body.code).toBe(200);
    expect(await params(user.first.access)).toMatchObject({ status: 403, body: { code: 403 } });
    const info = await userInfo(user.first.access);
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ roleId: spare, permissions: [] });
    // The next access token carries only what is still held.
    const next = await refreshed(base(), user.second.refresh);
    expect(JSON.parse(Buffer.from(next.access.split('.')[1] ?? '', 'base64url').toString()).role_id).toBe(spare);
    // No role at all (the contract requires one; an operator may clear them): still signed in, with nothing granted.
    await suite.server.ctx.db.updateTable('blade_user').set({ roleId: '' }).where('id', '=', user.userId).execute();
    await syncSessionsOfUsers(suite.server.ctx, [user.userId]);
    expect((await userInfo(user.first.access)).body.data).toMatchObject({ roleId: '', permissions: [] });
    expect((await params(next.access)).status).toBe(403);
  });

  it('submit and update with fewer roles narrow live sessions', async () => {
    const spare = await createRole(suite.server, { alias: `spare_${++accounts}`, menuCodes: [] });
    const user = await userWithTwoSessions([spare]);
    const admin = await adminToken();
    const submit = await call(base(), 'POST', '/api/blade-user/submit', { token: admin, body: { id: user.userId, roleId: spare } });
    expect(submit.body.code).toBe(200);
    expect((await params(user.first.access)).status).toBe(403);
    const update = await call(base(), 'POST', '/api/blade-user/update', {
      token: admin,
      body: { id: user.userId, roleId: [user.roleId, spare].join(',') },
    });
    expect(update.body.code).toBe(200);
    // Given back: the token still names it, so the session holds it again.
    expect((await params(user.second.access)).status).toBe(200);
  });

  it('a department taken away leaves live sessions without it', async () => {
    const [kept, taken] = [await createDept(suite.server, { name: '留下部门' }), await createDept(suite.server, { name: '调出部门' })];
    const roleId = await createRole(suite.server, { alias: `dept_role_${++accounts}`, menuCodes: ['param'] });
    const userId = await createUser(suite.server, { account: `dept_user_${accounts}`, roleId, deptId: `${kept},${taken}` });
    const tokens = await passwordSignIn(base(), { account: `dept_user_${accounts}`, password: TEST_PASSWORD });
    expect((await userInfo(tokens.access)).body.data).toMatchObject({ deptId: `${kept},${taken}` });
    const update = await call(base(), 'POST', '/api/blade-user/update', { token: await adminToken(), body: { id: userId, deptId: kept } });
    expect(update.body.code).toBe(200);
    expect((await userInfo(tokens.access)).body.data).toMatchObject({ deptId: kept });
    expect((await params(tokens.access)).status).toBe(200);
  });

  it('disabling a tenant ends its sessions at once', async () => {
    const tenantAdmin = await createTenantWithAdmin(suite.server, '731001');
    const tokens = await passwordSignIn(base(), { account: tenantAdmin.account, password: tenantAdmin.password, tenantId: '731001' });
    expect((await userInfo(tokens.access)).status).toBe(200);
    const row = await suite.server.ctx.db
      .selectFrom('blade_tenant')
      .select('id')
      .where('tenantId', '=', '731001')
      .executeTakeFirstOrThrow();
    const answer = await call(base(), 'POST', '/api/blade-system/tenant/submit', {
      token: await adminToken(),
      body: { id: row.id, status: 0 },
    });
    expect(answer.body.code).toBe(200);
    expect((await userInfo(tokens.access)).status).toBe(401);
    expect((await refreshGrant(base(), tokens.refresh)).status).toBe(400);
  });

  it('logout ends the session and its refresh token', async () => {
    const { first, second } = await userWithTwoSessions();
    expect((await call(base(), 'GET', '/api/blade-auth/oauth/logout', { token: first.access })).body.code).toBe(200);
    expect((await params(first.access)).status).toBe(401);
    expect((await refreshGrant(base(), first.refresh)).status).toBe(400);
    expect((await params(second.access)).status).toBe(200);
  });
});

describe('forced first password change', () => {
  it('refuses everything but the change and what it needs, then lets the same session go on', async () => {
    const roleId = await createRole(suite.server, { alias: 'forced_role', menuCodes: ['param'] });
    const userId = await createUser(suite.server, { account: 'forced', roleId });
    await suite.server.ctx.db.updateTable('blade_user').set({ mustChangePassword: 1 }).where('id', '=', userId).execute();
    const tokens = await passwordSignIn(base(), { account: 'forced', password: TEST_PASSWORD });
    expect(tokens.isInitPassword).toBe('否');
    expect(await params(tokens.access)).toMatchObject({ status: 403, body: { code: 403, msg: zh('passwordChangeRequired') } });
    for (const path of [
      '/api/blade-auth/oauth/user-info',
      '/api/blade-user/info',
      '/api/blade-system/menu/routes',
      '/api/blade-system/menu/buttons',
      '/api/blade-system/menu/top-menu',
    ]) {
      expect((await call(base(), 'GET', path, { token: tokens.access })).status, path).toBe(200);
    }
    for (const path of ['/api/blade-system/dict/dictionary', '/api/blade-system/dict-biz/dictionary']) {
      expect((await call(base(), 'GET', path, { token: tokens.access, query: { code: 'sex' } })).status, path).toBe(200);
    }
    // Refreshing is allowed, and the refreshed session is held to the change just the same.
    const next = await refreshed(base(), tokens.refresh);
    expect((await params(next.access)).status).toBe(403);
    expect((await changeOwnPassword(base(), next.access, TEST_PASSWORD, NEW_PASSWORD)).body.code).toBe(200);
    expect((await params(next.access)).status).toBe(200);
    expect((await call(base(), 'POST', '/api/blade-auth/oauth/logout', { token: next.access, body: [] })).body.code).toBe(200);
  });

  it('one-click-modify holds live sessions to a change from their next request', async () => {
    const { userId, first } = await userWithTwoSessions();
    const admin = await adminToken();
    await call(base(), 'POST', '/api/blade-user/one-click-modify', { token: admin, query: { userIds: userId } });
    expect((await params(first.access)).status).toBe(403);
    await call(base(), 'POST', '/api/blade-user/one-click-cancel', { token: admin, query: { userIds: userId } });
    expect((await params(first.access)).status).toBe(200);
  });
});

describe('clear-cache', () => {
  it('is for the platform administrator only', async () => {
    expect((await call(base(), 'GET', '/api/blade-auth/oauth/clear-cache', { token: await adminToken() })).body.code).toBe(200);
    const { first } = await userWithTwoSessions();
    expect(await call(base(), 'GET', '/api/blade-auth/oauth/clear-cache', { token: first.access })).toMatchObject({ status: 403 });
    const tenantAdmin = await createTenantWithAdmin(suite.server, '731002');
    const other = await passwordSignIn(base(), { account: tenantAdmin.account, password: tenantAdmin.password, tenantId: '731002' });
    expect(await call(base(), 'GET', '/api/blade-auth/oauth/clear-cache', { token: other.access })).toMatchObject({ status: 403 });
  });
});
