import { type RoleNode, roleMessages, type TreeNode, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
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
  useTestServer,
} from '../../api-suite.testkit.js';
import { roleRuleMessages as rule } from './rules.js';

/** Roles: the tree and its cycles, removal rules, pickers, the switch list and tenant isolation. */
const suite = useTestServer();
let tenantR: TestUser;
/** Holds the role screen but none of its buttons. */
let roleViewer: TestUser;

beforeAll(async () => {
  tenantR = await createTenantWithAdmin(suite.server, '400001');
  roleViewer = await createUserWithRole(suite.server, { account: 'role_viewer', menuCodes: ['role'] });
});

const snapshot = () => tableSnapshot(suite.server, 'blade_role');
let seq = 0;
const valid = () => ({ roleName: `角色${++seq}`, roleAlias: `role_${seq}`, sort: seq });
const addRole = (sdk: TrackedClient, parentId?: string, extra: Record<string, unknown> = {}) =>
  sdk.system.role.submit({ ...valid(), ...(parentId ? { parentId } : {}), ...extra });
const administratorRoleId = async (tenantId: string) =>
  (
    await suite.server.ctx.db
      .selectFrom('blade_role')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('roleAlias', '=', 'administrator')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

function flatten<T extends { children?: T[] }>(nodes: T[]): T[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
}

describe('role submit and remove', () => {
  it('adds, moves and renames roles', async () => {
    const parent = await addRole(suite.admin);
    expect(parent).toMatchObject({ parentId: '0', tenantId: '000000', isDeleted: 0 });
    const child = await addRole(suite.admin, parent.id);
    expect(child.parentId).toBe(parent.id);
    const other = await addRole(suite.admin);
    expect(await suite.admin.system.role.submit({ id: child.id, parentId: other.id, roleName: '移动' })).toMatchObject({
      parentId: other.id,
      roleName: '移动',
    });
  });

  it.each([
    ['without roleName', { roleName: undefined }, roleMessages.roleName],
    ['with a blank roleName', { roleName: ' ' }, roleMessages.roleName],
    ['without roleAlias', { roleAlias: undefined }, roleMessages.roleAlias],
    ['with an empty roleAlias', { roleAlias: '' }, roleMessages.roleAlias],
    ['without sort', { sort: undefined }, roleMessages.roleSort],
    ['with sort=abc', { sort: 'abc' }, roleMessages.roleSort],
    ['with an alias already used in the tenant', { roleAlias: 'administrator' }, roleMessages.roleAliasTaken],
    ['under a parent that does not exist', { parentId: '123456' }, rule.roleParentMissing],
  ])('refuses an insert %s', async (_name, change, msg) => {
    const before = await snapshot();
    const body = { ...valid(), ...change };
    expect(await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/role/submit', undefined, body))).toEqual(bad(msg));
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a cycle and a parent of another tenant, changing nothing', async () => {
    const a = await addRole(suite.admin);
    const b = await addRole(suite.admin, a.id);
    const c = await addRole(suite.admin, b.id);
    const foreign = await addRole(tenantR.sdk);
    const before = await snapshot();
    for (const parentId of [a.id, b.id, c.id]) {
      expect(await failure(suite.admin, suite.admin.system.role.submit({ id: a.id, parentId })), parentId).toEqual(bad(rule.roleCycle));
    }
    expect(await failure(suite.admin, suite.admin.system.role.submit({ id: a.id, parentId: foreign.id }))).toEqual(
      bad(rule.roleParentMissing),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the administrator role: no removal, no new alias; only administrators hand out that alias', async () => {
    const adminRole = await administratorRoleId('000000');
    const manager = await createUserWithRole(suite.server, {
      account: 'role_manager',
      menuCodes: ['role', 'role_add', 'role_edit', 'role_delete'],
    });
    const own = await addRole(manager.sdk);
    const before = await snapshot();
    expect(await failure(suite.admin, suite.admin.system.role.remove(adminRole))).toEqual(bad(rule.administratorKept));
    expect(await failure(suite.admin, suite.admin.system.role.submit({ id: adminRole, roleAlias: 'boss' }))).toEqual(
      bad(rule.administratorAlias),
    );
    const noAdministrator = { status: 403, code: 403, msg: rule.noAdministrator };
    expect(await failure(manager.sdk, manager.sdk.system.role.submit({ id: own.id, roleAlias: 'administrator' }))).toEqual(noAdministrator);
    expect(await failure(tenantR.sdk, tenantR.sdk.system.role.remove(await administratorRoleId('400001')))).toEqual(
      bad(rule.administratorKept),
    );
    expect(await snapshot()).toEqual(before);
    expect(await suite.admin.system.role.submit({ id: adminRole, roleName: '超级管理员' })).toMatchObject({ roleAlias: 'administrator' });
  });

  it('refuses removing a role with children or users, all or nothing', async () => {
    const parent = await addRole(suite.admin);
    const child = await addRole(suite.admin, parent.id);
    const held = await addRole(suite.admin);
    await createUser(suite.server, { account: 'role_holder', roleId: `${child.id},${held.id}` });
    const free = await addRole(suite.admin);
    const before = await snapshot();
    expect(await failure(suite.admin, suite.admin.system.role.remove(parent.id))).toEqual(bad(rule.roleHasChildren));
    expect(await failure(suite.admin, suite.admin.system.role.remove([free.id, held.id]))).toEqual(bad(rule.roleHasUsers));
    expect(await snapshot()).toEqual(before);
    const leaf = await addRole(suite.admin, free.id);
    expect(await suite.admin.system.role.remove([free.id, leaf.id])).toBe(true);
    expect(await suite.admin.system.role.detail(free.id)).toBeNull();
  });

  it("keeps tenants apart: another tenant's administrator neither sees nor changes a row", async () => {
    const own = await addRole(suite.admin);
    const sdk = tenantR.sdk;
    const before = await snapshot();
    expect(await sdk.system.role.detail(own.id)).toBeNull();
    expect(flatten(await sdk.system.role.list()).map((r) => r.id)).not.toContain(own.id);
    expect(await failure(sdk, sdk.system.role.submit({ id: own.id, roleName: '偷改' }))).toEqual(bad(zh('recordMissing')));
    expect(await failure(sdk, sdk.system.role.remove(own.id))).toEqual(bad(zh('recordMissing')));
    expect(await snapshot()).toEqual(before);
  });

  it('needs the buttons: the screen alone neither adds, edits nor removes', async () => {
    const row = await addRole(suite.admin);
    const sdk = roleViewer.sdk;
    const before = await snapshot();
    expect(flatten(await sdk.system.role.list()).map((r) => r.id)).toContain(row.id);
    expect(await failure(sdk, addRole(sdk))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.role.submit({ id: row.id, roleName: 'x' }))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.role.remove(row.id))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.role.grant({ roleIds: [row.id], menuIds: [] }))).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(before);
  });
});

describe('role lists and trees', () => {
  /** boss { lead { staff } }, guest — in tenant 400001, plus its administrator role. */
  let t: Record<'boss' | 'lead' | 'staff' | 'guest' | 'administrator', string>;
  beforeAll(async () => {
    const add = async (roleName: string, sort: number, parentId?: string) =>
      (await addRole(tenantR.sdk, parentId, { roleName, roleAlias: `t_${roleName}`, sort })).id;
    const guest = await add('guest', 20);
    const boss = await add('boss', 10);
    const lead = await add('lead', 1, boss);
    const staff = await add('staff', 1, lead);
    t = { boss, lead, staff, guest, administrator: await administratorRoleId('400001') };
  });
  const node = (id: string, title: string, parentId: string, children?: TreeNode[]) => ({
    id,
    parentId,
    title,
    key: id,
    value: id,
    hasChildren: Boolean(children),
    ...(children ? { children } : {}),
  });
  const bossTree = () => node(t.boss, 'boss', '0', [node(t.lead, 'lead', t.boss, [node(t.staff, 'staff', t.lead)])]);

  it('list answers the tree list with full rows, and filters keep matching roles', async () => {
    const known = new Set(Object.values(t));
    const list = (await tenantR.sdk.system.role.list({ current: 1, size: 10 })).filter((r) => known.has(r.id));
    expect(list.map((r) => r.id)).toEqual([t.administrator, t.boss, t.guest]);
    const boss = list[1] as RoleNode;
    expect(boss).toMatchObject({ roleName: 'boss', roleAlias: 't_boss', tenantId: '400001', hasChildren: true });
    expect(boss.children!.map((r) => [r.roleName, r.hasChildren, r.children?.[0]?.roleName])).toEqual([['lead', true, 'staff']]);
    expect(list[2]).not.toHaveProperty('children');
    const found = await tenantR.sdk.system.role.list({ roleName: 'sta' });
    expect(found.map((r) => [r.id, r.hasChildren])).toEqual([[t.staff, false]]);
  });

  it('tree answers TreeNodes; the administrator role only to administrators', async () => {
    const known = new Set(Object.values(t));
    expect((await tenantR.sdk.system.role.tree()).filter((n) => known.has(n.id))).toEqual([
      node(t.administrator, (await tenantR.sdk.system.role.detail(t.administrator)).roleName, '0'),
      bossTree(),
      node(t.guest, 'guest', '0'),
    ]);
    const viewerTree = flatten(await roleViewer.sdk.system.role.tree());
    expect(viewerTree.map((n) => n.id)).not.toContain(await administratorRoleId('000000'));
    expect(viewerTree.map((n) => n.id)).not.toContain(t.boss);
    expect(flatten(await suite.admin.system.role.tree({ tenantId: '400001' })).map((n) => n.id)).toEqual(
      expect.arrayContaining(Object.values(t)),
    );
    expect(flatten(await tenantR.sdk.system.role.tree({ tenantId: '000000' })).map((n) => n.id)).not.toContain(
      await administratorRoleId('000000'),
    );
  });

  it('tree-by-id leaves out the role and its descendants', async () => {
    const tree = await tenantR.sdk.system.role.treeById({ roleId: t.lead });
    const known = new Set(Object.values(t));
    expect(tree.filter((n) => known.has(n.id))).toEqual([
      node(t.administrator, 'administrator', '0'),
      node(t.boss, 'boss', '0'),
      node(t.guest, 'guest', '0'),
    ]);
    const withoutBoss = flatten(await tenantR.sdk.system.role.treeById({ roleId: t.boss })).map((n) => n.id);
    expect(withoutBoss.filter((id) => known.has(id))).toEqual([t.administrator, t.guest]);
  });

  it('select answers the roles a user holds, for themself or a user manager', async () => {
    const userId = await createUser(suite.server, { tenantId: '400001', account: 'two_roles', roleId: `${t.guest},${t.lead}` });
    const holder = await signIn(suite.server, { tenantId: '400001', account: 'two_roles', password: TEST_PASSWORD });
    expect((await holder.system.role.select()).map((r) => [r.id, r.roleName])).toEqual([
      [t.guest, 'guest'],
      [t.lead, 'lead'],
    ]);
    expect(await failure(holder, holder.system.role.select({ userId: tenantR.id }))).toEqual(FORBIDDEN);
    expect((await tenantR.sdk.system.role.select({ userId })).map((r) => r.id)).toEqual([t.guest, t.lead]);
    expect(await failure(suite.admin, suite.admin.system.role.select({ userId }))).toEqual(bad(zh('recordMissing')));
    const manager = await createUserWithRole(suite.server, { tenantId: '400001', account: 'user_manager', menuCodes: ['user'] });
    expect((await manager.sdk.system.role.select({ userId })).map((r) => r.id)).toEqual([t.guest, t.lead]);
  });
});
