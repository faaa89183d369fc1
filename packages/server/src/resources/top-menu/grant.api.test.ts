import { type MenuNode, menuMessages as m, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenant,
  createTenantWithAdmin,
  createUserWithRole,
  FORBIDDEN,
  failure,
  menuIds,
  type TestUser,
  tableSnapshot,
  useTestServer,
} from '../../api-suite.testkit.js';

/** Top menus: tenant-scoped CRUD, topmenu/grant, and what menu/top-menu and menu/routes?topMenuId make of it. */
const suite = useTestServer();
let tenantB: TestUser;
let ids: Map<string, string>;

beforeAll(async () => {
  tenantB = await createTenantWithAdmin(suite.server, '100002');
  ids = await menuIds(suite.server, [
    'system',
    'param',
    'param_view',
    'dict',
    'desk',
    'notice',
    'topmenu',
    'topmenu_add',
    'topmenu_setting',
  ]);
});

const api = () => suite.admin.system.topMenu;
const settings = () => tableSnapshot(suite.server, 'blade_top_menu_setting');
const idsOf = (...codes: string[]) => codes.map((c) => ids.get(c)!).join(',');
/** A tree reduced to codes, to compare shapes. */
const shape = (nodes: MenuNode[]): unknown[] => nodes.map((n) => (n.children ? { [n.code]: shape(n.children) } : n.code));

describe('top menu CRUD', () => {
  it('adds, lists, updates and removes, with its messages and a code unique per tenant', async () => {
    const row = await api().submit({ code: 'crud_top', name: '系统', source: 'iconfont icon-setting', path: '/system', sort: 2 });
    expect(row).toMatchObject({
      code: 'crud_top',
      name: '系统',
      source: 'iconfont icon-setting',
      path: '/system',
      sort: 2,
      tenantId: '000000',
    });
    expect((await api().list({ name: '系统' })).records.map((r) => r.id)).toEqual([row.id]);
    expect(await failure(suite.admin, api().submit({ code: 'crud_top', name: '重复', sort: 1 }))).toEqual(bad(m.topCodeTaken));
    for (const [body, msg] of [
      [{ name: '无编号', sort: 1 }, m.topCode],
      [{ code: 'x', sort: 1 }, m.topName],
      [{ code: 'x', name: '无排序' }, m.topSort],
    ] as const) {
      expect(await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/topmenu/submit', undefined, body))).toEqual(bad(msg));
    }
    // Another tenant has its own codes and cannot see or touch ours.
    expect((await tenantB.sdk.system.topMenu.submit({ code: 'crud_top', name: '租户', sort: 1 })).tenantId).toBe('100002');
    expect(await tenantB.sdk.system.topMenu.detail(row.id)).toBeNull();
    expect(await failure(tenantB.sdk, tenantB.sdk.system.topMenu.remove(row.id))).toEqual(bad(zh('recordMissing')));
    expect((await api().submit({ id: row.id, name: '系统管理' })).name).toBe('系统管理');
    await api().grant(undefined, { topMenuIds: row.id, menuIds: idsOf('param') });
    await api().remove(row.id);
    expect(await api().detail(row.id)).toBeNull();
    expect((await settings()).filter((s) => (s as { topMenuId: string }).topMenuId === row.id)).toEqual([]);
  });
});

describe('topmenu/grant', () => {
  it('replaces the menus of the chosen top menus, from the query or a JSON body', async () => {
    const a = await api().submit({ code: 'grant_a', name: '甲', sort: 1 });
    const b = await api().submit({ code: 'grant_b', name: '乙', sort: 2 });
    expect(await api().grant(undefined, { topMenuIds: `${a.id},${b.id}`, menuIds: idsOf('param', 'dict') })).toBe(true);
    const keys = async (id: string) => (await suite.admin.system.menu.topTreeKeys({ topMenuIds: id })).menu.sort();
    expect(await keys(a.id)).toEqual([ids.get('param'), ids.get('dict')].sort());
    expect(await keys(b.id)).toEqual(await keys(a.id));
    await api().grant({ topMenuIds: [a.id], menuIds: [ids.get('desk')!, ids.get('notice')!] });
    expect(await keys(a.id)).toEqual([ids.get('desk'), ids.get('notice')].sort());
    expect(await keys(b.id)).toEqual([ids.get('param'), ids.get('dict')].sort());
    // No menus at all clears them.
    await api().grant(undefined, { topMenuIds: b.id, menuIds: '' });
    expect(await keys(b.id)).toEqual([]);
  });

  it("refuses, changing nothing: no top menu, another tenant's, unknown menus, bad ids", async () => {
    const own = await api().submit({ code: 'grant_refused', name: '拒', sort: 3 });
    const theirs = await tenantB.sdk.system.topMenu.submit({ code: 'grant_theirs', name: '他', sort: 1 });
    const before = await settings();
    const cases: [Record<string, string>, string][] = [
      [{ menuIds: idsOf('param') }, m.topMenuChoose],
      [{ topMenuIds: '', menuIds: idsOf('param') }, m.topMenuChoose],
      [{ topMenuIds: theirs.id, menuIds: idsOf('param') }, m.topMenuMissing],
      [{ topMenuIds: `${own.id},123456`, menuIds: idsOf('param') }, m.topMenuMissing],
      [{ topMenuIds: own.id, menuIds: `${idsOf('param')},123456` }, m.menuMissing],
      [{ topMenuIds: own.id, menuIds: 'abc' }, zh('badIds')],
      [{ topMenuIds: 'x', menuIds: idsOf('param') }, zh('badIds')],
    ];
    for (const [query, msg] of cases)
      expect(await failure(suite.admin, api().grant(undefined, query)), JSON.stringify(query)).toEqual(bad(msg));
    expect(await settings()).toEqual(before);
  });

  it('keeps a packaged tenant within its package, and a non-administrator within their own menus', async () => {
    const packageId = suite.server.ctx.ids.next();
    await suite.server.ctx.db
      .insertInto('blade_tenant_package')
      .values({ id: packageId, packageName: '顶部包', menuId: idsOf('system', 'param', 'topmenu', 'topmenu_add', 'topmenu_setting') })
      .execute();
    await createTenant(suite.server, '400001');
    await suite.server.ctx.db.updateTable('blade_tenant').set({ packageId }).where('tenantId', '=', '400001').execute();
    const packaged = await createUserWithRole(suite.server, { tenantId: '400001', account: 'admin', administrator: true });
    const top = await packaged.sdk.system.topMenu.submit({ code: 'pkg_top', name: '包', sort: 1 });
    const before = await settings();
    expect(
      await failure(packaged.sdk, packaged.sdk.system.topMenu.grant(undefined, { topMenuIds: top.id, menuIds: idsOf('dict') })),
    ).toEqual(bad('所选菜单超出租户产品包范围'));
    const setter = await createUserWithRole(suite.server, { account: 'top_setter', menuCodes: ['topmenu', 'topmenu_setting', 'param'] });
    const mine = await api().submit({ code: 'setter_top', name: '设', sort: 9 });
    expect(await failure(setter.sdk, setter.sdk.system.topMenu.grant(undefined, { topMenuIds: mine.id, menuIds: idsOf('dict') }))).toEqual({
      ...FORBIDDEN,
      msg: m.beyondOwnGrants,
    });
    expect(await settings()).toEqual(before);
    expect(await packaged.sdk.system.topMenu.grant(undefined, { topMenuIds: top.id, menuIds: idsOf('param') })).toBe(true);
    expect(await setter.sdk.system.topMenu.grant(undefined, { topMenuIds: mine.id, menuIds: idsOf('param') })).toBe(true);
  });

  it('needs topmenu_setting', async () => {
    const viewer = await createUserWithRole(suite.server, { account: 'top_viewer', menuCodes: ['topmenu', 'topmenu_view'] });
    const top = await api().submit({ code: 'guarded_top', name: '守', sort: 1 });
    expect((await viewer.sdk.system.topMenu.list()).records.length).toBeGreaterThan(0);
    expect(await failure(viewer.sdk, viewer.sdk.system.topMenu.grant(undefined, { topMenuIds: top.id, menuIds: idsOf('param') }))).toEqual(
      FORBIDDEN,
    );
    const none = await createUserWithRole(suite.server, { account: 'top_none' });
    expect(await failure(none.sdk, none.sdk.system.topMenu.list())).toEqual(FORBIDDEN);
  });
});

describe('menu/top-menu and menu/routes?topMenuId with real grants', () => {
  it('show a user the top menus holding their menus, and narrow their routes to one', async () => {
    const work = await api().submit({ code: 'routes_work', name: '工作', sort: 1 });
    const settingsTop = await api().submit({ code: 'routes_system', name: '系统', sort: 2 });
    await api().grant(undefined, { topMenuIds: work.id, menuIds: idsOf('desk', 'notice') });
    await api().grant(undefined, { topMenuIds: settingsTop.id, menuIds: idsOf('system', 'param', 'dict') });
    const user = await createUserWithRole(suite.server, { account: 'routes_user', menuCodes: ['param', 'param_view', 'notice'] });
    expect(shape(await user.sdk.system.menu.routes())).toEqual([{ desk: ['notice'] }, { system: ['param'] }]);
    expect(shape(await user.sdk.system.menu.routes({ topMenuId: settingsTop.id }))).toEqual([{ system: ['param'] }]);
    expect(shape(await user.sdk.system.menu.routes({ topMenuId: work.id }))).toEqual([{ desk: ['notice'] }]);
    const tops = (await user.sdk.system.menu.topMenu()).map((t) => t.code);
    expect(tops).toEqual(expect.arrayContaining(['routes_work', 'routes_system']));
    // Taking dict and param off the system top menu leaves nothing of it for this user.
    await api().grant(undefined, { topMenuIds: settingsTop.id, menuIds: idsOf('dict') });
    expect(await user.sdk.system.menu.routes({ topMenuId: settingsTop.id })).toEqual([]);
    expect((await user.sdk.system.menu.topMenu()).map((t) => t.code)).not.toContain('routes_system');
    // Another tenant's top menu narrows nothing into view.
    const theirs = await tenantB.sdk.system.topMenu.submit({ code: 'routes_theirs', name: '他', sort: 1 });
    await tenantB.sdk.system.topMenu.grant(undefined, { topMenuIds: theirs.id, menuIds: idsOf('param') });
    expect(await user.sdk.system.menu.routes({ topMenuId: theirs.id })).toEqual([]);
  });
});
