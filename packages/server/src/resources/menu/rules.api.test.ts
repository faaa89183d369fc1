import { menuMessages as m } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUserWithRole,
  FORBIDDEN,
  failure,
  type TestUser,
  tableSnapshot,
  trackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';

/** Rules of menu submit and remove: parents, cycles, buttons, unique codes, and what a removal takes along. */
const suite = useTestServer();
let tenantB: TestUser;
let menuViewer: TestUser;

beforeAll(async () => {
  tenantB = await createTenantWithAdmin(suite.server, '100002');
  menuViewer = await createUserWithRole(suite.server, { account: 'menu_viewer', menuCodes: ['menu'] });
});

const api = () => suite.admin.system.menu;
const snapshot = () => tableSnapshot(suite.server, 'blade_menu');
let seq = 0;
const menu = (parentId: string, category: 1 | 2 = 1) => {
  seq += 1;
  return api().submit({ parentId, code: `test_rule_${seq}`, name: `规则${seq}`, sort: seq, category });
};

describe('menu submit', () => {
  it('refuses to move a menu under itself or its descendants, changing nothing', async () => {
    const root = await menu('0');
    const child = await menu(root.id);
    const grandchild = await menu(child.id);
    const before = await snapshot();
    for (const parentId of [root.id, child.id, grandchild.id]) {
      expect(await failure(suite.admin, api().submit({ id: root.id, parentId })), parentId).toEqual(bad(m.parentCycle));
    }
    expect(await failure(suite.admin, api().submit({ id: child.id, parentId: grandchild.id }))).toEqual(bad(m.parentCycle));
    expect(await snapshot()).toEqual(before);
    // Elsewhere is fine, and the subtree comes along.
    const other = await menu('0');
    expect(await api().submit({ id: child.id, parentId: other.id })).toMatchObject({ parentId: other.id });
    expect((await api().lazyList({ parentId: other.id })).map((n) => n.id)).toEqual([child.id]);
    expect((await api().lazyList({ parentId: child.id })).map((n) => n.id)).toEqual([grandchild.id]);
  });

  it('refuses a parent that does not exist or was removed', async () => {
    const gone = await menu('0');
    await api().remove(gone.id);
    const before = await snapshot();
    for (const parentId of ['123456789', gone.id]) {
      expect(await failure(suite.admin, api().submit({ parentId, code: 'test_orphan', name: '孤儿', sort: 1, category: 1 }))).toEqual(
        bad(m.parentMissing),
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps menus out from under buttons, and a menu with sub-menus from becoming a button', async () => {
    const screen = await menu('0');
    const button = await menu(screen.id, 2);
    const subMenu = await menu(screen.id);
    const before = await snapshot();
    expect(
      await failure(suite.admin, api().submit({ parentId: button.id, code: 'test_under_button', name: '按钮下', sort: 1, category: 1 })),
    ).toEqual(bad(m.menuUnderButton));
    expect(await failure(suite.admin, api().submit({ id: subMenu.id, parentId: button.id }))).toEqual(bad(m.menuUnderButton));
    expect(await failure(suite.admin, api().submit({ id: screen.id, category: 2 }))).toEqual(bad(m.buttonWithMenus));
    expect(await snapshot()).toEqual(before);
    // A button may hold buttons, and a menu holding only buttons may become one.
    const nested = await menu(button.id, 2);
    expect(nested.parentId).toBe(button.id);
    await api().remove(subMenu.id);
    expect(await api().submit({ id: screen.id, category: 2 })).toMatchObject({ category: 2 });
  });

  it('refuses a code already taken, on insert and on update', async () => {
    const a = await menu('0');
    const b = await menu('0');
    const before = await snapshot();
    expect(await failure(suite.admin, api().submit({ code: 'param', name: '重复', sort: 1, category: 1 }))).toEqual(bad(m.codeTaken));
    expect(await failure(suite.admin, api().submit({ id: b.id, code: a.code }))).toEqual(bad(m.codeTaken));
    expect(await snapshot()).toEqual(before);
    expect(await api().submit({ id: b.id, code: b.code, name: '同名保存' })).toMatchObject({ code: b.code, name: '同名保存' });
  });

  it('answers in English with Accept-Language: en', async () => {
    const en = trackedClient(suite.server, { language: 'en' });
    await en.login({ username: 'admin', password: 'admin' });
    const root = await menu('0');
    expect(await failure(en, en.system.menu.submit({ id: root.id, parentId: root.id }))).toEqual(
      bad('A menu cannot be placed under itself or its own sub-menus'),
    );
    expect(await failure(en, en.system.menu.submit({ code: 'param', name: 'x', sort: 1, category: 1 }))).toEqual(
      bad('The menu code already exists'),
    );
  });
});

describe('menu remove', () => {
  it('refuses a menu with children, unless they go with it', async () => {
    const parent = await menu('0');
    const child = await menu(parent.id);
    const before = await snapshot();
    expect(await failure(suite.admin, api().remove(parent.id))).toEqual(bad(m.hasChildren));
    expect(await snapshot()).toEqual(before);
    expect(await api().remove([parent.id, child.id])).toBe(true);
    expect(await api().detail(child.id)).toBeNull();
  });

  it('takes its role grants and top-menu settings along, and the holder loses it at once', async () => {
    const screen = await menu('0');
    const holder = await createUserWithRole(suite.server, { account: 'rule_holder', menuCodes: [screen.code] });
    const topMenuId = suite.server.ctx.ids.next();
    await suite.server.ctx.db
      .insertInto('blade_top_menu')
      .values({ id: topMenuId, code: 'test_rule_top', name: '规则', sort: 1 })
      .execute();
    await suite.server.ctx.db
      .insertInto('blade_top_menu_setting')
      .values({ id: suite.server.ctx.ids.next(), topMenuId, menuId: screen.id })
      .execute();
    expect((await holder.sdk.system.menu.routes()).map((n) => n.code)).toEqual([screen.code]);
    await api().remove(screen.id);
    const links = async (table: 'blade_role_menu' | 'blade_top_menu_setting') =>
      (await suite.server.ctx.db.selectFrom(table).select('id').where('menuId', '=', screen.id).execute()).length;
    expect(await links('blade_role_menu')).toBe(0);
    expect(await links('blade_top_menu_setting')).toBe(0);
    expect(await holder.sdk.system.menu.routes()).toEqual([]);
    expect(await holder.sdk.system.menu.topMenu()).toEqual([]);
  });
});

describe('who may change menus', () => {
  it('needs the buttons, and the platform tenant', async () => {
    const target = await menu('0');
    const before = await snapshot();
    const own = menuViewer.sdk.system.menu;
    expect(await failure(menuViewer.sdk, own.submit({ code: 'test_viewer', name: '查看者', sort: 1, category: 1 }))).toEqual(FORBIDDEN);
    expect(await failure(menuViewer.sdk, own.submit({ id: target.id, name: '改' }))).toEqual(FORBIDDEN);
    expect(await failure(menuViewer.sdk, own.remove(target.id))).toEqual(FORBIDDEN);
    const other = tenantB.sdk.system.menu;
    expect(await failure(tenantB.sdk, other.submit({ code: 'test_tenant_b', name: '租户', sort: 1, category: 1 }))).toEqual(FORBIDDEN);
    expect(await failure(tenantB.sdk, other.remove(target.id))).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(before);
  });
});
