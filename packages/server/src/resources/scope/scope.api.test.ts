import { scopeMessages, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUserWithRole,
  FORBIDDEN,
  failure,
  menuIds,
  type TestUser,
  tableSnapshot,
  trackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';
import { scopeRuleMessages as rule } from './rules.js';

/** Data scopes and API scopes: platform-wide rows with checked menus, types, columns and custom values. */
const suite = useTestServer();
let tenantS: TestUser;
let postMenu: string;

beforeAll(async () => {
  tenantS = await createTenantWithAdmin(suite.server, '600001');
  postMenu = (await menuIds(suite.server, ['post'])).get('post')!;
});

describe('data-scope', () => {
  const snapshot = () => tableSnapshot(suite.server, 'blade_scope_data');
  const valid = () => ({ menuId: postMenu, resourceCode: 'post', scopeName: '本人可见', scopeColumn: 'create_user', scopeType: 2 });

  it('adds, lists, updates and removes a data scope', async () => {
    const row = await suite.admin.system.dataScope.submit({
      ...valid(),
      scopeField: '*',
      scopeClass: 'org.springblade.Post',
      remark: '说明',
    });
    expect(row).toMatchObject({ ...valid(), scopeField: '*', scopeClass: 'org.springblade.Post', remark: '说明', tenantId: '000000' });
    expect((await suite.admin.system.dataScope.list({ menuId: postMenu })).records.map((r) => r.id)).toContain(row.id);
    expect(await suite.admin.system.dataScope.submit({ id: row.id, scopeColumn: '' })).toMatchObject({ scopeColumn: '', scopeType: 2 });
    expect(await suite.admin.system.dataScope.remove(row.id)).toBe(true);
    expect(await suite.admin.system.dataScope.detail(row.id)).toBeNull();
  });

  it('keeps a custom rule to a list of existing dept ids', async () => {
    const [root] = await suite.admin.system.dept.tree();
    const custom = await suite.admin.system.dataScope.submit({ ...valid(), scopeType: 5, scopeValue: ` ${root!.id}, ${root!.id}` });
    expect(custom.scopeValue).toBe(root!.id);
    const before = await snapshot();
    for (const scopeValue of [undefined, '', 'select 1', '1;drop table x', `${root!.id},`]) {
      const body = { ...valid(), scopeType: 5, scopeValue };
      expect(await failure(suite.admin, suite.admin.system.dataScope.submit(body)), String(scopeValue)).toEqual(bad(rule.customScopeValue));
    }
    expect(await failure(suite.admin, suite.admin.system.dataScope.submit({ ...valid(), scopeType: 5, scopeValue: '123456' }))).toEqual(
      bad(rule.customScopeDept),
    );
    const own = await suite.admin.system.dataScope.submit(valid());
    expect(await failure(suite.admin, suite.admin.system.dataScope.submit({ id: own.id, scopeType: 5 }))).toEqual(
      bad(rule.customScopeValue),
    );
    expect((await snapshot()).length).toBe(before.length + 1);
  });

  it.each([
    ['without menuId', { menuId: undefined }, scopeMessages.scopeMenu],
    ['with an empty menuId', { menuId: '' }, scopeMessages.scopeMenu],
    ['with a menu that does not exist', { menuId: '123456' }, zh('packageMenuMissing')],
    ['without resourceCode', { resourceCode: undefined }, scopeMessages.resourceCode],
    ['without scopeName', { scopeName: ' ' }, scopeMessages.scopeName],
    ['without scopeType', { scopeType: undefined }, scopeMessages.dataScopeType],
    ['with a scopeType outside data_scope_type', { scopeType: 6 }, scopeMessages.dataScopeType],
    ['with a scopeColumn that is SQL', { scopeColumn: 'create_user or 1=1' }, scopeMessages.scopeColumn],
    ['with a scopeColumn starting with a digit', { scopeColumn: '1abc' }, scopeMessages.scopeColumn],
  ])('refuses an insert %s', async (_name, change, msg) => {
    const before = await snapshot();
    const body = { ...valid(), ...change };
    expect(await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/data-scope/submit', undefined, body))).toEqual(bad(msg));
    expect(await snapshot()).toEqual(before);
  });

  it('answers in English with Accept-Language: en', async () => {
    const en = trackedClient(suite.server, { language: 'en' });
    await en.login({ username: 'admin', password: 'admin' });
    expect(await failure(en, en.system.dataScope.submit({ ...valid(), scopeColumn: 'a b' }))).toEqual(
      bad('The scope column may contain only letters, digits and underscores'),
    );
  });
});

describe('api-scope', () => {
  const snapshot = () => tableSnapshot(suite.server, 'blade_scope_api');
  const valid = () => ({
    menuId: postMenu,
    resourceCode: 'post_api',
    scopeName: '岗位接口',
    scopePath: '/api/blade-scope-test/**',
    scopeType: 1,
  });

  it('adds, updates and removes an API scope', async () => {
    const row = await suite.admin.system.apiScope.submit(valid());
    expect(row).toMatchObject(valid());
    expect(await suite.admin.system.apiScope.submit({ id: row.id, scopeType: '2', scopePath: '/api/blade-scope-test/*' })).toMatchObject({
      scopeType: 2,
      scopePath: '/api/blade-scope-test/*',
    });
    expect((await suite.admin.system.apiScope.list({ scopePath: 'scope-test' })).records.map((r) => r.id)).toEqual([row.id]);
    expect(await suite.admin.system.apiScope.remove(row.id)).toBe(true);
  });

  it.each([
    ['without menuId', { menuId: undefined }, scopeMessages.scopeMenu],
    ['with a menu that does not exist', { menuId: '123456' }, zh('packageMenuMissing')],
    ['without scopeName', { scopeName: '' }, scopeMessages.scopeName],
    ['without resourceCode', { resourceCode: '' }, scopeMessages.resourceCode],
    ['without scopePath', { scopePath: undefined }, scopeMessages.scopePath],
    ['with a relative scopePath', { scopePath: 'api/x' }, scopeMessages.scopePathFormat],
    ['with spaces in scopePath', { scopePath: '/api/a b' }, scopeMessages.scopePathFormat],
    ['without scopeType', { scopeType: undefined }, scopeMessages.apiScopeType],
    ['with a scopeType outside api_scope_type', { scopeType: 4 }, scopeMessages.apiScopeType],
  ])('refuses an insert %s', async (_name, change, msg) => {
    const before = await snapshot();
    const body = { ...valid(), ...change };
    expect(await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/api-scope/submit', undefined, body))).toEqual(bad(msg));
    expect(await snapshot()).toEqual(before);
  });
});

describe('scope access', () => {
  it("is platform-wide: another tenant's administrator reads scopes but may not write them", async () => {
    const data = await suite.admin.system.dataScope.submit({ menuId: postMenu, resourceCode: 'post', scopeName: '全部', scopeType: 1 });
    const sdk = tenantS.sdk;
    const before = [await tableSnapshot(suite.server, 'blade_scope_data'), await tableSnapshot(suite.server, 'blade_scope_api')];
    expect((await sdk.system.dataScope.detail(data.id)).scopeName).toBe('全部');
    expect(await failure(sdk, sdk.system.dataScope.submit({ id: data.id, scopeType: 2 }))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.dataScope.remove(data.id))).toEqual(FORBIDDEN);
    const api = { menuId: postMenu, resourceCode: 'x', scopeName: 'x', scopePath: '/api/x/**', scopeType: 1 };
    expect(await failure(sdk, sdk.system.apiScope.submit(api))).toEqual(FORBIDDEN);
    expect([await tableSnapshot(suite.server, 'blade_scope_data'), await tableSnapshot(suite.server, 'blade_scope_api')]).toEqual(before);
  });

  it('needs the screens and their buttons', async () => {
    const viewer = await createUserWithRole(suite.server, { account: 'scope_viewer', menuCodes: ['datascope', 'apiscope'] });
    const body = { menuId: postMenu, resourceCode: 'post', scopeName: '本人', scopeType: 2 };
    expect((await viewer.sdk.system.dataScope.list()).current).toBe(1);
    expect(await failure(viewer.sdk, viewer.sdk.system.dataScope.submit(body))).toEqual(FORBIDDEN);
    const noMenus = await createUserWithRole(suite.server, { account: 'scope_no_menus' });
    expect(await failure(noMenus.sdk, noMenus.sdk.system.dataScope.list())).toEqual(FORBIDDEN);
    expect(await failure(noMenus.sdk, noMenus.sdk.system.apiScope.list())).toEqual(FORBIDDEN);
  });
});
