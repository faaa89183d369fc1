import { type MenuNode, type MenuTreeNode, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUserWithRole,
  FORBIDDEN,
  failure,
  MENU_NODE_KEYS,
  menuIds,
  signInAdmin,
  type TestUser,
  useTestServer,
} from '../../api-suite.testkit.js';

/** The menu admin lists (lazy-list, lazy-menu-list, menu-list) and the select tree, with who may read them. */
const suite = useTestServer();
let menuViewer: TestUser;
let scopeEditor: TestUser;
let packageEditor: TestUser;
let noMenus: TestUser;

beforeAll(async () => {
  menuViewer = await createUserWithRole(suite.server, { account: 'menu_viewer', menuCodes: ['menu'] });
  scopeEditor = await createUserWithRole(suite.server, { account: 'scope_editor', menuCodes: ['datascope'] });
  packageEditor = await createUserWithRole(suite.server, { account: 'package_editor', menuCodes: ['tenantpackage'] });
  noMenus = await createUserWithRole(suite.server, { account: 'no_menus' });
});

/** The admin lists answer the menu's display names too, as BladeX's MenuVO. */
const NODE_KEYS = [...MENU_NODE_KEYS, 'actionName', 'categoryName', 'isOpenName', 'parentName'].sort();
const liveMenus = () => suite.server.ctx.db.selectFrom('blade_menu').selectAll().where('isDeleted', '=', 0).execute();
const bySort = (a: { sort: number; id: string }, b: { sort: number; id: string }) =>
  a.sort - b.sort || (BigInt(a.id) < BigInt(b.id) ? -1 : 1);

function flatten<T extends { children?: T[] }>(nodes: T[]): T[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
}

describe('lazy-list', () => {
  it('answers the children of a parent, sorted, each saying whether it has children', async () => {
    const menus = await liveMenus();
    const roots = await suite.admin.system.menu.lazyList({ parentId: '0' });
    const expected = menus.filter((m) => m.parentId === '0').sort(bySort);
    expect(roots.map((n) => n.id)).toEqual(expected.map((m) => m.id));
    for (const node of roots) {
      expect(Object.keys(node).sort()).toEqual(NODE_KEYS);
      expect(node.hasChildren).toBe(menus.some((m) => m.parentId === node.id));
    }
    const system = roots.find((n) => n.code === 'system')!;
    const children = await suite.admin.system.menu.lazyList({ parentId: system.id });
    expect(children.map((n) => n.code)).toEqual(
      menus
        .filter((m) => m.parentId === system.id)
        .sort(bySort)
        .map((m) => m.code),
    );
    const param = children.find((n) => n.code === 'param')!;
    expect(param).toMatchObject({ path: '/system/param', category: 1, hasChildren: true, parentId: system.id });
    expect((await suite.admin.system.menu.lazyList({ parentId: param.id })).map((n) => n.code)).toEqual([
      'param_add',
      'param_edit',
      'param_delete',
      'param_view',
    ]);
  });

  it('searches every level when no parent is named', async () => {
    const found = await suite.admin.system.menu.lazyList({ code: 'PARAM_' });
    expect(found.map((n) => n.code).sort()).toEqual(['param_add', 'param_delete', 'param_edit', 'param_view']);
    expect((await suite.admin.system.menu.lazyList({ name: '参数管理' })).map((n) => n.code)).toEqual(['param']);
    expect(await suite.admin.system.menu.lazyList({ parentId: '0', name: '参数管理' })).toEqual([]);
    expect(await suite.admin.system.menu.lazyList({ parentId: '123456789' })).toEqual([]);
  });

  it('refuses a malformed parent id', async () => {
    expect(await failure(suite.admin, suite.admin.system.menu.lazyList({ parentId: 'abc' }))).toEqual({
      status: 400,
      code: 400,
      msg: zh('badId'),
    });
  });
});

describe('lazy-menu-list and menu-list', () => {
  it('lazy-menu-list leaves buttons out, also when deciding hasChildren', async () => {
    const [system] = await suite.admin.system.menu.lazyMenuList({ code: 'system' });
    expect(system).toMatchObject({ code: 'system', hasChildren: true, category: 1 });
    const screens = await suite.admin.system.menu.lazyMenuList({ parentId: system!.id });
    expect(screens.length).toBeGreaterThan(5);
    expect(screens.every((n) => n.category === 1 && !n.hasChildren)).toBe(true);
    expect((await suite.admin.system.menu.lazyList({ parentId: system!.id })).find((n) => n.code === 'param')?.hasChildren).toBe(true);
    const param = screens.find((n) => n.code === 'param')!;
    expect(await suite.admin.system.menu.lazyMenuList({ parentId: param.id })).toEqual([]);
  });

  it('menu-list is every menu (category 1) as a tree, without buttons', async () => {
    const tree = await suite.admin.system.menu.menuList();
    const nodes = flatten<MenuNode>(tree);
    const menus = (await liveMenus()).filter((m) => m.category === 1);
    expect(new Set(nodes.map((n) => n.id))).toEqual(new Set(menus.map((m) => m.id)));
    expect(nodes).toHaveLength(menus.length);
    expect(tree.every((n) => n.parentId === '0')).toBe(true);
    for (const node of nodes) {
      for (const child of node.children ?? []) expect(child.parentId).toBe(node.id);
      const sorts = (node.children ?? []).map((c) => c.sort);
      expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
      expect(node.hasChildren).toBe(Boolean(node.children));
    }
    expect((await suite.admin.system.menu.menuList({ code: 'dictbiz' })).map((n) => n.code)).toEqual(['dictbiz']);
  });
});

describe('tree', () => {
  it('is every menu and button as title/key/value nodes', async () => {
    const tree = await suite.admin.system.menu.tree();
    const nodes = flatten<MenuTreeNode>(tree);
    const menus = await liveMenus();
    expect(nodes).toHaveLength(menus.length);
    const param = nodes.find((n) => n.title === '参数管理')!;
    const row = menus.find((m) => m.code === 'param')!;
    expect(param).toMatchObject({ id: row.id, key: row.id, value: row.id, parentId: row.parentId, hasChildren: true });
    expect(param.children!.map((c) => c.title)).toEqual(['新增', '修改', '删除', '查看']);
    expect(Object.keys(param.children![0]!).sort()).toEqual(['hasChildren', 'id', 'key', 'parentId', 'title', 'value']);
  });

  it('names menus and buttons by their English names to an English caller (the tenant package dialog)', async () => {
    const english = await signInAdmin(suite.server, { language: 'en' });
    const param = flatten<MenuTreeNode>(await english.system.menu.tree()).find((n) => n.title === 'Parameters');
    expect(param?.children?.map((c) => c.title)).toEqual(['Add', 'Edit', 'Delete', 'View']);
    const grantable = await english.system.menu.grantTree();
    expect(flatten<MenuTreeNode>(grantable.menu).map((n) => n.title)).toContain('Parameters');
    expect(flatten<MenuTreeNode>((await english.system.menu.grantTopTree()).menu).map((n) => n.title)).toContain('Parameters');
  });

  it("narrows to a tenant's package: its own callers, and the platform asking with tenantId", async () => {
    // The package holds the menu screen, so its administrator may read the tree at all.
    const ids = await menuIds(suite.server, ['system', 'menu', 'param', 'param_view']);
    const packageId = suite.server.ctx.ids.next();
    await suite.server.ctx.db
      .insertInto('blade_tenant_package')
      .values({ id: packageId, packageName: '参数包', menuId: [...ids.values()].join(',') })
      .execute();
    await createTenant(suite.server, '200001');
    await suite.server.ctx.db.updateTable('blade_tenant').set({ packageId }).where('tenantId', '=', '200001').execute();
    const packaged = await createUserWithRole(suite.server, { tenantId: '200001', account: 'admin', administrator: true });
    const expected = [{ title: '系统管理', children: [{ title: '菜单管理' }, { title: '参数管理', children: [{ title: '查看' }] }] }];
    const titles = (nodes: MenuTreeNode[]): unknown[] =>
      nodes.map((n) => (n.children ? { title: n.title, children: titles(n.children) } : { title: n.title }));
    expect(titles(await packaged.sdk.system.menu.tree())).toEqual(expected);
    // A tenant cannot look past its package by naming another tenant.
    expect(titles(await packaged.sdk.system.menu.tree({ tenantId: '000000' }))).toEqual(expected);
    expect(titles(await suite.admin.system.menu.tree({ tenantId: '200001' }))).toEqual(expected);
    expect(flatten(await suite.admin.system.menu.tree({ tenantId: '' }))).toHaveLength((await liveMenus()).length);
  });
});

describe('who may read the lists', () => {
  it('lazy-list needs the menu screen; the others also serve the data and API scope screens', async () => {
    expect((await menuViewer.sdk.system.menu.lazyList({ parentId: '0' })).length).toBeGreaterThan(0);
    expect((await menuViewer.sdk.system.menu.menuList()).length).toBeGreaterThan(0);
    expect((await scopeEditor.sdk.system.menu.lazyMenuList({ parentId: '0' })).length).toBeGreaterThan(0);
    expect((await scopeEditor.sdk.system.menu.menuList()).length).toBeGreaterThan(0);
    expect(await failure(scopeEditor.sdk, scopeEditor.sdk.system.menu.lazyList({ parentId: '0' }))).toEqual(FORBIDDEN);
    expect((await packageEditor.sdk.system.menu.tree()).length).toBeGreaterThan(0);
    expect(await failure(packageEditor.sdk, packageEditor.sdk.system.menu.menuList())).toEqual(FORBIDDEN);
  });

  it('answers 403 to a signed-in user without any of those screens, even for bad input', async () => {
    const menu = noMenus.sdk.system.menu;
    const calls = [
      () => menu.lazyList(),
      () => menu.lazyMenuList(),
      () => menu.lazyMenuList({ parentId: 'x' }),
      () => menu.menuList(),
      () => menu.tree(),
    ];
    for (const call of calls) expect(await failure(noMenus.sdk, call())).toEqual(FORBIDDEN);
  });
});
