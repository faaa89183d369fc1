import { messageIn, userMessages } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { createRole, createUserWithRole, useTestServer } from '../api-suite.testkit.js';
import {
  createApp,
  expectScimError,
  GROUP,
  mintToken,
  PLATFORM_GROUP,
  patchBody,
  type ScimCall,
  scimClient,
  scimOfNewApp,
  USER,
} from './scim.testkit.js';

/** SCIM Groups: departments and roles of the tenant, their members, and the platform's rules on each. */
const suite = useTestServer();

const department = (displayName: string, over: Record<string, unknown> = {}) => ({
  schemas: [GROUP, PLATFORM_GROUP],
  displayName,
  ...over,
});

async function newUser(scim: ScimCall, userName: string): Promise<string> {
  const answer = await scim('POST', '/Users', { schemas: [USER], userName, name: { formatted: userName.slice(0, 10) } });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

const deptIdsOf = async (userId: string) =>
  await suite.server.ctx.db.selectFrom('blade_user').select(['deptId', 'roleId']).where('id', '=', userId).executeTakeFirstOrThrow();

const memberValues = (group: { members: { value: string }[] }) => group.members.map((m) => m.value).sort();

describe('SCIM Groups', () => {
  it('creates a department under a parent with members, who hold it as a department', async () => {
    const { scim } = await scimOfNewApp(suite);
    const ann = await newUser(scim, 'grp_ann');
    const ben = await newUser(scim, 'grp_ben');
    const parent = await scim('POST', '/Groups', department('财务部', { externalId: 'finance-ext' }));
    expect(parent.status).toBe(201);
    expect(parent.body).toMatchObject({
      id: expect.stringMatching(/^dept-\d+$/),
      externalId: 'finance-ext',
      displayName: '财务部',
      members: [],
      [PLATFORM_GROUP]: { kind: 'department', parent: '' },
      meta: { resourceType: 'Group' },
    });
    const child = await scim(
      'POST',
      '/Groups',
      department('应收组', { [PLATFORM_GROUP]: { parent: parent.body.id }, members: [{ value: ann }, { value: ben }] }),
    );
    expect(child.status).toBe(201);
    expect(child.body[PLATFORM_GROUP]).toEqual({ kind: 'department', parent: parent.body.id });
    expect(memberValues(child.body)).toEqual([ann, ben].sort());
    const deptId = child.body.id.slice('dept-'.length);
    expect((await deptIdsOf(ann)).deptId).toBe(deptId);
    const dept = await suite.server.ctx.db
      .selectFrom('blade_dept')
      .select(['deptName', 'parentId', 'ancestors'])
      .where('id', '=', deptId)
      .executeTakeFirstOrThrow();
    expect(dept).toEqual({ deptName: '应收组', parentId: parent.body.id.slice(5), ancestors: `0,${parent.body.id.slice(5)}` });
    const user = await scim('GET', `/Users/${ann}`);
    expect(user.body.groups).toEqual([expect.objectContaining({ value: child.body.id, display: '应收组', type: 'department' })]);
    expect(user.body['urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'].department).toBe('应收组');
  });

  it('lists departments and roles, told apart by id and kind, filtered and paged', async () => {
    const { scim } = await scimOfNewApp(suite);
    await scim('POST', '/Groups', department('列表部'));
    const all = await scim('GET', '/Groups?count=500');
    const ids: string[] = all.body.Resources.map((g: { id: string }) => g.id);
    expect(ids.some((id) => id.startsWith('dept-'))).toBe(true);
    expect(ids.some((id) => id.startsWith('role-'))).toBe(true);
    const roles = await scim('GET', `/Groups?filter=${encodeURIComponent(`${PLATFORM_GROUP}:kind eq "role"`)}&count=500`);
    expect(roles.body.Resources.every((g: { id: string }) => g.id.startsWith('role-'))).toBe(true);
    const named = await scim('GET', `/Groups?filter=${encodeURIComponent('displayname eq "列表部"')}&excludedAttributes=members`);
    expect(named.body).toMatchObject({ totalResults: 1, Resources: [{ displayName: '列表部' }] });
    expect(named.body.Resources[0]).not.toHaveProperty('members');
    // Without its members a listed group carries no version: a version is always the whole group's.
    expect(named.body.Resources[0].meta).not.toHaveProperty('version');
    const one = await scim('GET', `/Groups/${named.body.Resources[0].id}`);
    const byId = await scim('GET', `/Groups?filter=${encodeURIComponent(`id eq "${one.body.id}"`)}`);
    expect(byId.body.Resources).toEqual([one.body]);
    const byKind = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent(`${PLATFORM_GROUP}:kind eq "DEPARTMENT" and displayName eq "列表部"`)}`,
    );
    expect(byKind.body.Resources).toEqual([one.body]);
    const page = await scim('GET', '/Groups?startIndex=2&count=1');
    expect(page.body).toMatchObject({ totalResults: all.body.totalResults, startIndex: 2, itemsPerPage: 1 });
  });

  it('patches members (add, remove by filter, remove by value), the name and the parent', async () => {
    const { scim } = await scimOfNewApp(suite);
    const [a, b, c] = [await newUser(scim, 'pm_a'), await newUser(scim, 'pm_b'), await newUser(scim, 'pm_c')];
    const group = (await scim('POST', '/Groups', department('成员部'))).body;
    const other = (await scim('POST', '/Groups', department('上级部'))).body;
    const added = await scim(
      'PATCH',
      `/Groups/${group.id}`,
      patchBody({ op: 'add', path: 'members', value: [{ value: a }, { value: b }, { value: c }] }),
    );
    expect(added.status).toBe(200);
    expect(memberValues(added.body)).toEqual([a, b, c].sort());
    const removed = await scim('PATCH', `/Groups/${group.id}`, patchBody({ op: 'remove', path: `members[value eq "${b}"]` }));
    expect(memberValues(removed.body)).toEqual([a, c].sort());
    expect((await deptIdsOf(b)).deptId).toBeNull();
    const byValue = await scim(
      'PATCH',
      `/Groups/${group.id}`,
      patchBody(
        { op: 'remove', path: 'members', value: [{ value: c }] },
        { op: 'replace', path: 'displayName', value: '改名部' },
        { op: 'replace', path: `${PLATFORM_GROUP}:parent`, value: other.id },
      ),
    );
    expect(byValue.body).toMatchObject({ displayName: '改名部', [PLATFORM_GROUP]: { parent: other.id } });
    expect(memberValues(byValue.body)).toEqual([a]);
    expectScimError(
      await scim('PATCH', `/Groups/${group.id}`, patchBody({ op: 'add', path: 'members', value: [{ value: '123' }] })),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim('PATCH', `/Groups/${other.id}`, patchBody({ op: 'replace', path: `${PLATFORM_GROUP}:parent`, value: group.id })),
      400,
    );
    const put = await scim('PUT', `/Groups/${group.id}`, department('改名部', { members: [{ value: b }] }));
    expect(memberValues(put.body)).toEqual([b]);
    expect((await deptIdsOf(a)).deptId).toBeNull();
  });

  it('changes role members through the rule of role grants: only an administrator hands out the administrator role', async () => {
    const { scim } = await scimOfNewApp(suite);
    const user = await newUser(scim, 'role_member');
    const roleId = await createRole(suite.server, { alias: 'scim_clerk', name: '出纳' });
    const patched = await scim('PATCH', `/Groups/role-${roleId}`, patchBody({ op: 'add', path: 'members', value: [{ value: user }] }));
    expect(patched.status).toBe(200);
    expect(patched.body[PLATFORM_GROUP]).toEqual({ kind: 'role' });
    expect((await deptIdsOf(user)).roleId).toBe(roleId);
    expect((await scim('GET', `/Users/${user}`)).body.groups).toContainEqual(
      expect.objectContaining({ value: `role-${roleId}`, type: 'role', display: '出纳' }),
    );

    // A token minted by a manager who is no administrator cannot make anyone an administrator.
    const manager = await createUserWithRole(suite.server, {
      account: 'scim_manager',
      menuCodes: ['app', 'app_add', 'app_edit', 'user', 'user_add', 'user_edit', 'role'],
    });
    const limited = scimClient(suite.server, await mintToken(manager.sdk, await createApp(manager.sdk)));
    const administrator = await suite.server.ctx.db
      .selectFrom('blade_role')
      .select('id')
      .where('roleAlias', '=', 'administrator')
      .where('tenantId', '=', '000000')
      .executeTakeFirstOrThrow();
    const refused = await limited(
      'PATCH',
      `/Groups/role-${administrator.id}`,
      patchBody({ op: 'add', path: 'members', value: [{ value: user }] }),
    );
    expectScimError(refused, 400);
    expect(refused.body.detail).toBe(messageIn(userMessages.say.administratorOnly, 'en'));
    expect((await deptIdsOf(user)).roleId).toBe(roleId);

    expectScimError(await scim('POST', '/Groups', department('新角色', { [PLATFORM_GROUP]: { kind: 'role' } })), 400, 'mutability');
    expectScimError(await scim('DELETE', `/Groups/role-${roleId}`), 400, 'mutability');
    expectScimError(
      await scim('PATCH', `/Groups/role-${roleId}`, patchBody({ op: 'replace', path: `${PLATFORM_GROUP}:kind`, value: 'department' })),
      400,
      'mutability',
    );
  });

  it('refuses a stale If-Match with 412: a membership change gives a new version', async () => {
    const { scim } = await scimOfNewApp(suite);
    const user = await newUser(scim, 'etag_member');
    const group = (await scim('POST', '/Groups', department('版本部'))).body;
    const added = await scim('PATCH', `/Groups/${group.id}`, patchBody({ op: 'add', path: 'members', value: [{ value: user }] }), {
      'if-match': group.meta.version,
    });
    expect(added.status).toBe(200);
    expect(added.headers.get('etag')).toBe(added.body.meta.version);
    expect(added.body.meta.version).not.toBe(group.meta.version);
    expectScimError(await scim('PUT', `/Groups/${group.id}`, department('版本部'), { 'if-match': group.meta.version }), 412);
    expectScimError(await scim('DELETE', `/Groups/${group.id}`, undefined, { 'if-match': group.meta.version }), 412);
    expect(memberValues((await scim('GET', `/Groups/${group.id}`)).body)).toEqual([user]);
  });

  it('deletes a department only as the department rules allow', async () => {
    const { scim } = await scimOfNewApp(suite);
    const user = await newUser(scim, 'del_member');
    const parent = (await scim('POST', '/Groups', department('删除部'))).body;
    const child = (
      await scim('POST', '/Groups', department('删除组', { [PLATFORM_GROUP]: { parent: parent.id }, members: [{ value: user }] }))
    ).body;
    expectScimError(await scim('DELETE', `/Groups/${parent.id}`), 400);
    expectScimError(await scim('DELETE', `/Groups/${child.id}`), 400);
    await scim('PATCH', `/Groups/${child.id}`, patchBody({ op: 'remove', path: 'members' }));
    expect((await scim('DELETE', `/Groups/${child.id}`)).status).toBe(204);
    expectScimError(await scim('GET', `/Groups/${child.id}`), 404);
    expect((await scim('DELETE', `/Groups/${parent.id}`)).status).toBe(204);
  });

  it('answers bad group input with SCIM errors', async () => {
    const { scim } = await scimOfNewApp(suite);
    expectScimError(await scim('GET', '/Groups/dept-abc'), 404);
    expectScimError(await scim('GET', '/Groups/post-1'), 404);
    expectScimError(await scim('GET', '/Groups/dept-9999999999999999999'), 404);
    expectScimError(await scim('POST', '/Groups', department('x', { members: [{ value: '9999999999999999999' }] })), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Groups', { displayName: 'x' }), 400, 'invalidSyntax');
    expectScimError(await scim('POST', '/Groups', department('')), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Groups', department('x'.repeat(100))), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Groups', department('x', { [PLATFORM_GROUP]: { parent: 'role-1' } })), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Groups', department('x', { [PLATFORM_GROUP]: { parent: 'dept-1' } })), 400);
    expectScimError(await scim('POST', '/Groups', department('x', { members: 'all' })), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Groups', department('x', { members: [{ value: 'abc' }] })), 400, 'invalidValue');
    expectScimError(await scim('GET', `/Groups?filter=${encodeURIComponent('members[value eq "1"')}`), 400, 'invalidFilter');
  });
});
