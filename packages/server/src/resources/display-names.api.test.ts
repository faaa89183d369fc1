import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';

/**
 * The names Saber's screens show beside ids (its column props), as BladeX's wrappers answer them:
 * users, departments, roles, menus, dictionaries and posts, through plain calls.
 */
const suite = useTestServer();
type Row = Record<string, unknown> & { id: string };
const get = <T = Row[]>(path: string, query: Record<string, string | number> = {}) =>
  suite.admin.call('GET', `/api/${path}`, query) as Promise<T>;
const post = (path: string, body: Record<string, unknown>) => suite.admin.call('POST', `/api/${path}`, undefined, body) as Promise<Row>;
const records = async (path: string, query: Record<string, string | number> = {}) => (await get<{ records: Row[] }>(path, query)).records;
/** dictKey → dictValue of a system dictionary, as the dictionary call answers it. */
const dictionary = async (code: string) =>
  new Map(
    (await get<{ dictKey: string; dictValue: string }[]>('blade-system/dict/dictionary', { code })).map((e) => [e.dictKey, e.dictValue]),
  );
const flatten = (rows: Row[]): Row[] => rows.flatMap((row) => [row, ...flatten((row.children as Row[] | undefined) ?? [])]);

let tenantName = '';
const dept: Record<string, Row> = {};
const role: Record<string, Row> = {};
let postRow: Row;

beforeAll(async () => {
  tenantName = String((await records('blade-system/tenant/list', { tenantId: '000000' }))[0]?.tenantName);
  dept.top = await post('blade-system/dept/submit', {
    parentId: '0',
    deptName: '名称总部',
    fullName: '名称总部',
    deptCategory: 1,
    sort: 1,
  });
  dept.child = await post('blade-system/dept/submit', {
    parentId: dept.top.id,
    deptName: '名称分部',
    fullName: '名称分部',
    deptCategory: 2,
    sort: 1,
  });
  role.top = await post('blade-system/role/submit', { parentId: '0', roleName: '名称上级', roleAlias: 'names_top', sort: 1 });
  role.child = await post('blade-system/role/submit', { parentId: role.top.id, roleName: '名称下级', roleAlias: 'names_child', sort: 1 });
  postRow = await post('blade-system/post/submit', { category: 2, postCode: 'NAMES', postName: '名称岗位', sort: 1 });
});

describe('names beside ids, as Saber shows them', () => {
  it('user rows: tenantName, roleName, deptName, postName (comma-joined, in order), userTypeName, sexName, statusName', async () => {
    const created = await post('blade-user/submit', {
      account: 'names_user',
      name: '名称',
      realName: '名称',
      password: 'Names#2024',
      password2: 'Names#2024',
      userType: 1,
      sex: 2,
      roleId: `${role.child.id},${role.top.id}`,
      deptId: `${dept.child.id},${dept.top.id}`,
      postId: postRow.id,
    });
    const [sex, userType, status] = await Promise.all([dictionary('sex'), dictionary('user_type'), dictionary('account_status')]);
    const expected = {
      tenantName,
      roleName: '名称下级,名称上级',
      deptName: '名称分部,名称总部',
      postName: '名称岗位',
      userTypeName: userType.get('1'),
      sexName: sex.get('2'),
      statusName: status.get('1'),
    };
    expect(expected.sexName).toBeTruthy();
    expect((await records('blade-user/page', { account: 'names_user' }))[0]).toMatchObject(expected);
    expect(await get<Row>('blade-user/detail', { id: created.id })).toMatchObject(expected);
  });

  it('a user without a post answers postId and postName as "" (Saber splits postId)', async () => {
    const bare = await post('blade-user/submit', {
      account: 'names_bare',
      name: '空岗',
      realName: '空岗',
      roleId: role.top.id,
      deptId: dept.top.id,
    });
    const detail = await get<Row>('blade-user/detail', { id: bare.id });
    expect(detail).toMatchObject({ postId: '', postName: '', email: '', birthday: '', sexName: '' });
    expect(Object.entries(detail).filter(([, value]) => value === null)).toEqual([['sex', null]]);
  });

  it("the caller's own profile (info) carries the same names", async () => {
    const me = await get<Row>('blade-user/info');
    const roleNames = new Map(flatten(await get('blade-system/role/list')).map((row) => [row.id, row.roleName]));
    const held = String(me.roleId).split(',');
    expect(me).toMatchObject({ tenantName, roleName: held.map((id) => roleNames.get(id)).join(',') });
    expect(me.deptName).toBeTruthy();
    expect(typeof me.userTypeName).toBe('string');
  });

  it('department rows: deptCategoryName and parentName (顶级 at the root)', async () => {
    const category = await dictionary('org_category');
    const lazy = await get('blade-system/dept/lazy-list', { parentId: dept.top.id });
    expect(lazy.find((row) => row.id === dept.child.id)).toMatchObject({ parentName: '名称总部', deptCategoryName: category.get('2') });
    const detail = await get<Row>('blade-system/dept/detail', { id: dept.top.id });
    expect(detail).toMatchObject({ parentName: '顶级', deptCategoryName: category.get('1') });
  });

  it('role rows of the tree list: parentName at every depth', async () => {
    const all = flatten(await get('blade-system/role/list'));
    expect(all.find((row) => row.id === role.top.id)).toMatchObject({ parentName: '顶级' });
    expect(all.find((row) => row.id === role.child.id)).toMatchObject({ parentName: '名称上级' });
  });

  it('menu rows: parentName, categoryName, actionName, isOpenName', async () => {
    const [category, action, yesNo] = await Promise.all([dictionary('menu_category'), dictionary('button_func'), dictionary('yes_no')]);
    const users = flatten(await get('blade-system/menu/list', { code: 'user' })).find((row) => row.code === 'user') as Row;
    const buttons = await get('blade-system/menu/lazy-list', { parentId: users.id });
    const add = buttons.find((row) => row.code === 'user_add') as Row;
    expect(add).toMatchObject({
      parentName: users.name,
      categoryName: category.get(String(add.category)),
      actionName: action.get(String(add.action)),
      isOpenName: yesNo.get(String(add.isOpen)),
    });
    expect(add.categoryName).toBeTruthy();
  });

  it('a cached menu detail names a renamed dictionary entry at once', async () => {
    const [root] = await get('blade-system/menu/lazy-list', { parentId: '0' });
    const menuDetail = async () => [await get<Row>('blade-system/menu/detail', { id: String(root?.id) })];
    const before = await menuDetail();
    await menuDetail(); // answered from the resource cache now
    const db = suite.server.ctx.db;
    const entry = await db
      .selectFrom('blade_dict')
      .select(['id', 'dictValue'])
      .where('code', '=', 'menu_category')
      .where('dictKey', '=', String(before[0]?.category))
      .executeTakeFirstOrThrow();
    await db.updateTable('blade_dict').set({ isSealed: 0 }).where('id', '=', entry.id).execute();
    try {
      await post('blade-system/dict/submit', { id: entry.id, dictValue: '改名类别' });
      expect((await menuDetail())[0]?.categoryName).toBe('改名类别');
    } finally {
      await post('blade-system/dict/submit', { id: entry.id, dictValue: entry.dictValue });
      await db.updateTable('blade_dict').set({ isSealed: 1 }).where('id', '=', entry.id).execute();
    }
    expect((await menuDetail())[0]?.categoryName).toBe(entry.dictValue);
  });

  it('dictionary rows: parentName of entries and 顶级 for the dictionaries', async () => {
    const parents = await records('blade-system/dict/parent-list', { code: 'sex' });
    const sex = parents.find((row) => row.code === 'sex') as Row;
    expect(sex).toMatchObject({ parentName: '顶级' });
    const children = flatten(await get('blade-system/dict/child-list', { parentId: sex.id }));
    expect(children.length).toBeGreaterThan(0);
    for (const child of children) expect(child.parentName).toBe(sex.dictValue);
  });

  it('tenant rows: packageName; data scope rows: menuName', async () => {
    const db = suite.server.ctx.db;
    const packageId = suite.server.ctx.ids.next();
    await db.insertInto('blade_tenant_package').values({ id: packageId, packageName: '名称产品包', menuId: '' }).execute();
    const tenantRowId = suite.server.ctx.ids.next();
    await db.insertInto('blade_tenant').values({ id: tenantRowId, tenantId: '654321', tenantName: '名称租户', packageId }).execute();
    const [tenant] = await records('blade-system/tenant/list', { tenantId: '654321' });
    expect(tenant).toMatchObject({ id: tenantRowId, packageName: '名称产品包' });
    const [menu] = await get('blade-system/menu/lazy-list', { parentId: '0' });
    const scope = await post('blade-system/data-scope/submit', {
      menuId: menu?.id,
      resourceCode: 'names_scope',
      scopeName: '名称权限',
      scopeColumn: 'create_dept',
      scopeType: 1,
    });
    const [scopeRow] = await records('blade-system/data-scope/list', { resourceCode: 'names_scope' });
    expect(scopeRow).toMatchObject({ id: scope.id, menuName: menu?.name });
  });

  it('notice rows: categoryName', async () => {
    const category = await dictionary('notice');
    const notice = await post('blade-desk/notice/submit', {
      title: '名称通知',
      category: 1,
      releaseTime: '2026-01-01 08:00:00',
      content: '内容',
    });
    const [row] = await records('blade-desk/notice/list', { title: '名称通知' });
    expect(row).toMatchObject({ id: notice.id, categoryName: category.get('1') });
    expect(row?.categoryName).toBeTruthy();
  });

  it('post rows: categoryName (and the tenant)', async () => {
    const category = await dictionary('post_category');
    const [row] = await records('blade-system/post/list', { postCode: 'NAMES' });
    expect(row).toMatchObject({ id: postRow.id, categoryName: category.get('2'), tenantName });
  });
});
