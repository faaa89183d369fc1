import { DEFAULT_TENANT_ID, INIT_PASSWORD_DONE, userMessages as m, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createRole,
  createTenantWithAdmin,
  createUserWithRole,
  failure,
  signIn,
  type TestUser,
  type TrackedClient,
  tableSnapshot,
  useTestServer,
} from '../../api-suite.testkit.js';
import { administratorRole, createDept, createPost, STRONG, storedUser } from './users.testkit.js';

/** info, update-info, platform-detail / update-platform and grant. */
const suite = useTestServer();
let tenantB: TestUser;
let staff: string;
let auditor: string;
let deptId: string;
let postId: string;
let me: TrackedClient;
let myId: string;

beforeAll(async () => {
  tenantB = await createTenantWithAdmin(suite.server, '400001');
  staff = await createRole(suite.server, { alias: 'staff', name: '员工' });
  auditor = await createRole(suite.server, { alias: 'auditor', name: '审计员' });
  deptId = await createDept(suite.server, { name: '财务部' });
  postId = await createPost(suite.server, { name: '会计' });
  myId = (
    await suite.admin.user.user.submit({
      account: 'profile_me',
      name: '小王',
      realName: '王五',
      roleId: `${staff},${auditor}`,
      deptId,
      postId,
      email: 'me@example.com',
      password: STRONG,
      password2: STRONG,
    })
  ).id;
  me = await signIn(suite.server, { account: 'profile_me', password: STRONG });
});

describe('info and update-info (own)', () => {
  it('shows the personal-info form of the caller, with names and without the password', async () => {
    const info = await me.user.user.info();
    expect(info).toMatchObject({
      id: myId,
      account: 'profile_me',
      name: '小王',
      realName: '王五',
      email: 'me@example.com',
      roleName: '员工,审计员',
      deptName: '财务部',
      postName: '会计',
      tenantName: '管理组',
      tenantId: DEFAULT_TENANT_ID,
      isInitPassword: INIT_PASSWORD_DONE,
    });
    expect(info).not.toHaveProperty('password');
  });

  it('updates only the caller, only the fields sent', async () => {
    expect(await me.user.user.updateInfo({ phone: '13512345678', realName: '王小五', avatar: 'https://example.com/me.png' })).toBe(true);
    const info = await me.user.user.info();
    expect(info).toMatchObject({ phone: '13512345678', realName: '王小五', name: '小王', avatar: 'https://example.com/me.png' });
    expect((await storedUser(suite.server, 'admin')).phone).toBeNull();
  });

  it.each([
    ['without phone', { realName: '王' }, m.phoneEmpty],
    ['with an empty phone', { phone: '' }, m.phoneEmpty],
    ['with a 12-digit phone', { phone: '135123456789' }, m.phoneLength],
    ['with a bad email', { phone: '13512345678', email: 'x@' }, m.email],
    ['with a blank real name', { phone: '13512345678', realName: ' ' }, m.realName],
  ])('refuses an update %s', async (_label, body, message) => {
    const before = await tableSnapshot(suite.server, 'blade_user');
    expect(await failure(me, me.user.user.updateInfo(body as never))).toEqual(bad(message));
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
  });
});

describe('platform', () => {
  it('sets and reads the platform and its extension', async () => {
    expect(await suite.admin.user.user.updatePlatform(undefined, { userId: myId, userType: 2, userExt: '{"device":"pad"}' })).toBe(true);
    expect(await suite.admin.user.user.platformDetail({ id: myId })).toEqual({
      id: myId,
      account: 'profile_me',
      realName: '王小五',
      userType: 2,
      userExt: '{"device":"pad"}',
    });
    expect(await failure(suite.admin, suite.admin.user.user.updatePlatform(undefined, { userId: myId, userType: 7 }))).toEqual(
      bad(m.userType),
    );
  });
});

describe('grant', () => {
  it("sets the users' roles to exactly the roles given", async () => {
    const other = (await suite.admin.user.user.submit({ account: 'grant_other', name: 'g', realName: 'g', roleId: staff, deptId })).id;
    expect(await suite.admin.user.user.grant(undefined, { userIds: `${myId},${other}`, roleIds: auditor })).toBe(true);
    expect((await suite.admin.user.user.detail(myId))?.roleId).toBe(auditor);
    expect((await suite.admin.user.user.detail(other))?.roleId).toBe(auditor);
  });

  it('refuses roles of another tenant, and the administrator role from a non-administrator', async () => {
    const granter = await createUserWithRole(suite.server, { account: 'granter', menuCodes: ['user', 'user_role'] });
    const before = await tableSnapshot(suite.server, 'blade_user');
    expect(await failure(suite.admin, suite.admin.user.user.grant(undefined, { userIds: myId, roleIds: tenantB.roleId }))).toEqual(
      bad(m.roleMissing),
    );
    const admins = await administratorRole(suite.server);
    expect(await failure(granter.sdk, granter.sdk.user.user.grant(undefined, { userIds: myId, roleIds: admins }))).toEqual(
      bad(m.administratorOnly),
    );
    expect(await failure(suite.admin, suite.admin.user.user.grant(undefined, { userIds: myId, roleIds: '' }))).toEqual(
      bad(zh('selectOne')),
    );
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
    expect(await granter.sdk.user.user.grant(undefined, { userIds: myId, roleIds: staff })).toBe(true);
  });
});
