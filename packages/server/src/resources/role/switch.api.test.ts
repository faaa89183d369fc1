import { type MenuNode, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createRole,
  createUser,
  failure,
  rowCount,
  signIn,
  TEST_PASSWORD,
  type TrackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';

/** Switching dept and role (Dept-Id / Role-Id on the token endpoint) for a user holding two of each. */
const suite = useTestServer();
let roleA: string;
let roleB: string;
/** A role the user does not hold. */
let roleC: string;
let deptA: string;
let deptB: string;
let deptC: string;

const ACCOUNT = 'switcher';
const signInSwitcher = (headers: { roleId?: string; deptId?: string } = {}) =>
  signIn(suite.server, { account: ACCOUNT, password: TEST_PASSWORD }).then(async (sdk) => {
    if (headers.roleId || headers.deptId) await sdk.login({ username: ACCOUNT, password: TEST_PASSWORD, ...headers });
    return sdk;
  });
const routeCodes = async (sdk: TrackedClient) => {
  const walk = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...walk(n.children ?? [])]);
  return walk(await sdk.system.menu.routes());
};
const sessionOf = async (sdk: TrackedClient) => {
  const userId = sdk.session!.token.user_id;
  return suite.server.ctx.db
    .selectFrom('sso_session')
    .select(['roleId', 'deptId'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
};
const refusal = (msg: string) => ({ status: 400, code: 400, msg });

beforeAll(async () => {
  roleA = await createRole(suite.server, { alias: 'switch_a', name: '机构管理员', menuCodes: ['dept', 'dept_view'] });
  roleB = await createRole(suite.server, { alias: 'switch_b', name: '岗位管理员', menuCodes: ['post', 'post_view'] });
  roleC = await createRole(suite.server, { alias: 'switch_c', menuCodes: ['param'] });
  const addDept = async (deptName: string) =>
    (await suite.admin.system.dept.submit({ deptName, fullName: deptName, deptCategory: 2, sort: 1 })).id;
  deptA = await addDept('切换甲');
  deptB = await addDept('切换乙');
  deptC = await addDept('切换丙');
  await createUser(suite.server, { account: ACCOUNT, roleId: `${roleA},${roleB}`, deptId: `${deptA},${deptB}` });
});

describe('switching dept and role', () => {
  it('signs in with every role and dept held, and the switch dialog lists them', async () => {
    const sdk = await signInSwitcher();
    expect(sdk.session!.token).toMatchObject({
      role_id: `${roleA},${roleB}`,
      role_name: 'switch_a,switch_b',
      dept_id: `${deptA},${deptB}`,
    });
    expect(await routeCodes(sdk)).toEqual(expect.arrayContaining(['dept', 'post']));
    expect((await sdk.system.role.select()).map((r) => [r.id, r.roleName])).toEqual([
      [roleA, '机构管理员'],
      [roleB, '岗位管理员'],
    ]);
    expect((await sdk.system.dept.select()).map((r) => r.deptName)).toEqual(['切换甲', '切换乙']);
  });

  it('switches role through the refresh grant: token, session, menus and permissions follow', async () => {
    const sdk = await signInSwitcher();
    const token = await sdk.refresh({ roleId: roleB });
    expect(token).toMatchObject({ role_id: roleB, role_name: 'switch_b', dept_id: `${deptA},${deptB}` });
    expect(await sessionOf(sdk)).toEqual({ roleId: roleB, deptId: `${deptA},${deptB}` });
    const codes = await routeCodes(sdk);
    expect(codes).toContain('post');
    expect(codes).not.toContain('dept');
    expect(await failure(sdk, sdk.system.dept.list())).toEqual({ status: 403, code: 403, msg: zh('forbidden') });
    expect((await sdk.system.post.page()).current).toBe(1);
    // A later plain refresh keeps the choice; a dept switch keeps the role.
    expect(await sdk.refresh()).toMatchObject({ role_id: roleB, role_name: 'switch_b' });
    expect(await sdk.refresh({ deptId: deptB })).toMatchObject({ role_id: roleB, dept_id: deptB });
    expect(await sessionOf(sdk)).toEqual({ roleId: roleB, deptId: deptB });
    expect(await sdk.refresh({ roleId: roleA })).toMatchObject({ role_id: roleA, role_name: 'switch_a', dept_id: deptB });
    expect(await routeCodes(sdk)).not.toContain('post');
  });

  it('refuses a refresh to a role or dept the user does not hold, and the refresh token still works', async () => {
    const sdk = await signInSwitcher();
    const before = sdk.session!.token;
    expect(await failure(sdk, sdk.refresh({ roleId: roleC }))).toEqual(refusal('您未被授予所选角色，无法切换'));
    expect(await failure(sdk, sdk.refresh({ deptId: deptC }))).toEqual(refusal('您不属于所选机构，无法切换'));
    expect(sdk.session!.token.refresh_token).toBe(before.refresh_token);
    expect(await sdk.refresh()).toMatchObject({ role_id: `${roleA},${roleB}` });
  });

  it('honours Dept-Id and Role-Id at sign-in, refusing ones the user does not hold', async () => {
    const sdk = await signInSwitcher({ roleId: roleA, deptId: deptB });
    expect(sdk.session!.token).toMatchObject({ role_id: roleA, role_name: 'switch_a', dept_id: deptB });
    const sessions = await rowCount(suite.server, 'sso_session');
    const other = await signInSwitcher();
    expect(await failure(other, other.login({ username: ACCOUNT, password: TEST_PASSWORD, roleId: roleC }))).toEqual(
      refusal('您未被授予所选角色，无法切换'),
    );
    expect(await failure(other, other.login({ username: ACCOUNT, password: TEST_PASSWORD, deptId: deptC }))).toEqual(
      refusal('您不属于所选机构，无法切换'),
    );
    expect(await rowCount(suite.server, 'sso_session')).toBe(sessions + 1);
  });
});
