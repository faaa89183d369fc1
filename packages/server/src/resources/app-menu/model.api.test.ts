import { appAuthzMessages as m } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { bad, createTenantWithAdmin, failure, type TestUser, tableSnapshot, useTestServer } from '../../api-suite.testkit.js';
import { appAuthzKit } from '../user-authorized/app-authz.testkit.js';

/** The model of one application: menus as a tree, functions under menus, roles and what they hold; each tenant sees only its own. */
const suite = useTestServer();
const kit = appAuthzKit(suite);
type Row = Record<string, unknown>;
let app: { id: string };
let other: { id: string };
let root: string;
let child: string;
let button: string;
let stranger: TestUser;

beforeAll(async () => {
  app = await kit.app();
  other = await kit.app();
  root = await kit.menu(app.id, 'sales', { sort: 2 });
  child = await kit.menu(app.id, 'sales_orders', { parentId: root });
  button = await kit.menu(app.id, 'sales_orders_add', { parentId: child, category: 2 });
  await kit.menu(app.id, 'home', { sort: 1 });
  stranger = await createTenantWithAdmin(suite.server, '864200');
});

describe('appmenu', () => {
  it('answers lazy-list level by level, menu-list without buttons and tree with every node, per application', async () => {
    const top = (await kit.call('GET', 'blade-aps/appmenu/lazy-list', { appId: app.id, parentId: '0' })) as Row[];
    expect(top.map((n) => [n.code, n.hasChildren, n.parentName])).toEqual([
      ['home', false, '顶级'],
      ['sales', true, '顶级'],
    ]);
    const below = (await kit.call('GET', 'blade-aps/appmenu/lazy-list', { appId: app.id, parentId: root })) as Row[];
    expect(below.map((n) => n.code)).toEqual(['sales_orders']);
    const menus = (await kit.call('GET', 'blade-aps/appmenu/menu-list', { appId: app.id })) as Row[];
    expect(JSON.stringify(menus)).not.toContain('sales_orders_add');
    const tree = (await kit.call('GET', 'blade-aps/appmenu/tree', { appId: app.id })) as Row[];
    expect(tree.map((n) => n.title)).toEqual(['菜单home', '菜单sales']);
    const sales = tree[1] as { children: { children: Row[] }[] };
    expect(sales.children[0]?.children[0]).toMatchObject({ id: button, key: button, value: button, title: '菜单sales_orders_add' });
    expect(await kit.call('GET', 'blade-aps/appmenu/tree', { appId: other.id })).toEqual([]);
  });

  it('refuses a parent of another application, a cycle, a taken code and removing a parent, changing nothing', async () => {
    const before = await tableSnapshot(suite.server, 'blade_app_menu');
    expect(await failure(suite.admin, kit.menu(other.id, 'x', { parentId: root }))).toEqual(bad(m.menuOtherApp));
    expect(await failure(suite.admin, kit.call('POST', 'blade-aps/appmenu/submit', undefined, { id: root, parentId: button }))).toEqual(
      bad(m.menuCycle),
    );
    expect(await failure(suite.admin, kit.menu(app.id, 'sales'))).toEqual(bad(m.menuCodeTaken));
    expect(await failure(suite.admin, kit.menu(app.id, 'bad code'))).toEqual(bad(m.menuCodeFormat));
    expect(await failure(suite.admin, kit.menu('123', 'orphan'))).toEqual(bad(m.appMissing));
    expect(await failure(suite.admin, kit.call('POST', 'blade-aps/appmenu/remove', { ids: root }))).toEqual(bad(m.menuHasChildren));
    expect(await tableSnapshot(suite.server, 'blade_app_menu')).toEqual(before);
  });

  it('shows another tenant none of these menus, and refuses it the application', async () => {
    const page = (await stranger.sdk.call('GET', '/api/blade-aps/appmenu/list', { appId: app.id })) as { total: number };
    expect(page.total).toBe(0);
    expect(await failure(stranger.sdk, stranger.sdk.call('GET', '/api/blade-aps/appmenu/tree', { appId: app.id }))).toEqual(
      bad(m.appMissing),
    );
    const roles = (await stranger.sdk.call('GET', '/api/blade-aps/approle/page', { appId: app.id })) as { total: number };
    expect(roles.total).toBe(0);
  });
});

describe('functions and roles', () => {
  it('keeps a function under a menu of its own application, and a role code unique in it', async () => {
    expect(await failure(suite.admin, kit.fn(other.id, child, 'x:y'))).toEqual(bad(m.menuOtherApp));
    const fn = await kit.fn(app.id, child, 'orders:export');
    expect(await failure(suite.admin, kit.fn(app.id, child, 'orders:export'))).toEqual(bad(m.functionCodeTaken));
    const role = (await kit.call('POST', 'blade-aps/approle/submit', undefined, {
      appId: app.id,
      roleName: '销售',
      roleAlias: 'seller',
    })) as Row;
    expect(role).toMatchObject({ appId: app.id, roleName: '销售', roleAlias: 'seller', appName: expect.any(String) });
    expect(
      await failure(
        suite.admin,
        kit.call('POST', 'blade-aps/approle/submit', undefined, { appId: app.id, roleName: '再来', roleAlias: 'seller' }),
      ),
    ).toEqual(bad(m.roleAliasTaken));
    const page = (await kit.call('GET', 'blade-aps/approle/page', { appId: app.id })) as { records: Row[] };
    expect(page.records.map((r) => r.roleAlias)).toEqual(['seller']);

    await kit.call('POST', 'blade-aps/approlefunction/grant', { appRoleId: String(role.id), functionIds: fn });
    expect(await kit.call('GET', 'blade-aps/approlefunction/getRoleFuncList', { appRoleId: String(role.id) })).toEqual([fn]);
    const otherMenu = await kit.menu(other.id, 'elsewhere');
    expect(
      await failure(
        suite.admin,
        kit.call('POST', 'blade-aps/approlemenu/grant', undefined, { appRoleId: String(role.id), menuIds: otherMenu }),
      ),
    ).toEqual(bad(m.roleOtherApp));
    // A function held by a role, or a role granted to a user, is not removed.
    expect(await failure(suite.admin, kit.call('POST', 'blade-aps/appmenufunction/remove', { ids: fn }))).toEqual(bad(m.menuInUse));
  });
});
