import { ADMINISTRATOR_ROLE, DEFAULT_TENANT_ID, tenantMessages as t, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createRole,
  createTenantWithAdmin,
  createUser,
  failure,
  menuIds,
  signIn,
  type TestUser,
  type TrackedClient,
  tableSnapshot,
  trackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';
import { assertUserQuota } from '../../domain/tenant-limits.js';

/** Tenant extras: quota and expiry, data source, package, the public domain lookup, and sign-in of disabled tenants. */
// Sessions and grants are re-read at once, so a revocation shows in the next request.
const suite = useTestServer({ SSO_CACHE_TTL_MS: 0 });
let initPassword: string;

/** Administrator of a tenant whose sessions must survive another tenant being switched off. */
let bystander: TestUser;

beforeAll(async () => {
  bystander = await createTenantWithAdmin(suite.server, '100013');
  initPassword = (await suite.server.ctx.params.get('account.initPassword')) as string;
});

const api = () => suite.admin.system.tenant;
const snapshot = () => Promise.all(['blade_tenant', 'blade_role_menu'].map((table) => tableSnapshot(suite.server, table)));
let serial = 0;
/** A new tenant; its row always carries the generated tenant id. */
const newTenant = async (over: Record<string, unknown> = {}) => {
  const row = await api().submit({ tenantName: `子公司${++serial}`, linkman: '赵六', ...over });
  return { ...row, tenantId: row.tenantId as string };
};
/** Columns set by the extras, which the form does not edit. */
const stored = async (id: string) => (await api().detail(id)) as Record<string, unknown>;
/** The tenant's admin, past its first password change (kept as the initial one, which these suites sign in with). */
const signInTenantAdmin = async (tenantId: string) => {
  await suite.server.ctx.db.updateTable('blade_user').set({ mustChangePassword: 0 }).where('tenantId', '=', tenantId).execute();
  return signIn(suite.server, { account: 'admin', password: initPassword, tenantId });
};

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const yesterday = () => localDay(new Date(Date.now() - 86_400_000));

describe('setting: quota and expiry', () => {
  it('sets both on every chosen tenant, and the quota then caps new users', async () => {
    const [a, b] = [await newTenant(), await newTenant()];
    expect(await api().setting(undefined, { ids: `${a.id},${b.id}`, accountNumber: 2, expireTime: '2031-01-31' })).toBe(true);
    for (const row of [a, b]) expect(await api().detail(row.id)).toMatchObject({ accountNumber: 2, expireTime: '2031-01-31 23:59:59' });
    // The tenant's admin is its first account: one more fits, a third does not.
    await assertUserQuota(suite.server.ctx.db, a.tenantId);
    const role = (
      await suite.server.ctx.db.selectFrom('blade_role').select('id').where('tenantId', '=', a.tenantId).executeTakeFirstOrThrow()
    ).id;
    await createUser(suite.server, { tenantId: a.tenantId, account: 'second', roleId: role });
    await expect(assertUserQuota(suite.server.ctx.db, a.tenantId)).rejects.toThrow('租户账号额度已用完，无法新增用户');
    await api().setting(undefined, { ids: a.id, accountNumber: -1 });
    await assertUserQuota(suite.server.ctx.db, a.tenantId);
    expect((await api().detail(a.id)).expireTime).toBe('');
  });

  it("caps the users the tenant's admin creates through the user screen", async () => {
    const row = await newTenant();
    await api().setting(undefined, { ids: row.id, accountNumber: 2 });
    const tenantAdmin = await signInTenantAdmin(row.tenantId);
    const admin0 = await suite.server.ctx.db
      .selectFrom('blade_user')
      .select(['roleId', 'deptId'])
      .where('tenantId', '=', row.tenantId)
      .executeTakeFirstOrThrow();
    const newUser = (account: string) => ({
      account,
      password: initPassword,
      password2: initPassword,
      name: account,
      realName: account,
      roleId: admin0.roleId as string,
      deptId: admin0.deptId as string,
    });
    expect((await tenantAdmin.user.user.submit(newUser('clerk1'))).tenantId).toBe(row.tenantId);
    const before = await tableSnapshot(suite.server, 'blade_user');
    expect(await failure(tenantAdmin, tenantAdmin.user.user.submit(newUser('clerk2')))).toEqual(bad('租户账号额度已用完，无法新增用户'));
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(before);
  });

  it.each([
    ['without ids', { accountNumber: 1 }, zh('selectOne')],
    ['with malformed ids', { ids: '1,x', accountNumber: 1 }, zh('badIds')],
    ['without a quota', { ids: '1' }, t.accountNumber],
    ['with a quota below -1', { ids: '1', accountNumber: -2 }, t.accountNumber],
    ['with a bad expiry', { ids: '1', accountNumber: 1, expireTime: '2031-13-01' }, t.expireTime],
  ])('refuses a setting %s', async (_name, query, msg) => {
    const before = await snapshot();
    expect(await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/tenant/setting', query))).toEqual(bad(msg));
    expect(await snapshot()).toEqual(before);
  });

  it('refuses ids of which one is unknown, changing none', async () => {
    const row = await newTenant();
    const before = await snapshot();
    expect(await failure(suite.admin, api().setting(undefined, { ids: `${row.id},1`, accountNumber: 5 }))).toEqual(
      bad(zh('recordMissing')),
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('signing in to a tenant that is switched off', () => {
  const signInRefused = async (tenantId: string) => {
    const again = trackedClient(suite.server);
    return failure(again, again.login({ username: 'admin', password: initPassword, tenantId }));
  };
  /** Whether the session of a signed-in client still opens the API (caches expire at once here). */
  const stillIn = async (user: TrackedClient) =>
    user.system.param.list().then(
      () => true,
      (error: { code?: number }) => (error.code === 401 ? false : Promise.reject(error)),
    );

  it('refuses sign-in while the tenant is disabled, ends its sessions, and allows sign-in again once enabled', async () => {
    const row = await newTenant();
    const user = await signInTenantAdmin(row.tenantId);
    await api().submit({ id: row.id, status: 0 });
    expect(await signInRefused(row.tenantId)).toEqual(bad(zh('tenantDisabled')));
    expect(await failure(user, user.refresh())).toEqual(bad(zh('badRefresh')));
    expect(await stillIn(user)).toBe(false);
    expect(await stillIn(bystander.sdk)).toBe(true);
    await api().submit({ id: row.id, status: 1 });
    expect(await stillIn(await signInTenantAdmin(row.tenantId))).toBe(true);
  });

  it('refuses sign-in once the tenant has expired by setting or by submit, ending its sessions', async () => {
    const row = await newTenant();
    const user = await signInTenantAdmin(row.tenantId);
    await api().setting(undefined, { ids: row.id, accountNumber: -1, expireTime: yesterday() });
    expect(await signInRefused(row.tenantId)).toEqual(bad(zh('tenantExpired')));
    expect(await stillIn(user)).toBe(false);
    await api().submit({ id: row.id, expireTime: localDay(new Date()) }); // valid through the end of today
    const back = await signInTenantAdmin(row.tenantId);
    const oneMinuteAgo = new Date(Date.now() - 60_000);
    await api().submit({
      id: row.id,
      expireTime: `${localDay(oneMinuteAgo)} ${pad(oneMinuteAgo.getHours())}:${pad(oneMinuteAgo.getMinutes())}`,
    });
    expect(await stillIn(back)).toBe(false);
    expect(await signInRefused(row.tenantId)).toEqual(bad(zh('tenantExpired')));
  });

  it('refuses the refresh grant of a tenant that expired with time or was disabled in the database', async () => {
    const row = await newTenant();
    const setTenant = (change: { expireTime?: Date | null; status?: number }) =>
      suite.server.ctx.db.updateTable('blade_tenant').set(change).where('id', '=', row.id).execute();
    const user = await signInTenantAdmin(row.tenantId);
    await setTenant({ expireTime: new Date(Date.now() - 1000) });
    expect(await failure(user, user.refresh())).toEqual(bad(zh('tenantExpired')));
    await setTenant({ expireTime: null });
    const other = await signInTenantAdmin(row.tenantId);
    await setTenant({ status: 0 });
    expect(await failure(other, other.refresh())).toEqual(bad(zh('tenantDisabled')));
  });
});

describe('info?domain (public)', () => {
  it('names the tenant bound to a domain, without a token, or answers an empty object', async () => {
    const row = await newTenant({ domain: 'https://plant.steel.test', backgroundUrl: 'https://cdn.steel.test/bg.png' });
    const anonymous = suite.server.client();
    const expected = { tenantId: row.tenantId, tenantName: row.tenantName, backgroundUrl: 'https://cdn.steel.test/bg.png' };
    expect(await anonymous.system.tenant.info({ domain: 'https://plant.steel.test' })).toEqual(expected);
    expect(await anonymous.system.tenant.info({ domain: ' HTTPS://PLANT.steel.test/ ' })).toEqual(expected);
    expect(await anonymous.system.tenant.info({ domain: 'https://nowhere.test' })).toEqual({});
    expect(await anonymous.system.tenant.info({ domain: '' })).toEqual({});
    expect(await anonymous.system.tenant.info()).toEqual({});
    await api().remove(row.id);
    expect(await anonymous.system.tenant.info({ domain: 'https://plant.steel.test' })).toEqual({});
  });
});

describe('package-detail and package-setting', () => {
  const roleMenus = async (roleId: string) =>
    (await suite.server.ctx.db.selectFrom('blade_role_menu').select('menuId').where('roleId', '=', roleId).execute())
      .map((r) => r.menuId)
      .sort();
  const adminRole = async (tenantId: string) =>
    (
      await suite.server.ctx.db
        .selectFrom('blade_role')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('roleAlias', '=', ADMINISTRATOR_ROLE)
        .executeTakeFirstOrThrow()
    ).id;

  it('sets, reads and clears the package, bringing the tenant roles within it', async () => {
    const row = await newTenant();
    const inPackage = await menuIds(suite.server, ['param', 'param_view', 'dict']);
    const pkg = await suite.admin.system.tenantPackage.submit({ packageName: '基础包', menuId: [...inPackage.values()].join(',') });
    const clerk = await createRole(suite.server, { tenantId: row.tenantId, alias: 'clerk', menuCodes: ['param', 'user'] });
    expect(await api().packageDetail({ tenantId: row.tenantId })).toBeNull();

    expect(await api().packageSetting(undefined, { tenantId: row.tenantId, packageId: pkg.id })).toBe(true);
    expect(await api().packageDetail({ tenantId: row.tenantId })).toEqual({
      id: pkg.id,
      packageName: '基础包',
      menuId: pkg.menuId,
      remark: null,
    });
    expect(await roleMenus(await adminRole(row.tenantId))).toEqual([...inPackage.values()].sort());
    expect(await roleMenus(clerk)).toEqual([inPackage.get('param')]);

    expect(await api().packageSetting(undefined, { tenantId: row.tenantId, packageId: '' })).toBe(true);
    expect(await api().packageDetail({ tenantId: row.tenantId })).toBeNull();
    const menus = await suite.server.ctx.db.selectFrom('blade_menu').select('id').where('isDeleted', '=', 0).execute();
    expect(await roleMenus(await adminRole(row.tenantId))).toEqual(menus.map((m) => m.id).sort());
  });

  it('refuses an unknown tenant or package, a malformed id and the platform tenant', async () => {
    const row = await newTenant();
    const before = await snapshot();
    const setting = (query: Record<string, string>) => suite.admin.call('POST', '/api/blade-system/tenant/package-setting', query);
    expect(await failure(suite.admin, setting({ tenantId: row.tenantId, packageId: '1' }))).toEqual(bad('产品包不存在'));
    expect(await failure(suite.admin, setting({ tenantId: row.tenantId, packageId: 'x' }))).toEqual(bad(zh('badId')));
    expect(await failure(suite.admin, setting({ tenantId: '999999x', packageId: '' }))).toEqual(bad('租户不存在'));
    expect(await failure(suite.admin, setting({ packageId: '' }))).toEqual(bad(t.chooseTenant));
    expect(await failure(suite.admin, setting({ tenantId: DEFAULT_TENANT_ID, packageId: '' }))).toEqual(bad('平台租户不可设置产品包'));
    expect(await failure(suite.admin, api().packageDetail({ tenantId: '999999x' }))).toEqual(bad('租户不存在'));
    expect(await snapshot()).toEqual(before);
  });
});

describe('datasource', () => {
  it('binds an existing data source to a tenant and clears it', async () => {
    const row = await newTenant();
    const source = await suite.admin.system.datasource.submit({
      name: '租户库',
      driverClass: 'org.postgresql.Driver',
      url: 'jdbc:postgresql://127.0.0.1:5432/tenant',
      username: 'postgres',
    });
    expect(await api().datasource(undefined, { tenantId: row.tenantId, datasourceId: source.id })).toBe(true);
    expect((await stored(row.id)).datasourceId).toBe(source.id);
    const before = await snapshot();
    const bind = (query: Record<string, string>) => suite.admin.call('POST', '/api/blade-system/tenant/datasource', query);
    expect(await failure(suite.admin, bind({ tenantId: row.tenantId, datasourceId: '1' }))).toEqual(bad('数据源不存在'));
    expect(await failure(suite.admin, bind({ tenantId: row.tenantId, datasourceId: 'abc' }))).toEqual(bad(zh('badId')));
    expect(await failure(suite.admin, bind({ tenantId: '999999x', datasourceId: source.id }))).toEqual(bad('租户不存在'));
    expect(await failure(suite.admin, bind({ datasourceId: source.id }))).toEqual(bad(t.chooseTenant));
    expect(await snapshot()).toEqual(before);
    expect(await api().datasource(undefined, { tenantId: row.tenantId, datasourceId: '' })).toBe(true);
    expect((await stored(row.id)).datasourceId).toBe('');
  });
});
