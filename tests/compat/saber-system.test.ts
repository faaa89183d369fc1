import { describe, expect, it } from 'vitest';
import { expectFields, expectNames, flatten, type Page, type Row, useSaberSession } from './saber-client.testkit.js';

/**
 * The system screens of Saber 2.8.1 / 2.9.0 (views/system/*.vue, api/system/*.js) as they call this
 * server: what each loads, what its dialogs fill their pickers with, what it saves, and the fields
 * its tables and forms read. `expectNames` marks the display names beside ids.
 */
const session = useSaberSession();
const get = <T = Row[]>(url: string, params?: Record<string, unknown>) => session.saber.get<T>(url, params);
const post = <T = unknown>(url: string, options?: { params?: Record<string, unknown>; data?: unknown }) =>
  session.saber.post<T>(url, options);

/** The pickers of the user, dept, post and role forms (dicUrl) and the dictionaries they read. */
async function pickers() {
  const tenants = await get('/api/blade-system/tenant/select');
  expectFields(tenants, ['tenantName', 'tenantId']);
  return tenants;
}

describe('user (views/system/user.vue)', () => {
  it('loads the list beside the lazy dept tree, with the columns and search pickers it shows', async () => {
    const depts = await get('/api/blade-system/dept/lazy-tree', { parentId: 0 });
    expectFields(depts, ['id', 'title', 'value', 'hasChildren']);
    const page = await get<Page>('/api/blade-user/page', { current: 1, size: 10, deptId: '' });
    expect(page.total).toBeGreaterThan(0);
    expectFields(page.records, ['id', 'account', 'realName']);
    expectNames(page.records, ['tenantName', 'roleName', 'deptName', 'userTypeName']);
    expectFields(await get('/api/blade-system/dict/dictionary', { code: 'user_type' }), ['dictValue', 'dictKey']);
    const inDept = await get<Page>('/api/blade-user/page', { current: 1, size: 10, deptId: depts[0]!.id });
    expect(inDept.records.length).toBeGreaterThan(0);
  });

  it('adds a user through the form, opens it for editing (ids split on ",") and saves the edit', async () => {
    await pickers();
    await post('/api/blade-system/post/submit', {
      data: { tenantId: '000000', category: 1, postCode: 'ceo', postName: '总经理', sort: 1 },
    });
    const roles = await get('/api/blade-system/role/tree', { tenantId: '000000' });
    const depts = await get('/api/blade-system/dept/tree', { tenantId: '000000' });
    const posts = await get('/api/blade-system/post/select', { tenantId: '000000' });
    expectFields(roles, ['id', 'title']);
    expectFields(depts, ['id', 'title']);
    expectFields(posts, ['id', 'postName']);
    // rowSave joins the tree pickers' arrays with ","; password2 repeats the password.
    const form = {
      tenantId: '000000',
      account: 'saber_user',
      userType: 1,
      password: 'Saber@2024',
      password2: 'Saber@2024',
      name: '小萨',
      realName: '萨伯',
      phone: '13800000000',
      email: 'saber@example.com',
      sex: 1,
      birthday: '1990-01-01 00:00:00',
      code: 'S001',
      roleId: [roles[0]!.id].join(','),
      deptId: [depts[0]!.id].join(','),
      postId: [posts[0]!.id].join(','),
    };
    await post('/api/blade-user/submit', { data: form });
    const listed = (await get<Page>('/api/blade-user/page', { current: 1, size: 10, account: 'saber_user' })).records;
    expect(listed.map((r) => r.account)).toEqual(['saber_user']);
    const id = listed[0]!.id as string;

    // beforeOpen: detail, then deptId/roleId/postId.split(",") for the tree pickers.
    const detail = await get<Row>('/api/blade-user/detail', { id });
    for (const field of ['deptId', 'roleId', 'postId'] as const) expect(typeof detail[field]).toBe('string');
    expect((detail.postId as string).split(',')).toEqual([posts[0]!.id]);
    expect((detail.roleId as string).split(',')).toEqual([roles[0]!.id]);
    expectFields([detail], ['account', 'name', 'realName', 'phone', 'email', 'sex', 'birthday', 'code', 'userType', 'tenantId']);

    // rowUpdate sends the whole form back (arrays joined again) to update.
    const edited = { ...detail, realName: '萨伯二', postId: '', deptId: (detail.deptId as string).split(',').join(',') };
    await post('/api/blade-user/update', { data: edited });
    const after = await get<Row>('/api/blade-user/detail', { id });
    expect(after).toMatchObject({ realName: '萨伯二', account: 'saber_user' });
    // A user without a post still opens: postId is text, never null.
    expect(typeof after.postId).toBe('string');
    expect((after.postId as string).split(',')).toBeInstanceOf(Array);
  });

  it('opens the role dialog, grants, resets the password, and opens the platform dialog', async () => {
    const id = (await get<Page>('/api/blade-user/page', { current: 1, size: 10, account: 'saber_user' })).records[0]!.id as string;
    const roles = await get('/api/blade-system/role/tree', { tenantId: '000000' });
    // Every role but two of the three administrators (nobody may hold two of them).
    const separated = new Set(['安全管理员', '审计管理员']);
    const granted = roles.filter((r) => !separated.has(String(r.title)));
    await post('/api/blade-user/grant', { params: { userIds: id, roleIds: granted.map((r) => r.id).join(',') } });
    await post('/api/blade-user/reset-password', { params: { userIds: id } });
    await post('/api/blade-user/unlock', { params: { userIds: id } });
    const platform = await get<Page>('/api/blade-user/page', { current: 1, size: 10, account: 'saber_user' });
    expectNames(platform.records, ['tenantName', 'userTypeName']);
    const detail = await get<Row>('/api/blade-user/platform-detail', { id });
    expectFields([detail], ['id', 'userType']);
    await post('/api/blade-user/update-platform', { params: { userId: id, userType: 1, userExt: '{"k":1}' } });
  });

  it('downloads the import template and the export in a new window, the token in the address', async () => {
    const { baseUrl } = session.saber.server;
    const token = session.saber.token;
    // handleTemplate / handleExport: window.open with Blade-Auth=<token>; unset search fields arrive as "undefined".
    const template = await fetch(`${baseUrl}/api/blade-user/export-template?Blade-Auth=${token}`);
    expect(template.status).toBe(200);
    expect(template.headers.get('content-type')).toContain('spreadsheetml');
    const exported = await fetch(`${baseUrl}/api/blade-user/export-user?Blade-Auth=${token}&account=saber_user&realName=undefined`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
  });
});

describe('dept (views/system/dept.vue)', () => {
  it('loads the lazy list with its pickers, adds a child and opens it', async () => {
    await pickers();
    const roots = await get('/api/blade-system/dept/lazy-list', { parentId: 0 });
    expectFields(roots, ['id', 'tenantId', 'deptName', 'fullName', 'sort', 'hasChildren']);
    expectNames(roots, ['deptCategoryName']);
    expectFields(await get('/api/blade-system/dict/dictionary', { code: 'org_category' }), ['dictValue', 'dictKey']);
    expectFields(await get('/api/blade-system/dept/tree', { tenantId: '000000' }), ['id', 'title', 'value']);
    await post('/api/blade-system/dept/submit', {
      data: { tenantId: '000000', parentId: roots[0]!.id, deptName: '萨伯部', fullName: '萨伯部全称', deptCategory: 1, sort: 9 },
    });
    const children = await get('/api/blade-system/dept/lazy-list', { parentId: roots[0]!.id });
    const added = children.find((d) => d.deptName === '萨伯部')!;
    expect(added).toBeDefined();
    expectNames([added], ['deptCategoryName', 'parentName']);
    expect(await get<Row>('/api/blade-system/dept/detail', { id: added.id })).toMatchObject({ deptName: '萨伯部' });
  });
});

describe('post (views/system/post.vue)', () => {
  it('loads the list with the tenant and category pickers and adds a post', async () => {
    await pickers();
    expectFields(await get('/api/blade-system/dict/dictionary', { code: 'post_category' }), ['dictValue', 'dictKey']);
    await post('/api/blade-system/post/submit', {
      data: { tenantId: '000000', category: 1, postCode: 'saber', postName: '萨伯岗', sort: 1 },
    });
    const page = await get<Page>('/api/blade-system/post/list', { current: 1, size: 10 });
    expectFields(page.records, ['id', 'tenantId', 'postCode', 'postName', 'sort', 'category']);
    expectNames(page.records, ['categoryName']);
  });
});

describe('role (views/authority/role.vue)', () => {
  it('loads the tree list, opens the form and the grant dialog with its trees and checked keys, and grants', async () => {
    await pickers();
    const roles = await get('/api/blade-system/role/list', { current: 1, size: 10 });
    expectFields(flatten(roles), ['id', 'roleName', 'roleAlias', 'sort', 'tenantId']);
    expectNames(flatten(roles), ['parentName']);
    // The parent picker of a new role: every role (editing one leaves it and its descendants out).
    expectFields(await get('/api/blade-system/role/tree-by-id', { roleId: '' }), ['id', 'title']);
    const trees = await get<Record<'menu' | 'dataScope' | 'apiScope', Row[]>>('/api/blade-system/menu/grant-tree');
    expectFields(trees.menu, ['id', 'title', 'key']);
    expect(Array.isArray(trees.dataScope) && Array.isArray(trees.apiScope)).toBe(true);
    const admin = roles.find((r) => r.roleAlias === 'administrator')!;
    const keys = await get<Record<'menu' | 'dataScope' | 'apiScope', string[]>>('/api/blade-system/menu/role-tree-keys', {
      roleIds: admin.id,
    });
    expect(keys.menu.length).toBeGreaterThan(0);
    await post('/api/blade-system/role/submit', {
      data: { tenantId: '000000', roleName: '萨伯角色', roleAlias: 'saber', sort: 5, parentId: '' },
    });
    const added = flatten(await get('/api/blade-system/role/list', { roleName: '萨伯角色' }))[0]!;
    const menuIds = flatten(trees.menu)
      .slice(0, 2)
      .map((m) => m.id);
    await post('/api/blade-system/role/grant', { data: { roleIds: [added.id], menuIds, dataScopeIds: [], apiScopeIds: [] } });
    const granted = await get<Record<'menu', string[]>>('/api/blade-system/menu/role-tree-keys', { roleIds: added.id });
    expect(granted.menu.sort()).toEqual([...menuIds].sort());
  });
});

describe('menu (views/system/menu.vue)', () => {
  it('loads the lazy list and its children, the parent picker and dictionaries, and adds a button', async () => {
    const roots = await get('/api/blade-system/menu/lazy-list', { parentId: 0 });
    expectFields(roots, ['id', 'name', 'path', 'source', 'code', 'category', 'sort', 'hasChildren']);
    expectNames(roots, ['categoryName', 'isOpenName']);
    const system = roots.find((m) => m.hasChildren)!;
    const children = await get('/api/blade-system/menu/lazy-list', { parentId: system.id });
    expectNames(children, ['parentName']);
    expectFields(await get('/api/blade-system/menu/tree'), ['id', 'title', 'value']);
    for (const code of ['menu_category', 'button_func', 'yes_no'])
      expectFields(await get('/api/blade-system/dict/dictionary', { code }), ['dictValue', 'dictKey']);
    // Searching (menu/list) answers the matching menus as a tree.
    const found = await get('/api/blade-system/menu/list', { current: 1, size: 10, name: children[0]!.name });
    expect(flatten(found).map((m) => m.id)).toContain(children[0]!.id);
    await post('/api/blade-system/menu/submit', {
      data: {
        parentId: children[0]!.id,
        name: '萨伯按钮',
        code: 'saber_button',
        alias: 'saber',
        path: '/saber',
        source: '',
        category: 2,
        action: 1,
        isOpen: 1,
        sort: 99,
      },
    });
    const buttons = await get('/api/blade-system/menu/lazy-list', { parentId: children[0]!.id });
    const added = buttons.find((m) => m.code === 'saber_button')!;
    expectNames([added], ['categoryName', 'actionName', 'isOpenName', 'parentName']);
  });
});

describe('dict and dict-biz (views/system/dict.vue, dictbiz.vue)', () => {
  for (const base of ['/api/blade-system/dict', '/api/blade-system/dict-biz']) {
    it(`${base}: parent list, child-list tree, an entry added appears in the entry table`, async () => {
      const code = base.endsWith('biz') ? 'saber_biz' : 'saber_dict';
      expectFields(await get(`${base}/tree`, { code: 'DICT' }).catch(() => [{ id: '', title: '', value: '' }]), ['id', 'title', 'value']);
      await post(`${base}/submit`, { data: { code, dictKey: '-1', dictValue: '萨伯字典', parentId: '', sort: 1, isSealed: 0 } });
      const parents = await get<Page>(`${base}/parent-list`, { current: 1, size: 10, code });
      expectFields(parents.records, ['id', 'code', 'dictValue', 'sort', 'isSealed']);
      const parent = parents.records[0]!;
      // handleAdd of the child table presets code and parentId.
      await post(`${base}/submit`, { data: { code, dictKey: '1', dictValue: '条目一', parentId: parent.id, sort: 1, isSealed: 0 } });
      const entries = await get(`${base}/child-list`, { current: 1, size: 10, parentId: parent.id });
      expect(Array.isArray(entries)).toBe(true);
      expect(entries.map((e) => e.dictValue)).toEqual(['条目一']);
      expectFields(entries, ['id', 'code', 'dictKey', 'dictValue', 'sort', 'isSealed', 'parentId']);
      expectNames(entries, ['parentName']);
      await post(`${base}/submit`, {
        data: { code, dictKey: '1-1', dictValue: '条目一一', parentId: entries[0]!.id, sort: 1, isSealed: 0 },
      });
      const nested = await get(`${base}/child-list`, { current: 1, size: 10, parentId: parent.id });
      expect((nested[0]!.children as Row[]).map((e) => e.dictValue)).toEqual(['条目一一']);
      expect(await get<Row>(`${base}/detail`, { id: entries[0]!.id })).toMatchObject({ dictValue: '条目一' });
    });
  }
});

describe('param, tenant, tenant package, client, top menu', () => {
  it('param: list and add', async () => {
    await post('/api/blade-system/param/submit', { data: { paramName: '萨伯参数', paramKey: 'saber.param', paramValue: '1', remark: '' } });
    const page = await get<Page>('/api/blade-system/param/list', { current: 1, size: 10, paramKey: 'saber.param' });
    expectFields(page.records, ['id', 'paramName', 'paramKey', 'paramValue']);
  });

  it('tenant: list, add, the setting and data source dialogs', async () => {
    await post('/api/blade-system/tenant/submit', {
      data: { tenantName: '萨伯租户', linkman: '萨伯', contactNumber: '13800000001', address: '', domain: '' },
    });
    const page = await get<Page>('/api/blade-system/tenant/list', { current: 1, size: 10, tenantName: '萨伯租户' });
    expectFields(page.records, ['id', 'tenantId', 'tenantName', 'linkman', 'contactNumber', 'accountNumber', 'expireTime', 'domain']);
    const row = page.records[0]!;
    await post('/api/blade-system/tenant/setting', { params: { accountNumber: 10, expireTime: '2099-01-01 00:00:00', ids: row.id } });
    const sources = await get('/api/blade-develop/datasource/select');
    expect(Array.isArray(sources)).toBe(true);
    await post('/api/blade-system/tenant/datasource', { params: { tenantId: row.tenantId, datasourceId: '' } });
    expect(await get<Row>('/api/blade-system/tenant/detail', { id: row.id })).toMatchObject({ accountNumber: 10 });
    // 2.9's 产品包配置: the package picker, the package by the tenant's row id, the setting by its code.
    const menuId = flatten(await get('/api/blade-system/menu/tree'))[0]!.id as string;
    await post('/api/blade-system/tenant-package/submit', { data: { packageName: '租户包', menuId, remark: '' } });
    const packages = await get('/api/blade-system/tenant-package/select');
    const chosen = packages.find((p) => p.packageName === '租户包')!;
    expect(await get('/api/blade-system/tenant/package-detail', { tenantId: row.id })).toBeNull();
    await post('/api/blade-system/tenant/package-setting', { params: { tenantId: row.tenantId, packageId: chosen.id } });
    expect(await get<Row>('/api/blade-system/tenant/package-detail', { tenantId: row.id })).toMatchObject({ id: chosen.id, menuId });
  });

  it('tenant package: list with the menu tree, add', async () => {
    const menus = flatten(await get('/api/blade-system/menu/tree'));
    await post('/api/blade-system/tenant-package/submit', {
      data: {
        packageName: '萨伯包',
        menuId: menus
          .slice(0, 3)
          .map((m) => m.id)
          .join(','),
        remark: '',
      },
    });
    const page = await get<Page>('/api/blade-system/tenant-package/list', { current: 1, size: 10 });
    expectFields(page.records, ['id', 'packageName', 'menuId']);
    expectFields(await get('/api/blade-system/tenant-package/select'), ['id', 'packageName']);
    // Editing: detail fills the form; the tree picker hands its ids back as an array.
    const row = page.records.find((r) => r.packageName === '萨伯包')!;
    const detail = await get<Row>('/api/blade-system/tenant-package/detail', { id: row.id });
    const picked = menus.slice(0, 2).map((m) => m.id);
    await post('/api/blade-system/tenant-package/submit', { data: { ...detail, menuId: picked } });
    expect(await get<Row>('/api/blade-system/tenant-package/detail', { id: row.id })).toMatchObject({ menuId: picked.join(',') });
  });

  it('client: list and add', async () => {
    await post('/api/blade-system/client/submit', {
      data: {
        clientId: 'saber_app',
        clientSecret: 'saber_app_secret',
        scope: 'all',
        authorizedGrantTypes: 'refresh_token,password',
        webServerRedirectUri: 'http://127.0.0.1:1888',
        accessTokenValidity: 3600,
        refreshTokenValidity: 604800,
      },
    });
    const page = await get<Page>('/api/blade-system/client/list', { current: 1, size: 10 });
    expectFields(page.records, ['id', 'clientId', 'scope', 'authorizedGrantTypes', 'accessTokenValidity', 'refreshTokenValidity']);
  });

  it('top menu: list, add, the grant dialog with its tree and keys, grant', async () => {
    await post('/api/blade-system/topmenu/submit', { data: { code: 'saber_top', name: '萨伯', source: 'iconfont', path: '', sort: 1 } });
    const page = await get<Page>('/api/blade-system/topmenu/list', { current: 1, size: 10 });
    expectFields(page.records, ['id', 'code', 'name', 'source', 'sort']);
    const top = page.records.find((t) => t.code === 'saber_top')!;
    const tree = await get<{ menu: Row[] } | Row[]>('/api/blade-system/menu/grant-top-tree');
    const menus = flatten(Array.isArray(tree) ? tree : tree.menu);
    expect(menus.length).toBeGreaterThan(0);
    await post('/api/blade-system/topmenu/grant', { data: { topMenuIds: [top.id], menuIds: [menus[0]!.id] } });
    const keys = await get<{ menu: string[] } | string[]>('/api/blade-system/menu/top-tree-keys', { topMenuIds: top.id });
    expect(Array.isArray(keys) ? keys : keys.menu).toEqual([menus[0]!.id]);
  });
});
