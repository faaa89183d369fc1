import { type ApiError, DEFAULT_TENANT_ID } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createRole,
  createTenant,
  createUser,
  createUserWithRole,
  menuIds,
  signIn,
  TEST_PASSWORD,
  type TrackedClient,
  useTestServer,
} from '../api-suite.testkit.js';
import { pathPattern } from './scopes.js';

const suite = useTestServer();
const DICTBIZ = ['dictbiz', 'dictbiz_add', 'dictbiz_edit', 'dictbiz_delete', 'dictbiz_view'];

async function dept(id: string, parentId: string, ancestors: string, name: string) {
  await suite.server.ctx.db
    .insertInto('blade_dept')
    .values({ id, tenantId: DEFAULT_TENANT_ID, parentId, ancestors, deptName: name, fullName: name, deptCategory: 1, sort: 1 })
    .execute();
}

async function scope(type: number, value?: string): Promise<string> {
  const menuId = (await menuIds(suite.server, ['dictbiz'])).get('dictbiz')!;
  const id = suite.server.ctx.ids.next();
  await suite.server.ctx.db
    .insertInto('blade_scope_data')
    .values({ id, menuId, resourceCode: 'dictbiz', scopeName: `type ${type}`, scopeType: type, scopeValue: value ?? null })
    .execute();
  return id;
}

async function grantScopes(roleId: string, category: number, scopeIds: string[]) {
  await suite.server.ctx.db.deleteFrom('blade_role_scope').where('roleId', '=', roleId).execute();
  if (scopeIds.length) {
    await suite.server.ctx.db
      .insertInto('blade_role_scope')
      .values(scopeIds.map((scopeId) => ({ id: suite.server.ctx.ids.next(), roleId, scopeId, scopeCategory: category })))
      .execute();
  }
  suite.server.ctx.permissions.clear();
}

const codesOf = async (sdk: TrackedClient) =>
  (await sdk.system.dictBiz.list({ size: 100, code: 'scoped' })).records.map((r) => r.dictKey).sort();

describe('data scopes narrow the rows a role sees', () => {
  let roleId: string;
  const users: Record<string, TrackedClient> = {};

  beforeAll(async () => {
    const root = (await suite.server.ctx.db.selectFrom('blade_dept').select('id').where('parentId', '=', '0').executeTakeFirstOrThrow()).id;
    await dept('7001', root, `0,${root}`, '炼钢厂');
    await dept('7002', '7001', `0,${root},7001`, '一车间');
    await dept('7003', root, `0,${root}`, '轧钢厂');
    roleId = await createRole(suite.server, { alias: 'scoped', menuCodes: DICTBIZ });
    for (const [account, deptId] of [
      ['plant', '7001'],
      ['workshop', '7002'],
      ['rolling', '7003'],
    ] as const) {
      await createUser(suite.server, { account, roleId, deptId });
      users[account] = await signIn(suite.server, { account, password: TEST_PASSWORD });
    }
    // Each user writes one entry of the business dictionary `scoped`.
    const admin = await signIn(suite.server, { account: 'admin', password: 'admin' });
    const parent = await admin.system.dictBiz.submit({ code: 'scoped', dictKey: '-1', dictValue: '数据权限', sort: 1, isSealed: 0 });
    for (const account of Object.keys(users)) {
      await users[account].system.dictBiz.submit({
        parentId: parent.id,
        code: 'scoped',
        dictKey: account,
        dictValue: account,
        sort: 1,
        isSealed: 0,
      });
    }
  });

  it('shows everything when no data scope is granted', async () => {
    expect(await codesOf(users.plant)).toEqual(['-1', 'plant', 'rolling', 'workshop']);
  });

  it('own rows (2), own department (3), department and children (4), listed departments (5)', async () => {
    await grantScopes(roleId, 1, [await scope(2)]);
    expect(await codesOf(users.plant)).toEqual(['plant']);
    await grantScopes(roleId, 1, [await scope(3)]);
    expect(await codesOf(users.plant)).toEqual(['plant']);
    await grantScopes(roleId, 1, [await scope(4)]);
    expect(await codesOf(users.plant)).toEqual(['plant', 'workshop']);
    expect(await codesOf(users.workshop)).toEqual(['workshop']);
    await grantScopes(roleId, 1, [await scope(5, '7003,7002')]);
    expect(await codesOf(users.plant)).toEqual(['rolling', 'workshop']);
    await grantScopes(roleId, 1, [await scope(2), await scope(5, '7003')]);
    expect(await codesOf(users.plant)).toEqual(['plant', 'rolling']);
    await grantScopes(roleId, 1, [await scope(1)]);
    expect(await codesOf(users.plant)).toEqual(['-1', 'plant', 'rolling', 'workshop']);
  });

  it('keeps rows outside the scope from being read, changed or removed', async () => {
    await grantScopes(roleId, 1, [await scope(2)]);
    const rows = await suite.server.ctx.db.selectFrom('blade_dict_biz').select(['id', 'dictKey']).where('code', '=', 'scoped').execute();
    const rolling = rows.find((r) => r.dictKey === 'rolling')!.id;
    expect(await users.plant.system.dictBiz.detail(rolling)).toBeNull();
    await expect(users.plant.system.dictBiz.submit({ id: rolling, dictValue: 'taken' })).rejects.toMatchObject({ code: 400 });
    await expect(users.plant.system.dictBiz.remove([rolling])).rejects.toMatchObject({ code: 400 });
    const after = await suite.server.ctx.db
      .selectFrom('blade_dict_biz')
      .select(['dictValue', 'isDeleted'])
      .where('id', '=', rolling)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ dictValue: 'rolling', isDeleted: 0 });
  });

  it('does not narrow the administrator', async () => {
    const admin = await signIn(suite.server, { account: 'admin', password: 'admin' });
    expect(await codesOf(admin)).toEqual(['-1', 'plant', 'rolling', 'workshop']);
  });
});

describe('API scopes narrow the paths a role may call', () => {
  it('refuses a covered path to roles not granted a covering scope, with 403', async () => {
    const user = await createUserWithRole(suite.server, { account: 'apiuser', menuCodes: DICTBIZ });
    const menuId = (await menuIds(suite.server, ['dictbiz'])).get('dictbiz')!;
    const scopeId = suite.server.ctx.ids.next();
    await suite.server.ctx.db
      .insertInto('blade_scope_api')
      .values({
        id: scopeId,
        menuId,
        resourceCode: 'dictbiz',
        scopeName: '字典列表',
        scopePath: '/blade-system/dict-biz/list*',
        scopeType: 1,
      })
      .execute();
    suite.server.ctx.permissions.clear();
    const denied = await user.sdk.system.dictBiz.list().catch((error: ApiError) => error);
    expect(denied).toMatchObject({ code: 403 });
    expect(user.sdk.lastStatus()).toBe(403);
    expect((await user.sdk.system.dictBiz.page()).total).toBeGreaterThanOrEqual(0);
    await grantScopes(user.roleId, 2, [scopeId]);
    expect((await user.sdk.system.dictBiz.list()).total).toBeGreaterThanOrEqual(0);
    const admin = await signIn(suite.server, { account: 'admin', password: 'admin' });
    expect((await admin.system.dictBiz.list()).total).toBeGreaterThan(0);
  });

  it('matches paths with * and ** and without the /api prefix', () => {
    expect(pathPattern('/blade-user/**').test('/api/blade-user/page')).toBe(true);
    expect(pathPattern('/api/blade-user/*').test('/api/blade-user/a/b')).toBe(false);
    expect(pathPattern('blade-system/param/list').test('/api/blade-system/param/list')).toBe(true);
    expect(pathPattern('/api/blade-system/param.list').test('/api/blade-system/paramXlist')).toBe(false);
  });
});

describe('a tenant package caps what its roles hold', () => {
  it('refuses screens outside the package, even to the tenant administrator', async () => {
    await createTenant(suite.server, '654321');
    const ids = await menuIds(suite.server, ['system', 'param', 'param_view']);
    const packageId = suite.server.ctx.ids.next();
    await suite.server.ctx.db
      .insertInto('blade_tenant_package')
      .values({ id: packageId, packageName: '基础包', menuId: [...ids.values()].join(',') })
      .execute();
    await suite.server.ctx.db.updateTable('blade_tenant').set({ packageId }).where('tenantId', '=', '654321').execute();
    suite.server.ctx.permissions.clear();
    const admin = await createUserWithRole(suite.server, { tenantId: '654321', account: 'tadmin', administrator: true });
    const clerk = await createUserWithRole(suite.server, { tenantId: '654321', account: 'clerk', menuCodes: ['param', 'dict'] });
    expect((await admin.sdk.system.param.list()).total).toBeGreaterThan(0);
    expect((await clerk.sdk.system.param.list()).total).toBeGreaterThan(0);
    await expect(admin.sdk.system.dict.list()).rejects.toMatchObject({ code: 403 });
    await expect(clerk.sdk.system.dict.list()).rejects.toMatchObject({ code: 403 });
    const info = await admin.sdk.userInfo();
    expect(info.permissions).toEqual(['param', 'param_view', 'system']);
  });
});
