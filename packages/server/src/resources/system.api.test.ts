import { type DictTreeNode, type MenuNode, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUserWithRole,
  FORBIDDEN,
  failure,
  MENU_NODE_KEYS,
  menuIds,
  type TestUser,
  tableSnapshot,
  trackedClient,
  useTestServer,
} from '../api-suite.testkit.js';

/** What differs per resource of blade-system: param, dict, dict-biz, tenant-package and the menu extras. */
const suite = useTestServer();
/** Administrator of a second tenant. */
let tenantB: TestUser;
/** A role granted only the `param` screen and its `param_view` button. */
let paramViewer: TestUser;
/** A role with no menus at all. */
let noMenus: TestUser;

beforeAll(async () => {
  tenantB = await createTenantWithAdmin(suite.server, '100002');
  paramViewer = await createUserWithRole(suite.server, { account: 'param_viewer', menuCodes: ['param', 'param_view'] });
  noMenus = await createUserWithRole(suite.server, { account: 'no_menus' });
});

function flatten<T extends { children?: T[] }>(nodes: T[]): T[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
}

/** Every level of a tree is sorted by `sort`, and `children` appears exactly when there are some. */
function expectWellFormedTree<T extends { sort: number; hasChildren: boolean; children?: T[] }>(nodes: T[]): void {
  const sorts = nodes.map((n) => n.sort);
  expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  for (const node of nodes) {
    if (node.hasChildren) {
      expect(node.children?.length).toBeGreaterThan(0);
      expectWellFormedTree(node.children!);
    } else {
      expect(node).not.toHaveProperty('children');
    }
  }
}

describe('param', () => {
  const api = () => suite.admin.system.param;
  const snapshot = () => tableSnapshot(suite.server, 'blade_param');

  it('adds, reads, lists, updates and removes a parameter', async () => {
    const row = await api().submit({ paramName: '测试参数', paramKey: 'test.crud', paramValue: 'v1', remark: '备注' });
    expect(row).toMatchObject({ paramName: '测试参数', paramKey: 'test.crud', paramValue: 'v1', remark: '备注', isDeleted: 0 });
    expect(row.id).toMatch(/^\d+$/);
    expect(await api().detail(row.id)).toEqual(row);
    const listed = await api().list({ paramKey: 'test.crud' });
    expect(listed.records.map((r) => r.id)).toEqual([row.id]);
    const updated = await api().submit({ id: row.id, paramValue: 'v2' });
    expect(updated).toMatchObject({ id: row.id, paramName: '测试参数', paramKey: 'test.crud', paramValue: 'v2' });
    expect(await api().remove(row.id)).toBe(true);
    expect((await api().list({ paramKey: 'test.crud' })).total).toBe(0);
    expect(await api().detail(row.id)).toBeNull();
  });

  const valid = { paramName: '名称', paramKey: 'test.messages', paramValue: '值' };
  it.each([
    ['without paramName', { ...valid, paramName: undefined }, zh('paramName')],
    ['with an empty paramName', { ...valid, paramName: '' }, zh('paramName')],
    ['with a blank paramName', { ...valid, paramName: '   ' }, zh('paramName')],
    ['without paramKey', { ...valid, paramKey: undefined }, zh('paramKey')],
    ['with an empty paramKey', { ...valid, paramKey: '' }, zh('paramKey')],
    ['without paramValue', { ...valid, paramValue: undefined }, zh('paramValue')],
    ['with an empty paramValue', { ...valid, paramValue: '' }, zh('paramValue')],
    ['with paramValue null', { ...valid, paramValue: null }, zh('paramValue')],
  ])('refuses an insert %s', async (_name, body, msg) => {
    const before = await snapshot();
    expect(await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/param/submit', undefined, body))).toEqual(bad(msg));
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an update that empties a required field', async () => {
    const row = await api().submit({ ...valid, paramKey: 'test.update-empty' });
    const before = await snapshot();
    for (const [field, key] of [
      ['paramName', 'paramName'],
      ['paramKey', 'paramKey'],
      ['paramValue', 'paramValue'],
    ] as const) {
      expect(await failure(suite.admin, api().submit({ id: row.id, [field]: '' }))).toEqual(bad(zh(key)));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a duplicate key, on insert and on update, until the holder is removed', async () => {
    const before = await snapshot();
    expect(await failure(suite.admin, api().submit({ ...valid, paramKey: 'account.failCount' }))).toEqual(bad(zh('paramKeyTaken')));
    expect(await snapshot()).toEqual(before);
    const a = await api().submit({ ...valid, paramKey: 'test.dup-a' });
    const b = await api().submit({ ...valid, paramKey: 'test.dup-b' });
    expect(await failure(suite.admin, api().submit({ id: b.id, paramKey: 'test.dup-a' }))).toEqual(bad(zh('paramKeyTaken')));
    await api().remove(a.id);
    expect((await api().submit({ id: b.id, paramKey: 'test.dup-a' })).paramKey).toBe('test.dup-a');
  });

  it('answers in English with Accept-Language: en', async () => {
    const en = trackedClient(suite.server, { language: 'en' });
    await en.login({ username: 'admin', password: 'admin' });
    const submit = (body: unknown) => en.call('POST', '/api/blade-system/param/submit', undefined, body);
    expect(await failure(en, submit({ ...valid, paramName: '' }))).toEqual(bad('Please enter the parameter name'));
    expect(await failure(en, submit({ ...valid, paramKey: '' }))).toEqual(bad('Please enter the parameter key'));
    expect(await failure(en, submit({ ...valid, paramValue: '' }))).toEqual(bad('Please enter the parameter value'));
    expect(await failure(en, submit({ ...valid, paramKey: 'account.failCount' }))).toEqual(bad('The parameter key already exists'));
  });

  it('shows a change at once despite the cache, in lists, details and the server-side reader', async () => {
    const row = await api().submit({ paramName: '缓存', paramKey: 'test.cache', paramValue: 'before' });
    const read = async () => (await api().list({ paramKey: 'test.cache' })).records[0]?.paramValue;
    expect(await read()).toBe('before');
    expect((await api().detail(row.id)).paramValue).toBe('before');
    expect(await suite.server.ctx.params.get('test.cache')).toBe('before');
    await api().submit({ id: row.id, paramValue: 'after' });
    expect(await read()).toBe('after');
    expect((await api().detail(row.id)).paramValue).toBe('after');
    expect(await suite.server.ctx.params.get('test.cache')).toBe('after');
    await api().remove(row.id);
    expect(await read()).toBeUndefined();
    expect(await suite.server.ctx.params.get('test.cache')).toBeUndefined();
  });

  it("is platform-wide: another tenant's administrator reads it but may not write it", async () => {
    const own = tenantB.sdk.system.param;
    expect((await own.list({ paramKey: 'account.ipFailCount' })).total).toBe(1);
    const target = (await api().list({ paramKey: 'account.ipFailCount' })).records[0]!;
    const before = await snapshot();
    expect(await failure(tenantB.sdk, own.submit({ ...valid, paramKey: 'test.tenant-b' }))).toEqual(FORBIDDEN);
    expect(await failure(tenantB.sdk, own.submit({ id: target.id, paramValue: '1' }))).toEqual(FORBIDDEN);
    expect(await failure(tenantB.sdk, own.remove(target.id))).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(before);
  });
});

describe('dict', () => {
  const api = () => suite.admin.system.dict;
  const snapshot = () => tableSnapshot(suite.server, 'blade_dict');
  const liveRows = () => suite.server.ctx.db.selectFrom('blade_dict').selectAll().where('isDeleted', '=', 0).execute();
  const parentOf = async (code: string) => (await api().parentList({ code, size: 200 })).records.find((r) => r.code === code)!;

  it('parent-list answers the top-level dictionaries only, paged and filtered', async () => {
    const page = await api().parentList({ size: 200 });
    const parents = (await liveRows()).filter((r) => r.parentId === '0');
    expect(page.total).toBe(parents.length);
    expect(page.records.every((r) => r.parentId === '0' && r.dictKey === '-1')).toBe(true);
    expect(page.records.map((r) => r.code)).toEqual(expect.arrayContaining(['yes_no', 'sex', 'notice', 'post_category', 'flow']));
    const filtered = await api().parentList({ code: 'se', size: 200 });
    expect(filtered.records.map((r) => r.code)).toContain('sex');
    expect(filtered.records.every((r) => r.code.includes('se') && r.parentId === '0')).toBe(true);
    const paged = await api().parentList({ size: 10, current: 2 });
    expect(paged).toMatchObject({ total: parents.length, size: 10, current: 2, pages: Math.ceil(parents.length / 10) });
  });

  it('child-list answers the entries under one parent as a tree, sorted, not a page (BladeX)', async () => {
    const sex = await parentOf('sex');
    const tree = await api().childList({ parentId: sex.id, current: 1, size: 10 });
    expect(Array.isArray(tree)).toBe(true);
    expect(tree.map((r) => [r.parentId, r.dictKey, r.dictValue, r.hasChildren])).toEqual([
      [sex.id, '1', '男', false],
      [sex.id, '2', '女', false],
      [sex.id, '3', '未知', false],
    ]);
    expect((await api().childList({ parentId: sex.id, dictKey: '2' })).map((r) => r.dictValue)).toEqual(['女']);
    // An entry below an entry comes nested under it, and an unknown parent has no entries.
    const male = tree[0]!;
    const adult = await api().submit({ parentId: male.id, code: 'sex', dictKey: '1-1', dictValue: '成年男', sort: 1, isSealed: 0 });
    try {
      const nested = await api().childList({ parentId: sex.id });
      expect(nested[0]).toMatchObject({ id: male.id, hasChildren: true, children: [{ id: adult.id, dictValue: '成年男' }] });
      expect(await api().childList({ parentId: '123456789' })).toEqual([]);
    } finally {
      await api().remove(adult.id);
    }
    expect(await failure(suite.admin, suite.admin.call('GET', '/api/blade-system/dict/child-list'))).toEqual(bad(zh('missingParam')));
    expect(await failure(suite.admin, api().childList({ parentId: 'abc' }))).toEqual(bad(zh('badId')));
    expect(await failure(suite.admin, api().childList({ parentId: '99999999999999999999' }))).toEqual(bad(zh('badId')));
    expect(await failure(suite.admin, api().childList({ parentId: '9999999999999999999' }))).toEqual(bad(zh('badId')));
  });

  it('tree?code=DICT answers the whole tree with title, key, value and hasChildren', async () => {
    const tree = await api().tree({ code: 'DICT' });
    const nodes = flatten<DictTreeNode>(tree);
    const rows = await liveRows();
    expect(nodes).toHaveLength(rows.length);
    expect(tree.every((n) => n.parentId === '0')).toBe(true);
    for (const node of nodes) {
      expect(node).toMatchObject({ title: node.dictValue, key: node.id, value: node.id });
      expect(node.hasChildren).toBe(Boolean(node.children?.length));
    }
    expectWellFormedTree(tree);
    const sex = tree.find((n) => n.code === 'sex')!;
    expect(sex.children!.map((c) => c.title)).toEqual(['男', '女', '未知']);
    expect(await api().tree()).toEqual(tree);
  });

  it('dictionary?code=sex answers the seeded entries, sorted, with exactly the contract fields', async () => {
    const sex = await parentOf('sex');
    const entries = await api().dictionary({ code: 'sex' });
    expect(entries).toEqual(
      [
        ['1', '男', 'Male'],
        ['2', '女', 'Female'],
        ['3', '未知', 'Unknown'],
      ].map(([dictKey, dictValue, dictValueEn], i) => ({
        id: expect.stringMatching(/^\d+$/),
        parentId: sex.id,
        code: 'sex',
        dictKey,
        dictValue,
        dictValueEn,
        sort: i + 1,
        remark: '',
        isSealed: 1,
      })),
    );
    for (const entry of entries)
      expect(Object.keys(entry).sort()).toEqual([
        'code',
        'dictKey',
        'dictValue',
        'dictValueEn',
        'id',
        'isSealed',
        'parentId',
        'remark',
        'sort',
      ]);
    expect((await api().dictionary({ code: 'flow' }))[0]).toMatchObject({ dictKey: '1', remark: 'leave' });
    expect(await api().dictionary({ code: 'no_such_code' })).toEqual([]);
    expect(await failure(suite.admin, suite.admin.call('GET', '/api/blade-system/dict/dictionary'))).toEqual(bad(zh('missingParam')));
    const tree = await api().dictionaryTree({ code: 'sex' });
    expect(tree.map((n) => n.dictKey)).toEqual(['1', '2', '3']);
    expect(await api().dictionaryTree({ code: 'no_such_code' })).toEqual([]);
  });

  it('serves the dictionary to any signed-in user, even without the dict screen', async () => {
    expect((await noMenus.sdk.system.dict.dictionary({ code: 'sex' })).map((r) => r.dictKey)).toEqual(['1', '2', '3']);
    expect(await failure(noMenus.sdk, noMenus.sdk.system.dict.parentList())).toEqual(FORBIDDEN);
  });

  const valid = { code: 'test_msg', dictKey: '-1', dictValue: '消息', sort: 1, isSealed: 0 };
  it.each([
    ['without code', { ...valid, code: undefined }, zh('dictCode')],
    ['with an empty code', { ...valid, code: ' ' }, zh('dictCode')],
    ['without dictValue', { ...valid, dictValue: undefined }, zh('dictValue')],
    ['with an empty dictValue', { ...valid, dictValue: '' }, zh('dictValue')],
    ['without sort', { ...valid, sort: undefined }, zh('dictSort')],
    ['with an empty sort', { ...valid, sort: '' }, zh('dictSort')],
    ['with sort=abc', { ...valid, sort: 'abc' }, zh('dictSort')],
    ['without isSealed', { ...valid, isSealed: undefined }, zh('dictSealed')],
    ['with isSealed=2', { ...valid, isSealed: 2 }, zh('dictSealed')],
    ['without dictKey', { ...valid, dictKey: undefined }, zh('dictKey')],
    ['with an empty dictKey', { ...valid, dictKey: '' }, zh('dictKey')],
    ['with a malformed parentId', { ...valid, parentId: 'abc' }, zh('badId')],
    ['under a parent that does not exist', { ...valid, parentId: '123456' }, zh('dictParentMissing')],
  ])('refuses an insert %s', async (_name, body, msg) => {
    const before = await snapshot();
    expect(await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/dict/submit', undefined, body))).toEqual(bad(msg));
    expect(await snapshot()).toEqual(before);
  });

  it('accepts numbers sent as strings and an empty parentId as the root', async () => {
    const row = await api().submit({ code: 'test_strings', dictKey: -1, dictValue: '字符串', sort: '3', isSealed: '0', parentId: '' });
    expect(row).toMatchObject({ parentId: '0', dictKey: '-1', sort: 3, isSealed: 0 });
  });

  it('neither changes nor removes a sealed entry', async () => {
    const yesNo = await parentOf('yes_no');
    expect(yesNo.isSealed).toBe(1);
    const entry = (await api().dictionary({ code: 'yes_no' }))[0]!;
    const open = await api().submit({ code: 'test_open', dictKey: '-1', dictValue: '未封存', sort: 1, isSealed: 0 });
    const before = await snapshot();
    const sealed = bad(zh('dictIsSealed'));
    expect(await failure(suite.admin, api().submit({ id: yesNo.id, dictValue: '是与否' }))).toEqual(sealed);
    expect(await failure(suite.admin, api().submit({ id: entry.id, dictValue: '不' }))).toEqual(sealed);
    expect(await failure(suite.admin, api().submit({ id: entry.id, isSealed: 0 }))).toEqual(sealed);
    expect(await failure(suite.admin, api().remove(entry.id))).toEqual(sealed);
    expect(await failure(suite.admin, api().remove([open.id, yesNo.id]))).toEqual(sealed);
    expect(await snapshot()).toEqual(before);
    expect(await api().detail(open.id)).not.toBeNull();
  });

  it('gives a child its parent code, keeps keys unique under a parent and shows new entries at once', async () => {
    const parent = await api().submit({ code: 'test_color', dictKey: '-1', dictValue: '颜色', sort: 1, isSealed: 0 });
    expect(await api().dictionary({ code: 'test_color' })).toEqual([]);
    const red = await api().submit({ parentId: parent.id, code: 'something_else', dictKey: 'red', dictValue: '红', sort: 2, isSealed: 0 });
    expect(red).toMatchObject({ parentId: parent.id, code: 'test_color' });
    const blue = await api().submit({ parentId: parent.id, code: 'test_color', dictKey: 'blue', dictValue: '蓝', sort: 1, isSealed: 0 });
    expect((await api().dictionary({ code: 'test_color' })).map((r) => r.dictKey)).toEqual(['blue', 'red']);
    expect((await api().submit({ id: blue.id, code: 'renamed' })).code).toBe('test_color');
    const before = await snapshot();
    expect(
      await failure(suite.admin, api().submit({ parentId: parent.id, code: 'x', dictKey: 'red', dictValue: '又红', sort: 3, isSealed: 0 })),
    ).toEqual(bad(zh('dictKeyTaken')));
    expect(await failure(suite.admin, api().submit({ id: blue.id, dictKey: 'red' }))).toEqual(bad(zh('dictKeyTaken')));
    expect(await failure(suite.admin, api().submit({ id: parent.id, parentId: parent.id }))).toEqual(bad(zh('dictParentMissing')));
    expect(await failure(suite.admin, api().submit({ ...valid, code: 'test_color' }))).toEqual(bad(zh('dictKeyTaken')));
    expect(await snapshot()).toEqual(before);
    const tree = await api().tree({ code: 'test_color' });
    expect(tree).toHaveLength(1);
    expect(tree[0]!.children!.map((c) => c.key)).toEqual([blue.id, red.id]);
  });

  it('moves the whole subtree along when a parent code changes', async () => {
    const parent = await api().submit({ code: 'test_rename', dictKey: '-1', dictValue: '改名', sort: 1, isSealed: 0 });
    const child = await api().submit({ parentId: parent.id, code: 'test_rename', dictKey: 'a', dictValue: '甲', sort: 1, isSealed: 0 });
    const grandchild = await api().submit({ parentId: child.id, code: 'x', dictKey: 'a1', dictValue: '甲一', sort: 1, isSealed: 0 });
    expect(grandchild.code).toBe('test_rename');
    await api().submit({ id: parent.id, code: 'test_renamed' });
    expect(await api().dictionary({ code: 'test_rename' })).toEqual([]);
    expect((await api().dictionary({ code: 'test_renamed' })).map((r) => r.dictKey)).toEqual(['a', 'a1']);
    expect((await api().detail(grandchild.id)).code).toBe('test_renamed');
  });

  it('refuses to move an entry under itself or its own descendants', async () => {
    const root = await api().submit({ code: 'test_cycle', dictKey: '-1', dictValue: '环', sort: 1, isSealed: 0 });
    const child = await api().submit({ parentId: root.id, code: 'test_cycle', dictKey: 'c', dictValue: '子', sort: 1, isSealed: 0 });
    const grandchild = await api().submit({ parentId: child.id, code: 'test_cycle', dictKey: 'g', dictValue: '孙', sort: 1, isSealed: 0 });
    const before = await snapshot();
    for (const parentId of [root.id, child.id, grandchild.id]) {
      expect(await failure(suite.admin, api().submit({ id: root.id, parentId })), parentId).toEqual(bad(zh('dictParentMissing')));
    }
    expect(await failure(suite.admin, api().submit({ id: child.id, parentId: grandchild.id }))).toEqual(bad(zh('dictParentMissing')));
    expect(await snapshot()).toEqual(before);
    const other = await api().submit({ code: 'test_cycle_other', dictKey: '-1', dictValue: '另', sort: 1, isSealed: 0 });
    expect(await api().submit({ id: grandchild.id, parentId: other.id })).toMatchObject({ parentId: other.id, code: 'test_cycle_other' });
  });

  it('lists with the generic filters, parentId included', async () => {
    const sex = await parentOf('sex');
    const page = await api().list({ parentId: sex.id, descs: 'sort' });
    expect(page.records.map((r) => r.dictKey)).toEqual(['3', '2', '1']);
    expect((await api().list({ parentId: '0', size: 200 })).records.every((r) => r.parentId === '0')).toBe(true);
    expect(await failure(suite.admin, api().list({ parentId: 'abc' }))).toEqual(bad(zh('badId')));
  });

  it('refuses to remove a parent with children, but removes it after them or with them', async () => {
    const parent = await api().submit({ code: 'test_size', dictKey: '-1', dictValue: '尺寸', sort: 1, isSealed: 0 });
    const small = await api().submit({ parentId: parent.id, code: 'test_size', dictKey: 's', dictValue: '小', sort: 1, isSealed: 0 });
    const large = await api().submit({ parentId: parent.id, code: 'test_size', dictKey: 'l', dictValue: '大', sort: 2, isSealed: 0 });
    const before = await snapshot();
    expect(await failure(suite.admin, api().remove(parent.id))).toEqual(bad(zh('dictHasChildren')));
    expect(await failure(suite.admin, api().remove([parent.id, small.id]))).toEqual(bad(zh('dictHasChildren')));
    expect(await snapshot()).toEqual(before);
    await api().remove(small.id);
    expect((await api().dictionary({ code: 'test_size' })).map((r) => r.dictKey)).toEqual(['l']);
    expect(await api().remove([parent.id, large.id])).toBe(true);
    expect(await api().dictionary({ code: 'test_size' })).toEqual([]);
    expect((await api().parentList({ code: 'test_size' })).total).toBe(0);
  });

  it("may not be written by another tenant's administrator", async () => {
    const before = await snapshot();
    expect(await failure(tenantB.sdk, tenantB.sdk.system.dict.submit({ ...valid, code: 'test_tenant_b' }))).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(before);
  });
});

describe('dict-biz', () => {
  const apiA = () => suite.admin.system.dictBiz;
  const apiB = () => tenantB.sdk.system.dictBiz;
  const snapshot = () => tableSnapshot(suite.server, 'blade_dict_biz');

  it('has the same extras as dict', async () => {
    const parents = await apiA().parentList({ size: 200 });
    expect(parents.records.map((r) => r.code)).toEqual(expect.arrayContaining(['network_type', 'app_level']));
    const network = parents.records.find((r) => r.code === 'network_type')!;
    expect((await apiA().childList({ parentId: network.id })).map((r) => r.dictValue)).toEqual(['互联网', '办公网', '生产网']);
    expect((await apiA().dictionary({ code: 'network_type' })).map((r) => r.dictKey)).toEqual(['1', '2', '3']);
    expect(flatten<DictTreeNode>(await apiA().tree({ code: 'DICT' })).map((n) => n.code)).toEqual(expect.arrayContaining(['app_level']));
    expect(await failure(suite.admin, apiA().submit({ code: 'x', dictValue: '', dictKey: '-1', sort: 1, isSealed: 0 }))).toEqual(
      bad(zh('dictValue')),
    );
  });

  it("keeps each tenant's business dictionaries apart", async () => {
    const network = (await apiA().parentList({ code: 'network_type' })).records[0]!;
    const entry = (await apiA().dictionary({ code: 'network_type' }))[0]!;
    expect((await apiB().parentList({ size: 200 })).total).toBe(0);
    expect(await apiB().dictionary({ code: 'network_type' })).toEqual([]);
    expect(await apiB().tree({ code: 'DICT' })).toEqual([]);
    expect(await apiB().childList({ parentId: network.id })).toEqual([]);
    expect(await apiB().detail(entry.id)).toBeNull();

    const before = await snapshot();
    expect(await failure(tenantB.sdk, apiB().submit({ id: entry.id, dictValue: '改' }))).toEqual(bad(zh('recordMissing')));
    expect(await failure(tenantB.sdk, apiB().remove(entry.id))).toEqual(bad(zh('recordMissing')));
    const child = { parentId: network.id, code: 'network_type', dictKey: '9', dictValue: '外网', sort: 9, isSealed: 0 };
    expect(await failure(tenantB.sdk, apiB().submit(child))).toEqual(bad(zh('dictParentMissing')));
    expect(await snapshot()).toEqual(before);

    const own = await apiB().submit({ code: 'network_type', dictKey: '-1', dictValue: '网络类型', sort: 1, isSealed: 0 });
    expect(own.tenantId).toBe('100002');
    await apiB().submit({ ...child, parentId: own.id });
    expect((await apiB().dictionary({ code: 'network_type' })).map((r) => r.dictValue)).toEqual(['外网']);
    expect((await apiA().dictionary({ code: 'network_type' })).map((r) => r.dictValue)).toEqual(['互联网', '办公网', '生产网']);
    expect((await apiA().parentList({ code: 'network_type' })).total).toBe(1);
  });
});

describe('tenant-package', () => {
  const api = () => suite.admin.system.tenantPackage;
  const snapshot = () => tableSnapshot(suite.server, 'blade_tenant_package');
  let ids: Map<string, string>;
  beforeAll(async () => {
    ids = await menuIds(suite.server, ['param', 'dict', 'system']);
  });

  it('adds, reads, lists, updates and removes a package', async () => {
    const menuId = `${ids.get('param')},${ids.get('dict')}`;
    const row = await api().submit({ packageName: '基础包', menuId, remark: '测试' });
    expect(row).toMatchObject({ packageName: '基础包', menuId, remark: '测试', tenantId: '000000' });
    expect(await api().detail(row.id)).toEqual(row);
    expect((await api().list({ packageName: '基础' })).records.map((r) => r.id)).toEqual([row.id]);
    const updated = await api().submit({ id: row.id, menuId: `${ids.get('system')},${ids.get('param')},${ids.get('param')}` });
    expect(updated).toMatchObject({ packageName: '基础包', menuId: `${ids.get('system')},${ids.get('param')}` });
    expect((await api().submit({ id: row.id, packageName: '高级包' })).menuId).toBe(updated.menuId);
    await api().remove(row.id);
    expect(await api().detail(row.id)).toBeNull();
  });

  it('refuses menus that do not exist, and missing fields', async () => {
    const deleted = suite.server.ctx.ids.next();
    await suite.server.ctx.db
      .insertInto('blade_menu')
      .values({
        id: deleted,
        parentId: '0',
        code: `test_deleted_${deleted}`,
        name: '已删除',
        sort: 1,
        category: 1,
        action: 0,
        isOpen: 1,
        isDeleted: 1,
      })
      .execute();
    const param = ids.get('param')!;
    const existing = await api().submit({ packageName: '已有', menuId: param });
    const cases: [unknown, string][] = [
      [{ packageName: '包', menuId: `${param},123456` }, zh('packageMenuMissing')],
      [{ packageName: '包', menuId: deleted }, zh('packageMenuMissing')],
      [{ packageName: '包', menuId: '0' }, zh('packageMenuMissing')],
      [{ packageName: '包', menuId: '9999999999999999999' }, zh('badIds')],
      [{ packageName: '包', menuId: 'abc' }, zh('badIds')],
      [{ packageName: '包', menuId: `${param},` }, zh('badIds')],
      [{ packageName: '包', menuId: '' }, zh('packageMenu')],
      [{ packageName: '包' }, zh('packageMenu')],
      [{ menuId: param }, zh('packageName')],
      [{ packageName: ' ', menuId: param }, zh('packageName')],
      [{ id: existing.id, menuId: '123456' }, zh('packageMenuMissing')],
      [{ id: existing.id, menuId: '' }, zh('packageMenu')],
      [{ id: existing.id, packageName: '' }, zh('packageName')],
    ];
    const before = await snapshot();
    for (const [body, msg] of cases) {
      expect(
        await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/tenant-package/submit', undefined, body)),
        JSON.stringify(body),
      ).toEqual(bad(msg));
    }
    expect(await snapshot()).toEqual(before);
  });

  it("may not be written by another tenant's administrator", async () => {
    const row = await api().submit({ packageName: '平台包', menuId: ids.get('param')! });
    const own = tenantB.sdk.system.tenantPackage;
    const before = await snapshot();
    expect(await failure(tenantB.sdk, own.submit({ packageName: '租户包', menuId: ids.get('param')! }))).toEqual(FORBIDDEN);
    expect(await failure(tenantB.sdk, own.submit({ id: row.id, packageName: '改' }))).toEqual(FORBIDDEN);
    expect(await failure(tenantB.sdk, own.remove(row.id))).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(before);
  });
});

describe('menu extras', () => {
  // routes and buttons also answer the i18n key as meta.i18n.
  const MENU_KEYS = [...MENU_NODE_KEYS, 'meta'].sort();
  const FRONT_END_PATHS = [
    ...['user', 'dept', 'post', 'dict', 'dictbiz', 'menu', 'topmenu', 'param', 'tenant', 'tenantpackage', 'client'].map(
      (s) => `/system/${s}`,
    ),
    ...['role', 'datascope', 'apiscope'].map((s) => `/authority/${s}`),
    '/base/region',
    ...['usual', 'api', 'error', 'login'].map((s) => `/monitor/log/${s}`),
    ...['oss', 'sms', 'attach'].map((s) => `/resource/${s}`),
    '/desk/notice',
    ...['code', 'datasource'].map((s) => `/tool/${s}`),
    '/report/reportlist',
    ...['start', 'claim', 'todo', 'send', 'done'].map((s) => `/work/${s}`),
    ...['model', 'deploy', 'manager', 'follow'].map((s) => `/flow/${s}`),
  ];
  const liveMenus = () => suite.server.ctx.db.selectFrom('blade_menu').selectAll().where('isDeleted', '=', 0).execute();
  /** A tree reduced to codes, to compare shapes. */
  const shape = (nodes: MenuNode[]): unknown[] => nodes.map((n) => (n.children ? { [n.code]: shape(n.children) } : n.code));

  it("routes gives the administrator the whole category-1 tree, well formed, with the front end's paths", async () => {
    const routes = await suite.admin.system.menu.routes();
    const nodes = flatten(routes);
    const menus = (await liveMenus()).filter((m) => m.category === 1);
    expect(nodes).toHaveLength(menus.length);
    expect(new Set(nodes.map((n) => n.id))).toEqual(new Set(menus.map((m) => m.id)));
    expect(routes.every((n) => n.parentId === '0')).toBe(true);
    for (const node of nodes) {
      expect(
        Object.keys(node)
          .filter((k) => k !== 'children')
          .sort(),
      ).toEqual(MENU_KEYS);
      expect(node.id).toMatch(/^\d+$/);
      expect(typeof node.parentId).toBe('string');
      expect(node.category).toBe(1);
      for (const child of node.children ?? []) expect(child.parentId).toBe(node.id);
    }
    expectWellFormedTree(routes);
    expect(nodes.map((n) => n.path)).toEqual(expect.arrayContaining(FRONT_END_PATHS));
    const system = routes.find((n) => n.code === 'system')!;
    expect(system.children!.find((c) => c.code === 'param')).toMatchObject({ path: '/system/param', hasChildren: false });
  });

  it('routes name each menu in English (nameEn, "" when none was given) and answer its alias as meta.i18n', async () => {
    const nodes = flatten(await suite.admin.system.menu.routes());
    expect(nodes.every((n) => n.meta?.i18n === n.alias)).toBe(true);
    expect(nodes.find((n) => n.code === 'system')).toMatchObject({ name: '系统管理', nameEn: 'System', meta: { i18n: 'system' } });
    expect(nodes.find((n) => n.code === 'log_login')).toMatchObject({ nameEn: 'Sign-in log', meta: { i18n: 'login' } });
    const added = await suite.admin.system.menu.submit({
      parentId: nodes.find((n) => n.code === 'system')!.id,
      code: 'english_less',
      name: '无英文名',
      path: '/system/english-less',
      sort: 99,
      category: 1,
    });
    const routes = flatten(await suite.admin.system.menu.routes());
    expect(routes.find((n) => n.code === 'english_less')).toMatchObject({ name: '无英文名', nameEn: '', meta: { i18n: '' } });
    await suite.admin.system.menu.submit({ id: added.id, nameEn: 'No English name yet' });
    const listed = await suite.admin.system.menu.lazyList({ code: 'english_less' });
    expect(listed.map((n) => n.nameEn)).toEqual(['No English name yet']);
    await suite.admin.system.menu.remove(added.id);
  });

  it('buttons gives the administrator every category-2 leaf under its menus', async () => {
    const buttons = await suite.admin.system.menu.buttons();
    const nodes = flatten(buttons);
    const leaves = nodes.filter((n) => !n.children);
    const categoryTwo = (await liveMenus()).filter((m) => m.category === 2);
    expect(leaves.every((n) => n.category === 2)).toBe(true);
    expect(new Set(leaves.map((n) => n.id))).toEqual(new Set(categoryTwo.map((m) => m.id)));
    expect(nodes.filter((n) => n.children).every((n) => n.category === 1)).toBe(true);
    expect(leaves.map((n) => n.code)).toEqual(
      expect.arrayContaining(['param_add', 'param_edit', 'param_delete', 'param_view', 'dict_add']),
    );
    expectWellFormedTree(buttons);
  });

  it('gives a role granted only param and param_view exactly that menu, its ancestors and that button', async () => {
    const routes = await paramViewer.sdk.system.menu.routes();
    expect(shape(routes)).toEqual([{ system: ['param'] }]);
    const param = routes[0]!.children![0]!;
    expect(routes[0]).toMatchObject({ code: 'system', parentId: '0', hasChildren: true, path: '/system' });
    expect(param).toMatchObject({ code: 'param', parentId: routes[0]!.id, hasChildren: false, path: '/system/param' });
    expect(param).not.toHaveProperty('children');
    expect(shape(await paramViewer.sdk.system.menu.buttons())).toEqual([{ system: [{ param: ['param_view'] }] }]);
  });

  it('gives a role with no menus empty arrays', async () => {
    expect(await noMenus.sdk.system.menu.routes()).toEqual([]);
    expect(await noMenus.sdk.system.menu.buttons()).toEqual([]);
    expect(await noMenus.sdk.system.menu.topMenu()).toEqual([]);
  });

  it('top-menu answers an array, and routes?topMenuId narrows to the menus set for it', async () => {
    expect(Array.isArray(await suite.admin.system.menu.topMenu())).toBe(true);
    const menus = await menuIds(suite.server, ['system', 'param', 'dict', 'desk', 'notice']);
    const topMenuId = suite.server.ctx.ids.next();
    const otherTopId = suite.server.ctx.ids.next();
    await suite.server.ctx.db
      .insertInto('blade_top_menu')
      .values([
        { id: topMenuId, code: 'test_top', name: '系统', nameEn: 'System', sort: 2 },
        { id: otherTopId, code: 'test_other_top', name: '工作台', sort: 1 },
      ])
      .execute();
    await suite.server.ctx.db
      .insertInto('blade_top_menu_setting')
      .values([
        ...['param', 'dict'].map((code) => ({ id: suite.server.ctx.ids.next(), topMenuId, menuId: menus.get(code)! })),
        ...['desk', 'notice'].map((code) => ({ id: suite.server.ctx.ids.next(), topMenuId: otherTopId, menuId: menus.get(code)! })),
      ])
      .execute();
    const tops = await suite.admin.system.menu.topMenu();
    expect(tops.map((t) => t.code)).toEqual(['test_other_top', 'test_top']);
    expect(tops[1]).toEqual({ id: topMenuId, code: 'test_top', name: '系统', nameEn: 'System', source: '', path: '', sort: 2 });
    expect(tops[0].nameEn).toBe('');
    expect(shape(await suite.admin.system.menu.routes({ topMenuId }))).toEqual([{ system: ['dict', 'param'] }]);
    expect((await paramViewer.sdk.system.menu.topMenu()).map((t) => t.code)).toEqual(['test_top']);
    expect(shape(await paramViewer.sdk.system.menu.routes({ topMenuId: otherTopId }))).toEqual([]);
    expect(await noMenus.sdk.system.menu.topMenu()).toEqual([]);
    expect(await tenantB.sdk.system.menu.topMenu()).toEqual([]);
  });

  it('refuses a malformed topMenuId with a message', async () => {
    for (const topMenuId of ['abc', '-1', '99999999999999999999', '9999999999999999999']) {
      expect(await failure(suite.admin, suite.admin.system.menu.routes({ topMenuId })), topMenuId).toEqual(bad(zh('badId')));
    }
  });

  it('needs a token', async () => {
    const anonymous = trackedClient(suite.server);
    expect(await failure(anonymous, anonymous.system.menu.routes())).toEqual({ status: 401, code: 401, msg: zh('unauthorized') });
  });
});

describe('screen and button grants', () => {
  it('guards param: 403 without the screen, reads with it, 403 for each button not held', async () => {
    expect(await failure(noMenus.sdk, noMenus.sdk.system.param.list())).toEqual(FORBIDDEN);
    expect(await failure(noMenus.sdk, noMenus.sdk.call('GET', '/api/blade-system/param/list'))).toEqual(FORBIDDEN);
    const page = await paramViewer.sdk.system.param.list({ paramKey: 'account.failCount' });
    expect(paramViewer.sdk.lastStatus()).toBe(200);
    const row = page.records[0]!;
    expect(row.paramValue).toBe('5');
    expect(await paramViewer.sdk.system.param.detail(row.id)).toMatchObject({ paramKey: 'account.failCount' });
    const before = await tableSnapshot(suite.server, 'blade_param');
    const own = paramViewer.sdk.system.param;
    expect(await failure(paramViewer.sdk, own.submit({ paramName: '新', paramKey: 'test.viewer', paramValue: '1' }))).toEqual(FORBIDDEN);
    expect(await failure(paramViewer.sdk, own.submit({ id: row.id, paramValue: '9' }))).toEqual(FORBIDDEN);
    expect(await failure(paramViewer.sdk, own.remove(row.id))).toEqual(FORBIDDEN);
    expect(await failure(paramViewer.sdk, paramViewer.sdk.system.dict.list())).toEqual(FORBIDDEN);
    expect(await tableSnapshot(suite.server, 'blade_param')).toEqual(before);
  });
});
