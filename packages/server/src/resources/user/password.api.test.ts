import { INIT_PASSWORD_DONE, INIT_PASSWORD_PENDING, userMessages as m, md5, PASSWORD_RULE, toBase64, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { bad, createRole, failure, signIn, tableSnapshot, useTestServer } from '../../api-suite.testkit.js';
import { clientFromNewAddress, createDept, INITIAL, STRONG, storedUser } from './users.testkit.js';

/** Password extras of /api/blade-user: reset, random, own change, forced change, unlock. */
// Failed sign-ins come from their own addresses, so only the account gets locked.
const suite = useTestServer({ SSO_TRUST_PROXY: 'true' });
let roleId: string;
let deptId: string;

beforeAll(async () => {
  roleId = await createRole(suite.server, { alias: 'pw_staff' });
  deptId = await createDept(suite.server, { name: '密码测试部' });
});

const api = () => suite.admin.user.user;
const addUser = async (account: string, password = STRONG) =>
  (await api().submit({ account, name: account, realName: '测试', roleId, deptId, password, password2: password })).id;
const isInit = async (account: string, password: string) =>
  (await suite.server.client().login({ username: account, password })).is_init_password;

describe('resets by an administrator', () => {
  it.each([
    ['reset', (ids: string) => api().reset(undefined, { userIds: ids })],
    ['reset-password', (ids: string) => api().resetPassword(undefined, { userIds: ids })],
  ] as const)('%s puts users back on the initial password, to be changed', async (name, call) => {
    const first = await addUser(`${name}_1`);
    const second = await addUser(`${name}_2`);
    expect(await call(`${first},${second}`)).toBe(true);
    for (const account of [`${name}_1`, `${name}_2`]) {
      expect(await isInit(account, INITIAL)).toBe(INIT_PASSWORD_PENDING);
      await expect(suite.server.client().login({ username: account, password: STRONG })).rejects.toThrow(zh('badCredentials'));
    }
  });

  it('initPwdRandom gives each user a fresh password that meets the rule, shown once', async () => {
    const one = await addUser('random_1');
    const two = await addUser('random_2');
    const issued = await api().initPwdRandom(undefined, { userIds: `${one},${two}` });
    expect(issued.map((i) => [i.userId, i.account]).sort()).toEqual(
      [
        [one, 'random_1'],
        [two, 'random_2'],
      ].sort(),
    );
    expect(issued[0].password).not.toBe(issued[1].password);
    for (const { account, password } of issued) {
      expect(password).toMatch(PASSWORD_RULE);
      expect(await isInit(account, password)).toBe(INIT_PASSWORD_PENDING);
      expect((await storedUser(suite.server, account)).password).not.toContain(password);
    }
    const single = await api().initPwdRandom(undefined, { userId: one });
    expect(single).toHaveLength(1);
    expect(await isInit('random_1', single[0].password)).toBe(INIT_PASSWORD_PENDING);
    expect(await failure(suite.admin, api().initPwdRandom(undefined, {}))).toEqual(bad(zh('selectOne')));
  });

  it('refuses an unknown id, changing nobody', async () => {
    const known = await addUser('reset_known');
    const before = await tableSnapshot(suite.server, 'blade_user');
    expect(await failure(suite.admin, api().reset(undefined, { userIds: `${known},123456789` }))).toEqual(bad(zh('recordMissing')));
    expect(await failure(suite.admin, api().reset(undefined, { userIds: '' }))).toEqual(bad(zh('selectOne')));
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
  });

  it('one-click-modify and one-click-cancel switch is_init_password', async () => {
    const id = await addUser('one_click');
    expect(await isInit('one_click', STRONG)).toBe(INIT_PASSWORD_DONE);
    expect(await api().oneClickModify(undefined, { userIds: id })).toBe(true);
    expect(await isInit('one_click', STRONG)).toBe(INIT_PASSWORD_PENDING);
    expect(await api().oneClickCancel(undefined, { userIds: id })).toBe(true);
    expect(await isInit('one_click', STRONG)).toBe(INIT_PASSWORD_DONE);
  });
});

describe('update-password (own)', () => {
  const fields = (oldPlain: string, newPlain: string, overrides: Record<string, string> = {}) => ({
    oldPassword: md5(oldPlain),
    newPassword: md5(newPlain),
    newPassword1: md5(newPlain),
    passwordBase64: toBase64(newPlain),
    ...overrides,
  });

  it('changes the password given in the query (BladeX) and clears the forced change', async () => {
    await api().submit({ account: 'own_query', name: 'own', realName: '本人', roleId, deptId });
    const me = await signIn(suite.server, { account: 'own_query', password: INITIAL });
    expect(me.session?.token.is_init_password).toBe(INIT_PASSWORD_PENDING);
    expect(await me.user.user.updatePassword(undefined, fields(INITIAL, 'New#pass123'))).toBe(true);
    expect(await isInit('own_query', 'New#pass123')).toBe(INIT_PASSWORD_DONE);
    await expect(suite.server.client().login({ username: 'own_query', password: INITIAL })).rejects.toThrow(zh('badCredentials'));
  });

  it('takes the same fields in a JSON body', async () => {
    await addUser('own_body');
    const me = await signIn(suite.server, { account: 'own_body', password: STRONG });
    expect(await me.user.user.updatePassword(fields(STRONG, 'Body!pass99'))).toBe(true);
    expect(await isInit('own_body', 'Body!pass99')).toBe(INIT_PASSWORD_DONE);
  });

  it.each([
    ['a wrong old password', fields('Wrong@123', 'Next@12345'), m.oldPasswordWrong],
    ['a confirmation that differs', fields(STRONG, 'Next@12345', { newPassword1: md5('Other@12345') }), m.confirmMismatch],
    ['a base64 that is not the new password', fields(STRONG, 'Next@12345', { passwordBase64: toBase64('Else@12345') }), m.digestMismatch],
    ['a weak new password', fields(STRONG, 'weakpass'), zh('passwordRule')],
    ['the old password again', fields(STRONG, STRONG), m.passwordUnchanged],
    ['no passwordBase64', { ...fields(STRONG, 'Next@12345'), passwordBase64: '' }, m.passwordBase64],
    ['no old password', { ...fields(STRONG, 'Next@12345'), oldPassword: '' }, m.oldPassword],
    ['a new password that is not a digest', { ...fields(STRONG, 'Next@12345'), newPassword: 'Next@12345' }, m.digestMalformed],
  ])('refuses %s, changing nothing', async (_label, body, message) => {
    await addUser(`own_bad_${Math.random().toString(36).slice(2, 8)}`).then(async (id) => {
      const account = (await api().detail(id))?.account as string;
      const me = await signIn(suite.server, { account, password: STRONG });
      const before = await tableSnapshot(suite.server, 'blade_user');
      expect(await failure(me, me.user.user.updatePassword(body))).toEqual(bad(message));
      expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
    });
  });
});

describe('unlock', () => {
  it('lets a user locked by 5 failed sign-ins from one address in again there', async () => {
    const id = await addUser('locked_out');
    const address = clientFromNewAddress(suite.server);
    for (let i = 0; i < 5; i++) {
      await expect(address.login({ username: 'locked_out', password: 'Wrong@1234' })).rejects.toThrow(zh('badCredentials'));
    }
    await expect(address.login({ username: 'locked_out', password: STRONG })).rejects.toThrow(zh('accountLocked'));
    const locked = await api().lockedAccounts();
    expect(locked.find((row) => row.account === 'locked_out')?.lockedUntil).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await api().unlock(undefined, { userIds: id })).toBe(true);
    expect((await api().lockedAccounts()).map((row) => row.account)).not.toContain('locked_out');
    const rows = await suite.server.ctx.db.selectFrom('sso_account_failure').select('ip').where('account', '=', 'locked_out').execute();
    expect(rows).toEqual([]);
    expect((await address.login({ username: 'locked_out', password: STRONG })).is_init_password).toBe(INIT_PASSWORD_DONE);
  });
});
