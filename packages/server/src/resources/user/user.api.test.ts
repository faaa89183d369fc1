import { DEFAULT_TENANT_ID, INIT_PASSWORD_DONE, INIT_PASSWORD_PENDING, userMessages as m, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createRole,
  createTenantWithAdmin,
  createUserWithRole,
  FORBIDDEN,
  failure,
  signIn,
  type TestUser,
  tableSnapshot,
  trackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';
import { administratorRole, createDept, createPost, INITIAL, liveUserCount, STRONG, setQuota, storedUser } from './users.testkit.js';

/** /api/blade-user: the generic routes with the user rules (password rule, quota, own tenant's roles, departments and posts). */
const suite = useTestServer();
let tenantB: TestUser;
let roleId: string;
let deptId: string;
let postId: string;

beforeAll(async () => {
  tenantB = await createTenantWithAdmin(suite.server, '200001');
  roleId = await createRole(suite.server, { alias: 'staff', name: '员工' });
  deptId = await createDept(suite.server, { name: '信息中心' });
  postId = await createPost(suite.server, { name: '工程师' });
});

const api = () => suite.admin.user.user;
const newUser = (account: string, extra: Record<string, unknown> = {}) => ({
  account,
  name: `${account}昵称`.slice(0, 20),
  realName: '张三',
  roleId,
  deptId,
  ...extra,
});

describe('submit, detail, page, remove', () => {
  it('adds a user with a typed password who signs in without a forced change', async () => {
    const row = await api().submit({
      ...newUser('u_typed'),
      password: STRONG,
      password2: STRONG,
      postId,
      code: 'E001',
      phone: '13800138000',
      email: 'typed@example.com',
      sex: 1,
      birthday: '1990-05-01',
      userType: 1,
    });
    expect(row).toMatchObject({
      account: 'u_typed',
      realName: '张三',
      roleId,
      deptId,
      postId,
      code: 'E001',
      phone: '13800138000',
      email: 'typed@example.com',
      sex: 1,
      birthday: '1990-05-01 00:00:00',
      tenantId: DEFAULT_TENANT_ID,
      mustChangePassword: 0,
      status: 1,
    });
    expect(row).not.toHaveProperty('password');
    expect(row).not.toHaveProperty('password2');
    expect((await storedUser(suite.server, 'u_typed')).password).toMatch(/^\$argon2id\$/);
    const token = await suite.server.client().login({ username: 'u_typed', password: STRONG });
    expect(token.is_init_password).toBe(INIT_PASSWORD_DONE);
  });

  it('gives a user added without a password the initial one, to be changed at first sign-in', async () => {
    const row = await api().submit(newUser('u_initial'));
    expect(row).toMatchObject({ mustChangePassword: 1 });
    const token = await suite.server.client().login({ username: 'u_initial', password: INITIAL });
    expect(token.is_init_password).toBe(INIT_PASSWORD_PENDING);
  });

  it('reads, lists and pages users without ever sending the password', async () => {
    const row = await api().submit(newUser('u_read', { phone: '13900000001', code: 'R-77' }));
    expect(await api().detail(row.id)).toEqual(row);
    for (const list of [await api().page({ account: 'u_read' }), await api().list({ account: 'u_read' })]) {
      expect(list.records.map((r) => r.id)).toEqual([row.id]);
      expect(list.records[0]).not.toHaveProperty('password');
    }
    expect((await api().page({ phone: '13900000001' })).records.map((r) => r.account)).toEqual(['u_read']);
    expect((await api().page({ code: 'r-7' })).records.map((r) => r.account)).toEqual(['u_read']);
    expect((await api().page({ realName: '张三', account: 'u_' })).total).toBeGreaterThanOrEqual(3);
  });

  it('filters by department, including every department below it', async () => {
    const top = await createDept(suite.server, { name: '集团' });
    const middle = await createDept(suite.server, { name: '分公司', parentId: top });
    const bottom = await createDept(suite.server, { name: '车间', parentId: middle });
    const aside = await createDept(suite.server, { name: '另一公司', parentId: top });
    const other = await createDept(suite.server, { name: '无关部门' });
    await api().submit(newUser('d_top', { deptId: top }));
    await api().submit(newUser('d_bottom', { deptId: bottom }));
    await api().submit(newUser('d_two', { deptId: `${other},${bottom}` }));
    await api().submit(newUser('d_aside', { deptId: aside }));
    await api().submit(newUser('d_other', { deptId: other }));
    const accounts = async (dept: string) =>
      (await api().page({ deptId: dept, account: 'd_', size: 50 })).records.map((r) => r.account).sort();
    expect(await accounts(middle)).toEqual(['d_bottom', 'd_two']);
    expect(await accounts(top)).toEqual(['d_aside', 'd_bottom', 'd_top', 'd_two']);
    expect(await accounts(other)).toEqual(['d_other', 'd_two']);
    expect(await accounts(`${aside},${bottom}`)).toEqual(['d_aside', 'd_bottom', 'd_two']);
    expect(await failure(suite.admin, api().page({ deptId: 'x' }))).toEqual(bad(zh('badIds')));
  });

  it('updates through submit and update, never touching the password', async () => {
    const row = await api().submit(newUser('u_update', { password: STRONG, password2: STRONG }));
    const before = (await storedUser(suite.server, 'u_update')).password;
    const viaSubmit = await api().submit({ id: row.id, realName: '李四', password: 'Other@12345', password2: 'Other@12345' });
    expect(viaSubmit).toMatchObject({ id: row.id, realName: '李四', account: 'u_update' });
    const viaUpdate = await api().update({ id: row.id, name: '新昵称', phone: '13700000000' });
    expect(viaUpdate).toMatchObject({ id: row.id, name: '新昵称', phone: '13700000000', realName: '李四' });
    expect(viaUpdate).not.toHaveProperty('password');
    expect((await storedUser(suite.server, 'u_update')).password).toBe(before);
    await suite.server.client().login({ username: 'u_update', password: STRONG });
  });

  it('removes users softly; nobody removes themself', async () => {
    const row = await api().submit(newUser('u_remove', { password: STRONG, password2: STRONG }));
    const signedIn = await signIn(suite.server, { account: 'u_remove', password: STRONG });
    expect(await api().remove([row.id])).toBe(true);
    expect(await api().detail(row.id)).toBeNull();
    expect((await storedUser(suite.server, 'u_remove')).isDeleted).toBe(1);
    await expect(suite.server.client().login({ username: 'u_remove', password: STRONG })).rejects.toThrow(zh('badCredentials'));
    // The removed user's session is ended: the refresh token no longer works.
    await expect(signedIn.refresh()).rejects.toThrow();

    const me = (await suite.admin.userInfo()).userId;
    const before = await tableSnapshot(suite.server, 'blade_user');
    expect(await failure(suite.admin, api().remove([me]))).toEqual(bad(m.removeSelf));
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
  });
});

describe('enable and disable', () => {
  it('disables an account, which ends its sessions and cannot sign in, then enables it again; both logged', async () => {
    const row = await api().submit({ ...newUser('u_toggle'), password: STRONG, password2: STRONG });
    const own = await signIn(suite.server, { account: 'u_toggle', password: STRONG });
    await own.user.user.info();
    await api().disable(undefined, { userIds: row.id });
    expect((await storedUser(suite.server, 'u_toggle')).status).toBe(0);
    expect((await failure(own, own.user.user.info())).code).toBe(401);
    const refused = await failure(own, own.login({ username: 'u_toggle', password: STRONG }));
    expect(refused.msg).toBe(zh('accountDisabled'));
    // Disabling a disabled account changes nothing and says why.
    expect(await failure(suite.admin, api().disable(undefined, { userIds: row.id }))).toEqual(bad(m.notEnabled));

    await api().enable(undefined, { userIds: row.id });
    expect((await storedUser(suite.server, 'u_toggle')).status).toBe(1);
    await signIn(suite.server, { account: 'u_toggle', password: STRONG });
    expect(await failure(suite.admin, api().enable(undefined, { userIds: row.id }))).toEqual(bad(m.notDisabled));
    const events = await suite.server.ctx.db
      .selectFrom('blade_log_usual')
      .select('logId')
      .where('logId', 'in', ['user.enable', 'user.disable'])
      .where('logData', 'like', '%u_toggle%')
      .execute();
    expect(events.map((e) => e.logId).sort()).toEqual(['user.disable', 'user.enable']);
  });

  it('refuses to disable oneself', async () => {
    const me = await suite.admin.user.user.info();
    expect(await failure(suite.admin, api().disable(undefined, { userIds: String(me.id) }))).toEqual(bad(m.disableSelf));
  });
});

describe('validation', () => {
  const valid = () => newUser('v_user', { password: STRONG, password2: STRONG });
  const cases: [string, Record<string, unknown>, string][] = [
    ['without account', { account: undefined }, m.account],
    ['with a blank account', { account: '  ' }, m.account],
    ['with a space inside the account', { account: 'a b' }, m.accountSpaces],
    ['without name', { name: undefined }, m.name],
    ['without realName', { realName: '' }, m.realName],
    ['with a realName over 10 characters', { realName: '一二三四五六七八九十一' }, '长度不能超过10个字符'],
    ['without roleId', { roleId: undefined }, m.roleId],
    ['without deptId', { deptId: '' }, m.deptId],
    ['with a malformed roleId', { roleId: '1,x' }, zh('badIds')],
    ['with a 10-digit phone', { phone: '1380013800' }, m.phoneLength],
    ['with letters in the phone', { phone: '1380013800a' }, m.phoneDigits],
    ['with a malformed email', { email: 'not-an-email' }, m.email],
    ['with an unknown sex', { sex: 5 }, m.sex],
    ['with an unknown platform', { userType: 9 }, m.userType],
    ['with a bad birthday', { birthday: '1990-13-45' }, zh('badDate')],
    ['with different passwords', { password2: 'Abc@123456' }, m.passwordMismatch],
    ['with a password and no confirmation', { password2: undefined }, m.passwordMismatch],
    ['with a password of 7 characters', { password: 'Ab@1234', password2: 'Ab@1234' }, zh('passwordRule')],
    ['with a password of 31 characters', { password: `Ab@1${'x'.repeat(27)}`, password2: `Ab@1${'x'.repeat(27)}` }, zh('passwordRule')],
    ['with a password without a special character', { password: 'Abc123456', password2: 'Abc123456' }, zh('passwordRule')],
    ['with a password without a digit', { password: 'Abc@defgh', password2: 'Abc@defgh' }, zh('passwordRule')],
    ['with a password without a letter', { password: '1234@5678', password2: '1234@5678' }, zh('passwordRule')],
    ['with a role of another tenant', { roleId: 'tenantB' }, m.roleMissing],
    ['with a department of another tenant', { deptId: 'tenantB' }, m.deptMissing],
    ['with an unknown post', { postId: '123456789' }, m.postMissing],
  ];
  it.each(cases)('refuses a user %s, writing nothing', async (_label, change, message) => {
    const body: Record<string, unknown> = { ...valid(), ...change };
    if (change.roleId === 'tenantB') body.roleId = tenantB.roleId;
    if (change.deptId === 'tenantB') body.deptId = await createDept(suite.server, { name: 'B部门', tenantId: tenantB.tenantId });
    const before = await tableSnapshot(suite.server, 'blade_user');
    expect(await failure(suite.admin, api().submit(body as never))).toEqual(bad(message));
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
  });

  it('speaks English on request', async () => {
    const english = trackedClient(suite.server, { language: 'en' });
    await english.login({ username: 'admin', password: 'admin' });
    const result = await failure(english, english.user.user.submit({ ...valid(), password2: 'x' }));
    expect(result).toEqual(bad('The two passwords do not match'));
  });

  it('refuses a second account of the same name in a tenant, but not in another', async () => {
    await api().submit(newUser('dup_user'));
    const before = await tableSnapshot(suite.server, 'blade_user');
    expect(await failure(suite.admin, api().submit(newUser('dup_user')))).toEqual(bad(m.accountTaken));
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
    const deptB = await createDept(suite.server, { name: 'B总部', tenantId: tenantB.tenantId });
    const inB = await tenantB.sdk.user.user.submit({ ...newUser('dup_user'), roleId: tenantB.roleId, deptId: deptB });
    expect(inB.tenantId).toBe(tenantB.tenantId);
  });

  it("keeps within the tenant's account quota", async () => {
    await setQuota(suite.server, DEFAULT_TENANT_ID, await liveUserCount(suite.server));
    try {
      const before = await tableSnapshot(suite.server, 'blade_user');
      expect(await failure(suite.admin, api().submit(newUser('over_quota')))).toEqual(bad('租户账号额度已用完，无法新增用户'));
      expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
    } finally {
      await setQuota(suite.server, DEFAULT_TENANT_ID, -1);
    }
    await api().submit(newUser('within_quota'));
  });
});

describe('access', () => {
  let viewer: TestUser;
  let adder: TestUser;
  let tenantAUser: string;

  beforeAll(async () => {
    viewer = await createUserWithRole(suite.server, { account: 'user_viewer', menuCodes: ['user', 'user_view'] });
    adder = await createUserWithRole(suite.server, { account: 'user_adder', menuCodes: ['user', 'user_add', 'user_edit'] });
    tenantAUser = (await api().submit(newUser('a_private'))).id;
  });

  it('answers 403 to a user lacking the button of each action', async () => {
    const sdk = viewer.sdk.user.user;
    expect((await sdk.page({ account: 'a_private' })).total).toBe(1);
    const before = await tableSnapshot(suite.server, 'blade_user');
    // Thunks: each call starts only when awaited, so none rejects unobserved.
    const calls: (() => Promise<unknown>)[] = [
      () => sdk.submit(newUser('by_viewer')),
      () => sdk.submit({ id: tenantAUser, realName: '改' }),
      () => sdk.update({ id: tenantAUser, realName: '改' }),
      () => sdk.remove([tenantAUser]),
      () => sdk.reset(undefined, { userIds: tenantAUser }),
      () => sdk.resetPassword(undefined, { userIds: tenantAUser }),
      () => sdk.initPwdRandom(undefined, { userId: tenantAUser }),
      () => sdk.oneClickModify(undefined, { userIds: tenantAUser }),
      () => sdk.grant(undefined, { userIds: tenantAUser, roleIds: roleId }),
      () => sdk.unlock(undefined, { userIds: tenantAUser }),
      () => sdk.updatePlatform(undefined, { userId: tenantAUser, userType: 2 }),
      () => sdk.platformDetail({ id: tenantAUser }),
      () => sdk.auditPass(undefined, { userIds: tenantAUser }),
      () => sdk.auditRefuse(undefined, { userIds: tenantAUser }),
      () => sdk.oneClickCancel(undefined, { userIds: tenantAUser }),
      () => sdk.importUser({ file: { filename: 'users.xlsx', data: new Uint8Array([1, 2, 3]) } }),
      () => sdk.exportUser({}),
      () => sdk.exportTemplate(),
    ];
    for (const call of calls) expect(await failure(viewer.sdk, call())).toEqual(FORBIDDEN);
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
  });

  it('lets a user with user_add add, but not hand out the administrator role', async () => {
    const sdk = adder.sdk.user.user;
    expect((await sdk.submit(newUser('by_adder'))).account).toBe('by_adder');
    const admins = await administratorRole(suite.server);
    expect(await failure(adder.sdk, sdk.submit(newUser('adder_admin', { roleId: admins })))).toEqual(bad(m.administratorOnly));
    const target = (await sdk.submit(newUser('adder_target'))).id;
    expect(await failure(adder.sdk, sdk.submit({ id: target, roleId: `${roleId},${admins}` }))).toEqual(bad(m.administratorOnly));
  });

  it("keeps another tenant's administrator away from these users", async () => {
    const sdk = tenantB.sdk.user.user;
    expect((await sdk.page({ account: 'a_private' })).total).toBe(0);
    expect(await sdk.detail(tenantAUser)).toBeNull();
    const before = await tableSnapshot(suite.server, 'blade_user');
    const missing = bad(zh('recordMissing'));
    expect(await failure(tenantB.sdk, sdk.submit({ id: tenantAUser, realName: '越权' }))).toEqual(missing);
    expect(await failure(tenantB.sdk, sdk.update({ id: tenantAUser, realName: '越权' }))).toEqual(missing);
    expect(await failure(tenantB.sdk, sdk.remove([tenantAUser]))).toEqual(missing);
    expect(await failure(tenantB.sdk, sdk.reset(undefined, { userIds: tenantAUser }))).toEqual(missing);
    expect(await failure(tenantB.sdk, sdk.initPwdRandom(undefined, { userIds: tenantAUser }))).toEqual(missing);
    expect(await failure(tenantB.sdk, sdk.oneClickCancel(undefined, { userIds: tenantAUser }))).toEqual(missing);
    expect(await failure(tenantB.sdk, sdk.grant(undefined, { userIds: tenantAUser, roleIds: tenantB.roleId }))).toEqual(missing);
    expect(await failure(tenantB.sdk, sdk.unlock(undefined, { userIds: tenantAUser }))).toEqual(missing);
    expect(await failure(tenantB.sdk, sdk.updatePlatform(undefined, { userId: tenantAUser, userType: 2 }))).toEqual(missing);
    expect(await sdk.platformDetail({ id: tenantAUser })).toBeNull();
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
  });
});
