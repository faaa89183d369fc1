import { deptMessages, type TreeNode, tooLong, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createRole,
  createTenantWithAdmin,
  createUser,
  createUserWithRole,
  FORBIDDEN,
  failure,
  signIn,
  TEST_PASSWORD,
  type TestUser,
  type TrackedClient,
  tableSnapshot,
  trackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';
import { deptRuleMessages as rule } from './rules.js';

/** Departments: the ancestors column, cycles, removal rules, trees, the switch list and tenant isolation. */
const suite = useTestServer();
/** Administrator of a tenant whose tree is built here. */
let tenantT: TestUser;
/** Holds the dept screen but none of its buttons. */
let deptViewer: TestUser;
let noMenus: TestUser;

beforeAll(async () => {
  tenantT = await createTenantWithAdmin(suite.server, '200001');
  deptViewer = await createUserWithRole(suite.server, { account: 'dept_viewer', menuCodes: ['dept'] });
  noMenus = await createUserWithRole(suite.server, { account: 'dept_no_menus' });
});

const snapshot = () => tableSnapshot(suite.server, 'blade_dept');
const ancestorsOf = async (id: string) =>
  (await suite.server.ctx.db.selectFrom('blade_dept').select('ancestors').where('id', '=', id).executeTakeFirstOrThrow()).ancestors;

let seq = 0;
const valid = () => ({ deptName: `机构${++seq}`, fullName: `测试机构${seq}`, deptCategory: 1, sort: seq });
const addDept = (sdk: TrackedClient, parentId?: string, extra: Record<string, unknown> = {}) =>
  sdk.system.dept.submit({ ...valid(), ...(parentId ? { parentId } : {}), ...extra });

function flatten(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
}

describe('dept submit and remove', () => {
  it('keeps ancestors on insert and rewrites them for the whole subtree on a move', async () => {
    const a = await addDept(suite.admin);
    expect(a).toMatchObject({ parentId: '0', ancestors: '0', deptCategory: 1, isDeleted: 0 });
    const b = await addDept(suite.admin, a.id);
    const c = await addDept(suite.admin, b.id);
    expect(b).toMatchObject({ ancestors: `0,${a.id}` });
    expect(await ancestorsOf(c.id)).toBe(`0,${a.id},${b.id}`);
    const d = await addDept(suite.admin);
    const moved = await suite.admin.system.dept.submit({ id: b.id, parentId: d.id });
    expect(moved).toMatchObject({ parentId: d.id, ancestors: `0,${d.id}` });
    expect(await ancestorsOf(c.id)).toBe(`0,${d.id},${b.id}`);
    await suite.admin.system.dept.submit({ id: b.id, parentId: '0' });
    expect(await ancestorsOf(b.id)).toBe('0');
    expect(await ancestorsOf(c.id)).toBe(`0,${b.id}`);
    // A rename leaves the tree alone.
    expect(await suite.admin.system.dept.submit({ id: c.id, deptName: '改名' })).toMatchObject({
      deptName: '改名',
      ancestors: `0,${b.id}`,
    });
  });

  it('refuses a cycle and changes nothing', async () => {
    const a = await addDept(suite.admin);
    const b = await addDept(suite.admin, a.id);
    const c = await addDept(suite.admin, b.id);
    const before = await snapshot();
    for (const parentId of [a.id, b.id, c.id]) {
      expect(await failure(suite.admin, suite.admin.system.dept.submit({ id: a.id, parentId })), parentId).toEqual(bad(rule.deptCycle));
    }
    expect(await failure(suite.admin, suite.admin.system.dept.submit({ id: b.id, parentId: c.id }))).toEqual(bad(rule.deptCycle));
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a parent that is missing, removed or of another tenant', async () => {
    const gone = await addDept(suite.admin);
    await suite.admin.system.dept.remove(gone.id);
    const foreign = await addDept(tenantT.sdk);
    const before = await snapshot();
    for (const parentId of ['123456', gone.id, foreign.id]) {
      expect(await failure(suite.admin, addDept(suite.admin, parentId)), parentId).toEqual(bad(rule.deptParentMissing));
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['without deptName', { deptName: undefined }, deptMessages.deptName],
    ['with a blank deptName', { deptName: '  ' }, deptMessages.deptName],
    ['with a deptName over 45 characters', { deptName: '机'.repeat(46) }, tooLong(45).text],
    ['without fullName', { fullName: undefined }, deptMessages.fullName],
    ['with an empty fullName', { fullName: '' }, deptMessages.fullName],
    ['without deptCategory', { deptCategory: undefined }, deptMessages.deptCategory],
    ['with a deptCategory outside org_category', { deptCategory: 9 }, deptMessages.deptCategory],
    ['without sort', { sort: undefined }, deptMessages.deptSort],
    ['with sort=abc', { sort: 'abc' }, deptMessages.deptSort],
    ['with a malformed parentId', { parentId: 'x1' }, zh('badId')],
  ])('refuses an insert %s', async (_name, change, msg) => {
    const before = await snapshot();
    const body = { ...valid(), ...change };
    expect(await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/dept/submit', undefined, body))).toEqual(bad(msg));
    expect(await snapshot()).toEqual(before);
  });

  it('answers in English with Accept-Language: en', async () => {
    const en = trackedClient(suite.server, { language: 'en' });
    await en.login({ username: 'admin', password: 'admin' });
    expect(await failure(en, en.system.dept.submit({ ...valid(), deptName: '' }))).toEqual(bad('Please enter the department name'));
    const a = await addDept(suite.admin);
    expect(await failure(en, en.system.dept.submit({ id: a.id, parentId: a.id }))).toEqual(
      bad('A department cannot be placed under itself or one of its descendants'),
    );
  });

  it('refuses removing a dept with children or users, all or nothing', async () => {
    const parent = await addDept(suite.admin);
    const child = await addDept(suite.admin, parent.id);
    const staffed = await addDept(suite.admin);
    const role = await createRole(suite.server, { alias: 'dept_staff_role' });
    await createUser(suite.server, { account: 'dept_staff', roleId: role, deptId: `${child.id},${staffed.id}` });
    const empty = await addDept(suite.admin);
    const before = await snapshot();
    expect(await failure(suite.admin, suite.admin.system.dept.remove(parent.id))).toEqual(bad(rule.deptHasChildren));
    expect(await failure(suite.admin, suite.admin.system.dept.remove([empty.id, staffed.id]))).toEqual(bad(rule.deptHasUsers));
    expect(await failure(suite.admin, suite.admin.system.dept.remove([parent.id, child.id]))).toEqual(bad(rule.deptHasUsers));
    expect(await snapshot()).toEqual(before);
    // A parent goes together with its children once nobody works there.
    const lone = await addDept(suite.admin, empty.id);
    expect(await suite.admin.system.dept.remove([empty.id, lone.id])).toBe(true);
    expect(await suite.admin.system.dept.detail(lone.id)).toBeNull();
  });

  it('needs the buttons: the screen alone neither adds, edits nor removes', async () => {
    const row = await addDept(suite.admin);
    const before = await snapshot();
    const sdk = deptViewer.sdk;
    expect((await sdk.system.dept.list({ deptName: row.deptName })).length).toBe(1);
    expect(await failure(sdk, sdk.system.dept.submit(valid()))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.dept.submit({ id: row.id, deptName: 'x' }))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.dept.remove(row.id))).toEqual(FORBIDDEN);
    expect(await failure(noMenus.sdk, noMenus.sdk.system.dept.list())).toEqual(FORBIDDEN);
    expect(await failure(noMenus.sdk, noMenus.sdk.system.dept.listPage())).toEqual(FORBIDDEN);
    expect(await failure(noMenus.sdk, noMenus.sdk.system.dept.lazyList())).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps tenants apart: another tenant's administrator neither sees nor changes a row", async () => {
    const own = await addDept(suite.admin);
    const sdk = tenantT.sdk;
    const before = await snapshot();
    expect(await sdk.system.dept.detail(own.id)).toBeNull();
    expect(await sdk.system.dept.list({ deptName: own.deptName })).toEqual([]);
    expect(await failure(sdk, sdk.system.dept.submit({ id: own.id, deptName: '偷改' }))).toEqual(bad(zh('recordMissing')));
    expect(await failure(sdk, sdk.system.dept.remove(own.id))).toEqual(bad(zh('recordMissing')));
    expect(flatten(await sdk.system.dept.tree()).map((n) => n.id)).not.toContain(own.id);
    expect(await snapshot()).toEqual(before);
  });
});

describe('dept trees and lists', () => {
  /** root1 { a { a1, a2 }, b }, root2 — in tenant 200001, sorted by sort. */
  let t: Record<'root1' | 'a' | 'a1' | 'a2' | 'b' | 'root2', string>;
  beforeAll(async () => {
    const add = async (name: string, sort: number, parentId?: string) =>
      (await addDept(tenantT.sdk, parentId, { deptName: name, fullName: `${name}全称`, sort })).id;
    const root2 = await add('根二', 2);
    const root1 = await add('根一', 1);
    const b = await add('乙', 2, root1);
    const a = await add('甲', 1, root1);
    const a2 = await add('甲二', 2, a);
    const a1 = await add('甲一', 1, a);
    t = { root1, a, a1, a2, b, root2 };
  });
  const sdk = () => tenantT.sdk;
  const node = (id: string, title: string, parentId: string, children?: TreeNode[]) => ({
    id,
    parentId,
    title,
    key: id,
    value: id,
    hasChildren: Boolean(children),
    ...(children ? { children } : {}),
  });
  const fullTree = () => [
    node(t.root1, '根一', '0', [node(t.a, '甲', t.root1, [node(t.a1, '甲一', t.a), node(t.a2, '甲二', t.a)]), node(t.b, '乙', t.root1)]),
    node(t.root2, '根二', '0'),
  ];

  it('tree answers the whole tenant tree as TreeNodes, sorted, children only where there are some', async () => {
    const tree = await sdk().system.dept.tree();
    expect(tree.filter((n) => [t.root1, t.root2].includes(n.id))).toEqual(fullTree());
  });

  it('lazy-tree answers one level with hasChildren, sub-tree the subtree below a dept', async () => {
    const roots = await sdk().system.dept.lazyTree();
    expect(roots.filter((n) => [t.root1, t.root2].includes(n.id))).toEqual([
      { ...node(t.root1, '根一', '0'), hasChildren: true },
      node(t.root2, '根二', '0'),
    ]);
    expect(await sdk().system.dept.lazyTree({ parentId: t.a })).toEqual([node(t.a1, '甲一', t.a), node(t.a2, '甲二', t.a)]);
    expect(await sdk().system.dept.subTree({ parentId: t.root1 })).toEqual(fullTree()[0]!.children);
    expect(await sdk().system.dept.subTree({ parentId: t.b })).toEqual([]);
    expect(await failure(sdk(), sdk().system.dept.subTree({} as never))).toEqual(bad(zh('missingParam')));
  });

  it('lazy-list answers rows of one level with hasChildren and parentName, or matches at any depth', async () => {
    const level = await sdk().system.dept.lazyList({ parentId: t.a });
    expect(level.map((r) => [r.id, r.deptName, r.parentName, r.hasChildren, r.ancestors])).toEqual([
      [t.a1, '甲一', '甲', false, `0,${t.root1},${t.a}`],
      [t.a2, '甲二', '甲', false, `0,${t.root1},${t.a}`],
    ]);
    const top = await sdk().system.dept.lazyList();
    expect(top.find((r) => r.id === t.root1)).toMatchObject({ hasChildren: true, parentName: '顶级' });
    const found = await sdk().system.dept.lazyList({ deptName: '甲' });
    expect(found.map((r) => r.id).sort()).toEqual([t.a, t.a1, t.a2].sort());
  });

  it('list-page pages the rows with hasChildren and filters by parent', async () => {
    const page = await sdk().system.dept.listPage({ parentId: t.root1, size: 10 });
    expect(page).toMatchObject({ total: 2, size: 10, current: 1, pages: 1 });
    expect(page.records.map((r) => [r.deptName, r.hasChildren, r.parentName])).toEqual([
      ['甲', true, '根一'],
      ['乙', false, '根一'],
    ]);
    expect((await sdk().system.dept.listPage({ deptName: '甲二' })).records.map((r) => r.id)).toEqual([t.a2]);
    expect(await failure(sdk(), sdk().system.dept.listPage({ size: 7 }))).toEqual(bad(zh('badPageSize')));
  });

  it('lets only a platform administrator read the tree of another tenant', async () => {
    const ids = (nodes: TreeNode[]) => flatten(nodes).map((n) => n.id);
    expect(ids(await suite.admin.system.dept.tree({ tenantId: '200001' }))).toEqual(expect.arrayContaining(Object.values(t)));
    const ownOnly = await sdk().system.dept.tree({ tenantId: '000000' });
    expect(ids(ownOnly)).toEqual(ids(await sdk().system.dept.tree()));
    expect(ids(await deptViewer.sdk.system.dept.tree({ tenantId: '200001' }))).not.toContain(t.root1);
  });
});

describe('dept select (switch dialog)', () => {
  it("answers the depts a user holds: one's own, or anyone's for a user manager of the tenant", async () => {
    const first = await addDept(suite.admin);
    const second = await addDept(suite.admin);
    const role = await createRole(suite.server, { alias: 'dept_select_role' });
    const userId = await createUser(suite.server, { account: 'dept_select', roleId: role, deptId: `${second.id},${first.id}` });
    const holder = await signIn(suite.server, { account: 'dept_select', password: TEST_PASSWORD });
    expect((await holder.system.dept.select()).map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await suite.admin.system.dept.select({ userId })).map((r) => r.deptName)).toEqual([second.deptName, first.deptName]);
    expect(await failure(deptViewer.sdk, deptViewer.sdk.system.dept.select({ userId }))).toEqual(FORBIDDEN);
    expect(await failure(tenantT.sdk, tenantT.sdk.system.dept.select({ userId }))).toEqual(bad(zh('recordMissing')));
    expect(await failure(suite.admin, suite.admin.system.dept.select({ userId: 'abc' }))).toEqual(bad(zh('badId')));
  });
});
