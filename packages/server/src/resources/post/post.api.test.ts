import { postMessages, tooLong, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createRole,
  createTenantWithAdmin,
  createUser,
  createUserWithRole,
  FORBIDDEN,
  failure,
  type TestUser,
  tableSnapshot,
  trackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';

/** Posts: messages, unique codes per tenant, the page by dept, the select box and isolation. */
const suite = useTestServer();
let tenantP: TestUser;
let postViewer: TestUser;

beforeAll(async () => {
  tenantP = await createTenantWithAdmin(suite.server, '300001');
  postViewer = await createUserWithRole(suite.server, { account: 'post_viewer', menuCodes: ['post'] });
});

const snapshot = () => tableSnapshot(suite.server, 'blade_post');
let seq = 0;
const valid = () => ({ category: 2, postCode: `P${++seq}`, postName: `岗位${seq}`, sort: seq });

describe('post', () => {
  it('adds, reads, updates and removes a post', async () => {
    const row = await suite.admin.system.post.submit({ ...valid(), postCode: 'CEO', postName: '总经理', remark: '备注' });
    expect(row).toMatchObject({ category: 2, postCode: 'CEO', postName: '总经理', remark: '备注', tenantId: '000000', isDeleted: 0 });
    expect(await suite.admin.system.post.detail(row.id)).toEqual(row);
    expect(await suite.admin.system.post.submit({ id: row.id, category: '3', postName: '副总' })).toMatchObject({
      category: 3,
      postName: '副总',
    });
    expect((await suite.admin.system.post.page({ postCode: 'CEO' })).records.map((r) => r.id)).toEqual([row.id]);
    expect(await suite.admin.system.post.remove(row.id)).toBe(true);
    expect(await suite.admin.system.post.detail(row.id)).toBeNull();
  });

  it.each([
    ['without category', { category: undefined }, postMessages.category],
    ['with an empty category', { category: '' }, postMessages.category],
    ['with a category outside post_category', { category: 7 }, postMessages.category],
    ['without postCode', { postCode: undefined }, postMessages.postCode],
    ['with a blank postCode', { postCode: ' ' }, postMessages.postCode],
    ['with a postCode over 12 characters', { postCode: 'P'.repeat(13) }, tooLong(12).text],
    ['without postName', { postName: undefined }, postMessages.postName],
    ['with an empty postName', { postName: '' }, postMessages.postName],
    ['without sort', { sort: undefined }, postMessages.postSort],
    ['with sort=x', { sort: 'x' }, postMessages.postSort],
  ])('refuses an insert %s', async (_name, change, msg) => {
    const before = await snapshot();
    const body = { ...valid(), ...change };
    expect(await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/post/submit', undefined, body))).toEqual(bad(msg));
    expect(await snapshot()).toEqual(before);
  });

  it('keeps post codes unique within a tenant only', async () => {
    const first = await suite.admin.system.post.submit({ ...valid(), postCode: 'DUP' });
    const before = await snapshot();
    expect(await failure(suite.admin, suite.admin.system.post.submit({ ...valid(), postCode: 'DUP' }))).toEqual(
      bad(postMessages.postCodeTaken),
    );
    const other = await suite.admin.system.post.submit(valid());
    expect(await failure(suite.admin, suite.admin.system.post.submit({ id: other.id, postCode: 'DUP' }))).toEqual(
      bad(postMessages.postCodeTaken),
    );
    expect((await snapshot()).length).toBe(before.length + 1);
    expect(await tenantP.sdk.system.post.submit({ ...valid(), postCode: 'DUP' })).toMatchObject({ postCode: 'DUP', tenantId: '300001' });
    await suite.admin.system.post.remove(first.id);
    expect((await suite.admin.system.post.submit({ id: other.id, postCode: 'DUP' })).postCode).toBe('DUP');
  });

  it('answers in English with Accept-Language: en', async () => {
    const en = trackedClient(suite.server, { language: 'en' });
    await en.login({ username: 'admin', password: 'admin' });
    expect(await failure(en, en.system.post.submit({ ...valid(), postCode: '' }))).toEqual(bad('Please enter the post code'));
    expect(await failure(en, en.system.post.submit({ ...valid(), category: 9 }))).toEqual(bad('Please choose the post type'));
  });

  it('page with deptId keeps the posts held by users of that dept', async () => {
    const [held, alsoHeld, elsewhere, unheld] = await Promise.all([1, 2, 3, 4].map(() => suite.admin.system.post.submit(valid())));
    const dept = await suite.admin.system.dept.submit({ deptName: '岗位部门', fullName: '岗位部门', deptCategory: 2, sort: 1 });
    const otherDept = await suite.admin.system.dept.submit({ deptName: '别的部门', fullName: '别的部门', deptCategory: 2, sort: 2 });
    const role = await createRole(suite.server, { alias: 'post_page_role' });
    const add = async (account: string, deptId: string, postId: string) => {
      const id = await createUser(suite.server, { account, roleId: role, deptId });
      await suite.server.ctx.db.updateTable('blade_user').set({ postId }).where('id', '=', id).execute();
    };
    await add('post_user_a', `${otherDept.id},${dept.id}`, `${held!.id},${alsoHeld!.id}`);
    await add('post_user_b', dept.id, held!.id);
    await add('post_user_c', otherDept.id, elsewhere!.id);
    const ids = async (deptId: string) => (await suite.admin.system.post.page({ deptId, size: 200 })).records.map((r) => r.id).sort();
    expect(await ids(dept.id)).toEqual([held!.id, alsoHeld!.id].sort());
    expect(await ids(otherDept.id)).toEqual([held!.id, alsoHeld!.id, elsewhere!.id].sort());
    expect((await suite.admin.system.post.page({ size: 200 })).records.map((r) => r.id)).toContain(unheld!.id);
    expect((await suite.admin.system.post.page({ deptId: dept.id, postCode: held!.postCode })).records.map((r) => r.id)).toEqual([
      held!.id,
    ]);
    expect(await ids('123456')).toEqual([]);
    expect(await failure(suite.admin, suite.admin.system.post.page({ deptId: 'abc' }))).toEqual(bad(zh('badId')));
    const select = await suite.admin.system.post.select({ deptId: dept.id });
    expect(select.map((r) => r.id).sort()).toEqual([held!.id, alsoHeld!.id].sort());
  });

  it('select lists the tenant posts; only a platform administrator may name another tenant', async () => {
    const mine = await tenantP.sdk.system.post.submit(valid());
    const platformRows = await suite.admin.system.post.select();
    expect(platformRows.every((r) => r.tenantId === '000000')).toBe(true);
    expect(platformRows.map((r) => r.sort)).toEqual([...platformRows.map((r) => r.sort)].sort((a, b) => a - b));
    expect((await suite.admin.system.post.select({ tenantId: '300001' })).map((r) => r.id)).toContain(mine.id);
    const own = await tenantP.sdk.system.post.select({ tenantId: '000000' });
    expect(own.every((r) => r.tenantId === '300001')).toBe(true);
    expect(own.map((r) => r.id)).toContain(mine.id);
    expect((await postViewer.sdk.system.post.select({ tenantId: '300001' })).map((r) => r.id)).not.toContain(mine.id);
  });

  it("keeps tenants apart: another tenant's administrator neither sees nor changes a row", async () => {
    const own = await suite.admin.system.post.submit(valid());
    const sdk = tenantP.sdk;
    const before = await snapshot();
    expect(await sdk.system.post.detail(own.id)).toBeNull();
    expect((await sdk.system.post.page({ postCode: own.postCode })).total).toBe(0);
    expect(await failure(sdk, sdk.system.post.submit({ id: own.id, postName: '偷改' }))).toEqual(bad(zh('recordMissing')));
    expect(await failure(sdk, sdk.system.post.remove(own.id))).toEqual(bad(zh('recordMissing')));
    expect(await snapshot()).toEqual(before);
  });

  it('needs the buttons: the screen alone neither adds, edits nor removes', async () => {
    const row = await suite.admin.system.post.submit(valid());
    const sdk = postViewer.sdk;
    const before = await snapshot();
    expect((await sdk.system.post.page({ postCode: row.postCode })).total).toBe(1);
    expect(await failure(sdk, sdk.system.post.submit(valid()))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.post.submit({ id: row.id, postName: 'x' }))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.post.remove(row.id))).toEqual(FORBIDDEN);
    const noMenus = await createUserWithRole(suite.server, { account: 'post_no_menus' });
    expect(await failure(noMenus.sdk, noMenus.sdk.system.post.page())).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(before);
  });
});
