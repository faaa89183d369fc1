import { type MenuNode, type MenuTreeNode, menuMessages as m, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createRole,
  createTenant,
  createTenantWithAdmin,
  createUserWithRole,
  FORBIDDEN,
  failure,
  menuIds,
  type TestUser,
  useTestServer,
} from '../../api-suite.testkit.js';

/** The grant dialogs: grant-tree and role-tree-keys (roles), grant-top-tree and top-tree-keys (top menus). */
const suite = useTestServer();
let tenantB: TestUser;
/** Administrator of a tenant whose package holds a few menus. */
let packaged: TestUser;
/** A platform user who may grant (role_grant, topmenu_setting) and holds only the param screen. */
let granter: TestUser;
let noMenus: TestUser;
let ids: Map<string, string>;

const PACKAGE = ['system', 'role', 'role_grant', 'topmenu', 'topmenu_setting', 'param', 'param_view'];
const GRANTER = ['role', 'role_grant', 'topmenu', 'topmenu_setting', 'param', 'param_view'];

beforeAll(async () => {
  tenantB = await createTenantWithAdmin(suite.server, '100002');
  ids = await menuIds(suite.server, [...new Set([...PACKAGE, 'dict', 'desk'])]);
  const packageId = suite.server.ctx.ids.next();
  await suite.server.ctx.db
    .insertInto('blade_tenant_package')
    .values({ id: packageId, packageName: '授权包', menuId: PACKAGE.map((c) => ids.get(c)).join(',') })
    .execute();
  await createTenant(suite.server, '300001');
  await suite.server.ctx.db.updateTable('blade_tenant').set({ packageId }).where('tenantId', '=', '300001').execute();
  packaged = await createUserWithRole(suite.server, { tenantId: '300001', account: 'admin', administrator: true });
  granter = await createUserWithRole(suite.server, { account: 'granter', menuCodes: GRANTER });
  noMenus = await createUserWithRole(suite.server, { account: 'no_menus' });
});

const liveMenus = () => suite.server.ctx.db.selectFrom('blade_menu').select(['id', 'category']).where('isDeleted', '=', 0).execute();
function flatten(nodes: MenuTreeNode[]): MenuTreeNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
}
const keysOf = (nodes: MenuTreeNode[]) => flatten(nodes).map((n) => n.key);
const idsOf = (codes: string[]) => codes.map((c) => ids.get(c)!);

describe('grant-tree', () => {
  it('offers the platform administrator every menu', async () => {
    const tree = await suite.admin.system.menu.grantTree();
    expect(new Set(keysOf(tree.menu))).toEqual(new Set((await liveMenus()).map((r) => r.id)));
    expect(tree).toMatchObject({ dataScope: [], apiScope: [] });
  });

  it("offers a packaged tenant's administrator exactly its package, nested as the menus are", async () => {
    const tree = await packaged.sdk.system.menu.grantTree();
    expect(new Set(keysOf(tree.menu))).toEqual(new Set(idsOf(PACKAGE)));
    // role sits under the authority group, which is not in the package: it shows as a root.
    expect(tree.menu.map((n) => n.title).sort()).toEqual(['系统管理', '角色管理'].sort());
    const system = tree.menu.find((n) => n.key === ids.get('system'))!;
    expect(system.children!.map((n) => n.title)).toEqual(['顶部菜单', '参数管理']);
  });

  it('offers anyone else only what their own roles hold', async () => {
    expect(new Set(keysOf((await granter.sdk.system.menu.grantTree()).menu))).toEqual(new Set(idsOf(GRANTER)));
  });

  it('lists data and API scopes under their menus, for holders only', async () => {
    const dataScopeId = suite.server.ctx.ids.next();
    const apiScopeId = suite.server.ctx.ids.next();
    await suite.server.ctx.db
      .insertInto('blade_scope_data')
      .values({ id: dataScopeId, menuId: ids.get('param')!, resourceCode: 'param', scopeName: '本人参数', scopeType: 2 })
      .execute();
    await suite.server.ctx.db
      .insertInto('blade_scope_api')
      .values({
        id: apiScopeId,
        menuId: ids.get('dict')!,
        resourceCode: 'dict',
        scopeName: '字典接口',
        scopePath: '/api/blade-system/dict/**',
        scopeType: 1,
      })
      .execute();
    const tree = await suite.admin.system.menu.grantTree();
    expect(tree.dataScope).toEqual([
      {
        id: ids.get('param'),
        parentId: ids.get('system'),
        title: '参数管理',
        key: ids.get('param'),
        value: ids.get('param'),
        hasChildren: true,
        children: [
          { id: dataScopeId, parentId: ids.get('param'), title: '本人参数', key: dataScopeId, value: dataScopeId, hasChildren: false },
        ],
      },
    ]);
    expect(keysOf(tree.apiScope)).toEqual([ids.get('dict'), apiScopeId]);
    // The packaged tenant's package has no dict: its API scope is not offered there.
    expect(keysOf((await packaged.sdk.system.menu.grantTree()).apiScope)).toEqual([]);
    expect(keysOf((await packaged.sdk.system.menu.grantTree()).dataScope)).toEqual([ids.get('param'), dataScopeId]);
    // A granter holding no scope is offered none.
    expect((await granter.sdk.system.menu.grantTree()).dataScope).toEqual([]);
    await suite.server.ctx.db.deleteFrom('blade_scope_data').where('id', '=', dataScopeId).execute();
    await suite.server.ctx.db.deleteFrom('blade_scope_api').where('id', '=', apiScopeId).execute();
  });
});

describe("a packaged tenant's own menus", () => {
  it('routes and buttons of its administrator stay within the package (plus the ancestors routes need)', async () => {
    const codes = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]);
    expect(codes(await packaged.sdk.system.menu.routes()).sort()).toEqual(['authority', 'param', 'role', 'system', 'topmenu']);
    const leaves = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => (n.children ? leaves(n.children) : [n.code]));
    expect(leaves(await packaged.sdk.system.menu.buttons()).sort()).toEqual(['param_view', 'role_grant', 'topmenu_setting']);
  });
});

describe('role-tree-keys', () => {
  it("answers the menus and scopes granted to roles of the caller's tenant", async () => {
    const roleA = await createRole(suite.server, { alias: 'keys_a', menuCodes: ['param', 'param_view'] });
    const roleB = await createRole(suite.server, { alias: 'keys_b', menuCodes: ['param', 'dict'] });
    const keys = await suite.admin.system.menu.roleTreeKeys({ roleIds: `${roleA},${roleB}` });
    expect(new Set(keys.menu)).toEqual(new Set(idsOf(['param', 'param_view', 'dict'])));
    expect(keys.menu).toHaveLength(3);
    expect(keys).toMatchObject({ dataScope: [], apiScope: [] });
    expect((await suite.admin.system.menu.roleTreeKeys({ roleIds: roleA })).menu.sort()).toEqual(idsOf(['param', 'param_view']).sort());
    expect(await suite.admin.system.menu.roleTreeKeys({ roleIds: await createRole(suite.server, { alias: 'keys_empty' }) })).toEqual({
      menu: [],
      dataScope: [],
      apiScope: [],
    });
  });

  it('refuses roles of another tenant, unknown roles and malformed or missing ids', async () => {
    expect(await failure(suite.admin, suite.admin.system.menu.roleTreeKeys({ roleIds: tenantB.roleId }))).toEqual(bad(m.roleMissing));
    expect(await failure(tenantB.sdk, tenantB.sdk.system.menu.roleTreeKeys({ roleIds: granter.roleId }))).toEqual(bad(m.roleMissing));
    expect(await failure(suite.admin, suite.admin.system.menu.roleTreeKeys({ roleIds: '123456' }))).toEqual(bad(m.roleMissing));
    expect(await failure(suite.admin, suite.admin.system.menu.roleTreeKeys({ roleIds: 'a,b' }))).toEqual(bad(zh('badIds')));
    expect(await failure(suite.admin, suite.admin.system.menu.roleTreeKeys({ roleIds: '' }))).toEqual(bad(zh('selectOne')));
    expect(await failure(suite.admin, suite.admin.call('GET', '/api/blade-system/menu/role-tree-keys'))).toEqual(bad(zh('selectOne')));
  });
});

describe('grant-top-tree and top-tree-keys', () => {
  it('offers the menus (no buttons) the caller may set on top menus', async () => {
    const all = await suite.admin.system.menu.grantTopTree();
    expect(new Set(keysOf(all.menu))).toEqual(new Set((await liveMenus()).filter((r) => r.category === 1).map((r) => r.id)));
    expect(new Set(keysOf((await packaged.sdk.system.menu.grantTopTree()).menu))).toEqual(
      new Set(idsOf(['system', 'role', 'topmenu', 'param'])),
    );
    expect(new Set(keysOf((await granter.sdk.system.menu.grantTopTree()).menu))).toEqual(new Set(idsOf(['role', 'topmenu', 'param'])));
  });

  it("answers the menus set on top menus of the caller's tenant, and refuses others'", async () => {
    const top = await suite.admin.system.topMenu.submit({ code: 'keys_top', name: '键', sort: 1 });
    await suite.admin.system.topMenu.grant(undefined, { topMenuIds: top.id, menuIds: idsOf(['param', 'desk']).join(',') });
    expect((await suite.admin.system.menu.topTreeKeys({ topMenuIds: top.id })).menu.sort()).toEqual(idsOf(['param', 'desk']).sort());
    expect(await failure(tenantB.sdk, tenantB.sdk.system.menu.topTreeKeys({ topMenuIds: top.id }))).toEqual(bad(m.topMenuMissing));
    expect(await failure(suite.admin, suite.admin.system.menu.topTreeKeys({ topMenuIds: '' }))).toEqual(bad(m.topMenuChoose));
  });
});

describe('who may open the grant dialogs', () => {
  it('needs role_grant or topmenu_setting', async () => {
    const viewer = await createUserWithRole(suite.server, { account: 'role_viewer', menuCodes: ['role', 'topmenu', 'menu'] });
    for (const sdk of [viewer.sdk, noMenus.sdk]) {
      const menu = sdk.system.menu;
      const calls = [
        () => menu.grantTree(),
        () => menu.roleTreeKeys({ roleIds: granter.roleId }),
        () => menu.grantTopTree(),
        () => menu.topTreeKeys({ topMenuIds: '1' }),
      ];
      for (const call of calls) expect(await failure(sdk, call())).toEqual(FORBIDDEN);
    }
  });
});
