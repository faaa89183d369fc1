import {
  ADMINISTRATOR_ROLE,
  DEFAULT_TENANT_ID,
  md5,
  PLATFORM_ROLE_ALIASES,
  tenantMessages as t,
  toBase64,
  tooLong,
  zh,
} from '@sso/shared-api';
import type { Selectable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUserWithRole,
  FORBIDDEN,
  failure,
  signIn,
  signInAdmin,
  type TestUser,
  tableSnapshot,
  trackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';
import type { Database } from '../../db/schema.js';
import { tenantRuleMessages } from './rules.js';

/** Tenants: creation with everything a tenant starts with, validation, and who may manage them. */
const suite = useTestServer();
/** Administrator of another tenant: holds every menu in its tenant, yet tenants are not its business. */
let outsider: TestUser;
/** A platform user who may only look at tenants. */
let viewer: TestUser;
let initPassword: string;

beforeAll(async () => {
  outsider = await createTenantWithAdmin(suite.server, '100009');
  viewer = await createUserWithRole(suite.server, { account: 'tenant_viewer', menuCodes: ['tenant', 'tenant_view'] });
  initPassword = (await suite.server.ctx.params.get('account.initPassword')) as string;
});

const api = () => suite.admin.system.tenant;
const TABLES = ['blade_tenant', 'blade_role', 'blade_dept', 'blade_post', 'blade_user', 'blade_role_menu'];
const snapshot = () => Promise.all(TABLES.map((table) => tableSnapshot(suite.server, table)));
const valid = { tenantName: '测试分公司', linkman: '张三' };
let serial = 0;
/** A new tenant; its row always carries the generated tenant id. */
const newTenant = async (over: Record<string, unknown> = {}) => {
  const row = await api().submit({ ...valid, tenantName: `分公司${++serial}`, ...over });
  return { ...row, tenantId: row.tenantId as string };
};

/** Live rows of a tenant in one of the tables a new tenant is provisioned in. */
const rowsOf = <T extends 'blade_role' | 'blade_dept' | 'blade_post' | 'blade_user'>(table: T, tenantId: string) =>
  suite.server.ctx.db
    .selectFrom(table as 'blade_role')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .execute() as Promise<Selectable<Database[T]>[]>;

describe('creating a tenant', () => {
  it('provisions the tenant, whose admin signs in with the initial password and sees only its own tenant', async () => {
    const row = await newTenant({
      tenantName: '宝钢分公司',
      linkman: '李四',
      contactNumber: '13800138000',
      domain: ' HTTPS://Bao.Example.com/ ',
    });
    expect(row.tenantId).toMatch(/^\d{6}$/);
    expect(row.tenantId).not.toBe(DEFAULT_TENANT_ID);
    // Defaults come from the tenant.default.* parameters; the domain is normalised.
    expect(row).toMatchObject({ tenantName: '宝钢分公司', linkman: '李四', accountNumber: -1, expireTime: '2099-12-31 23:59:59' });
    expect(row).toMatchObject({ domain: 'https://bao.example.com', status: 1, isDeleted: 0 });
    expect(await api().detail(row.id)).toEqual(row);

    const roles = await rowsOf('blade_role', row.tenantId);
    const depts = await rowsOf('blade_dept', row.tenantId);
    const posts = await rowsOf('blade_post', row.tenantId);
    const users = await rowsOf('blade_user', row.tenantId);
    // The administrator, then the three built-in administrators (三员分立).
    expect(roles.map((r) => r.roleAlias)).toEqual([ADMINISTRATOR_ROLE, ...PLATFORM_ROLE_ALIASES]);
    expect(depts.map((d) => [d.deptName, d.parentId])).toEqual([['宝钢分公司', '0']]);
    expect(posts.map((p) => p.postCode)).toEqual(['ceo']);
    expect(users.map((u) => [u.account, u.mustChangePassword, u.roleId, u.deptId])).toEqual([['admin', 1, roles[0]!.id, depts[0]!.id]]);
    const granted = await suite.server.ctx.db.selectFrom('blade_role_menu').select('menuId').where('roleId', '=', roles[0]!.id).execute();
    const menus = await suite.server.ctx.db.selectFrom('blade_menu').select('id').where('isDeleted', '=', 0).execute();
    expect(granted.map((g) => g.menuId).sort()).toEqual(menus.map((m) => m.id).sort());

    const tenantAdmin = trackedClient(suite.server, { tenantId: row.tenantId });
    const token = await tenantAdmin.login({ username: 'admin', password: initPassword, tenantId: row.tenantId });
    expect(token).toMatchObject({ tenant_id: row.tenantId, role_name: ADMINISTRATOR_ROLE, dept_id: depts[0]!.id, is_init_password: '否' });
    // Nothing but the password change until it is done; then the same session goes on.
    expect(await failure(tenantAdmin, tenantAdmin.system.dept.list())).toEqual({
      status: 403,
      code: 403,
      msg: zh('passwordChangeRequired'),
    });
    const chosen = 'Bao@2024new';
    await tenantAdmin.user.user.updatePassword({
      oldPassword: md5(initPassword),
      newPassword: md5(chosen),
      newPassword1: md5(chosen),
      passwordBase64: toBase64(chosen),
    });
    const ownDepts = await tenantAdmin.system.dept.list();
    expect(ownDepts.map((d) => [d.id, d.tenantId])).toEqual([[depts[0]!.id, row.tenantId]]);
    const ownRoles = await tenantAdmin.system.role.list();
    expect(ownRoles.map((r) => [r.id, r.children?.length ?? 0])).toEqual(roles.map((r) => [r.id, 0]));

    // Administrator of its own tenant, yet no tenant, client or data source management.
    expect(await failure(tenantAdmin, tenantAdmin.system.tenant.list())).toEqual(FORBIDDEN);
    expect(await failure(tenantAdmin, tenantAdmin.system.client.list())).toEqual(FORBIDDEN);
    expect(await failure(tenantAdmin, tenantAdmin.system.datasource.list())).toEqual(FORBIDDEN);
  });

  it('gives every tenant its own id', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await newTenant()).tenantId);
    expect(new Set(ids).size).toBe(5);
  });

  it('takes the quota and expiry given instead of the defaults, and a landline number', async () => {
    const row = await newTenant({ accountNumber: '20', expireTime: '2030-06-30 18:00', contactNumber: '021-12345678' });
    expect(row).toMatchObject({ accountNumber: 20, expireTime: '2030-06-30 18:00:00', contactNumber: '021-12345678' });
    // An empty date answers "", as BladeX's null-to-empty serialisation writes it.
    expect((await newTenant({ expireTime: null })).expireTime).toBe('');
  });

  const long = (n: number) => '长'.repeat(n);
  it.each([
    ['without tenantName', { tenantName: undefined }, t.tenantName],
    ['with a blank tenantName', { tenantName: '  ' }, t.tenantName],
    ['with a tenantName over 50 characters', { tenantName: long(51) }, tooLong(50).text],
    ['without linkman', { linkman: undefined }, t.linkman],
    ['with an empty linkman', { linkman: '' }, t.linkman],
    ['with a linkman over 20 characters', { linkman: long(21) }, tooLong(20).text],
    ['with a contact number of letters', { contactNumber: 'abc' }, t.contactNumber],
    ['with a 10-digit contact number', { contactNumber: '1380013800' }, t.contactNumber],
    ['with a quota below -1', { accountNumber: -2 }, t.accountNumber],
    ['with a fractional quota', { accountNumber: 1.5 }, t.accountNumber],
    ['with a quota that is no number', { accountNumber: 'many' }, t.accountNumber],
    ['with an impossible expiry date', { expireTime: '2024-02-30' }, t.expireTime],
    ['with an expiry that is no date', { expireTime: 'tomorrow' }, t.expireTime],
    ['with status 2', { status: 2 }, t.status],
    ['with a tenant id of its own', { tenantId: '123456' }, t.tenantIdFixed],
  ])('refuses an insert %s and changes nothing', async (_name, over, msg) => {
    const before = await snapshot();
    expect(
      await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/tenant/submit', undefined, { ...valid, ...over })),
    ).toEqual(bad(msg));
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a domain another live tenant holds, ignoring case and a trailing slash', async () => {
    const holder = await newTenant({ domain: 'http://sso.steel.test' });
    const before = await snapshot();
    expect(await failure(suite.admin, newTenant({ domain: 'HTTP://SSO.steel.test/' }))).toEqual(bad(t.domainTaken));
    expect(await snapshot()).toEqual(before);
    await api().remove(holder.id);
    expect((await newTenant({ domain: 'http://sso.steel.test' })).domain).toBe('http://sso.steel.test');
  });

  it('answers in English with Accept-Language: en', async () => {
    const en = await signInAdmin(suite.server, { language: 'en' });
    const submit = (body: unknown) => en.call('POST', '/api/blade-system/tenant/submit', undefined, body);
    expect(await failure(en, submit({ ...valid, tenantName: '' }))).toEqual(bad('Please enter the tenant name'));
    expect(await failure(en, submit({ ...valid, accountNumber: -3 }))).toEqual(
      bad('The account quota must be an integer of -1 (unlimited) or more'),
    );
  });
});

describe('changing and removing a tenant', () => {
  it('updates the fields sent, keeps the tenant id, and refuses another one', async () => {
    const row = await newTenant();
    const updated = await api().submit({ id: row.id, tenantId: row.tenantId, linkman: '王五', address: '上海市' });
    expect(updated).toMatchObject({ id: row.id, tenantId: row.tenantId, tenantName: row.tenantName, linkman: '王五', address: '上海市' });
    const before = await snapshot();
    expect(await failure(suite.admin, api().submit({ id: row.id, tenantId: '654321' }))).toEqual(bad(t.tenantIdFixed));
    expect(await failure(suite.admin, api().submit({ id: row.id, linkman: '' }))).toEqual(bad(t.linkman));
    expect(await snapshot()).toEqual(before);
  });

  it('never removes, disables or expires the platform tenant', async () => {
    const platform = (await api().list({ tenantId: DEFAULT_TENANT_ID })).records.find((r) => r.tenantId === DEFAULT_TENANT_ID)!;
    const before = await snapshot();
    const refused = bad(tenantRuleMessages.platformFixed);
    expect(await failure(suite.admin, api().remove(platform.id))).toEqual(refused);
    expect(await failure(suite.admin, api().submit({ id: platform.id, status: 0 }))).toEqual(refused);
    expect(await failure(suite.admin, api().submit({ id: platform.id, expireTime: '2020-01-01' }))).toEqual(refused);
    expect(await failure(suite.admin, api().setting(undefined, { ids: platform.id, accountNumber: 10, expireTime: '2020-01-01' }))).toEqual(
      refused,
    );
    expect(await snapshot()).toEqual(before);
    expect((await api().submit({ id: platform.id, tenantName: '钢铁集团管理组' })).tenantName).toBe('钢铁集团管理组');
  });

  it('removes a tenant with all-or-nothing ids, ending its sessions: its users cannot sign in', async () => {
    const row = await newTenant();
    const user = await signIn(suite.server, { account: 'admin', password: initPassword, tenantId: row.tenantId });
    const before = await snapshot();
    expect(await failure(suite.admin, api().remove([row.id, '1']))).toEqual(bad(zh('recordMissing')));
    expect(await snapshot()).toEqual(before);
    expect((await user.refresh()).tenant_id).toBe(row.tenantId);
    expect(await api().remove(row.id)).toBe(true);
    expect(await api().detail(row.id)).toBeNull();
    const again = trackedClient(suite.server);
    const refused = bad(zh('tenantMissing'));
    expect(await failure(again, again.login({ username: 'admin', password: initPassword, tenantId: row.tenantId }))).toEqual(refused);
    expect(await failure(user, user.refresh())).toEqual(bad(zh('badRefresh')));
  });
});

describe('who manages tenants', () => {
  it('keeps every tenant route from other tenants, even from their administrator', async () => {
    const sdk = outsider.sdk;
    const own = sdk.system.tenant;
    const target = (await api().list({ tenantId: outsider.tenantId })).records[0]!;
    const before = await snapshot();
    expect(await failure(sdk, own.list())).toEqual(FORBIDDEN);
    expect(await failure(sdk, own.page())).toEqual(FORBIDDEN);
    expect(await failure(sdk, own.detail(target.id))).toEqual(FORBIDDEN);
    expect(await failure(sdk, own.submit(valid))).toEqual(FORBIDDEN);
    expect(await failure(sdk, own.submit({ id: target.id, accountNumber: 100 }))).toEqual(FORBIDDEN);
    expect(await failure(sdk, own.remove(target.id))).toEqual(FORBIDDEN);
    expect(await failure(sdk, own.setting(undefined, { ids: target.id, accountNumber: 100 }))).toEqual(FORBIDDEN);
    expect(await failure(sdk, own.packageDetail({ tenantId: outsider.tenantId }))).toEqual(FORBIDDEN);
    expect(await failure(sdk, own.packageSetting(undefined, { tenantId: outsider.tenantId, packageId: '' }))).toEqual(FORBIDDEN);
    expect(await failure(sdk, own.datasource(undefined, { tenantId: outsider.tenantId, datasourceId: '' }))).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(before);
  });

  it('lets a platform user holding only the screen look but not change', async () => {
    const sdk = viewer.sdk;
    expect((await sdk.system.tenant.list({ tenantId: DEFAULT_TENANT_ID })).total).toBe(1);
    const before = await snapshot();
    expect(await failure(sdk, sdk.system.tenant.submit(valid))).toEqual(FORBIDDEN);
    const target = (await sdk.system.tenant.list({ tenantId: outsider.tenantId })).records[0]!;
    expect(await failure(sdk, sdk.system.tenant.remove(target.id))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.tenant.setting(undefined, { ids: target.id, accountNumber: 1 }))).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(before);
  });
});
