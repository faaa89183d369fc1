import { matterMessages as m, noApproverFor, workflowMessages } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { bad, createTenantWithAdmin, failure, tableSnapshot, useTestServer } from '../../api-suite.testkit.js';
import { removeExpiredAppRoleGrants } from '../../domain/app-role-grants.js';
import { chain, decide, MATTER, NODE, person, requestRole, todo, trail, WORKFLOW } from './access-request.testkit.js';
import { heldAppRoleIds } from './app-roles.js';

/** Access requests: the chain walks its nodes in order, only the current approver acts, approval grants exactly the role asked for. */
const suite = useTestServer();
type Row = Record<string, unknown>;

const held = async (userId: string) => heldAppRoleIds(suite.server.ctx.db, '000000', userId);
const matters = () => tableSnapshot(suite.server, 'blade_app_workflow_matter');
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('a request walks its chain', () => {
  it('waits for the department head, then the owner, and the last approval grants exactly the requested role', async () => {
    const c = await chain(suite);
    const asked = await requestRole(c.staff, { appId: c.appId, appRoleId: c.roleIds[0], reason: '需要查看报表' });
    expect(asked).toMatchObject({
      matterStatus: 'pending',
      currentNodeName: '部门负责人',
      appRoleName: expect.stringContaining('viewer'),
      requesterName: expect.any(String),
    });
    expect((await todo(c.head)).map((r) => r.id)).toEqual([asked.id]);
    expect(await todo(c.owner)).toEqual([]);

    const first = await decide(c.head, 'approve', { id: asked.id, comment: '同意' });
    expect(first).toMatchObject({ matterStatus: 'pending', currentNodeName: '应用负责人' });
    expect(await todo(c.head)).toEqual([]);
    expect((await todo(c.owner)).map((r) => r.id)).toEqual([asked.id]);
    expect(await held(c.staff.id)).toEqual(new Set());

    const last = await decide(c.owner, 'approve', { id: asked.id });
    expect(last).toMatchObject({ matterStatus: 'approved', finishTime: expect.any(String) });
    expect(await held(c.staff.id)).toEqual(new Set([c.roleIds[0]]));
    expect(await todo(c.owner)).toEqual([]);

    const steps = await trail(c.staff, asked.id);
    expect(steps.map((s) => [s.action, s.nodeName, s.actorId])).toEqual([
      ['submit', '', c.staff.id],
      ['approve', '部门负责人', c.head.id],
      ['approve', '应用负责人', c.owner.id],
      ['grant', '应用负责人', c.owner.id],
    ]);
    expect(steps[1]).toMatchObject({ comment: '同意', actorName: expect.any(String) });
    const done = (await c.head.sdk.call('GET', `${MATTER}/done-page`, {})) as { records: Row[] };
    expect(done.records.map((r) => r.id)).toEqual([asked.id]);
    const mine = (await c.staff.sdk.call('GET', `${MATTER}/my-page`, { matterStatus: 'approved' })) as { records: Row[] };
    expect(mine.records.map((r) => r.id)).toEqual([asked.id]);

    // Held now: asking again is refused.
    expect(await failure(c.staff.sdk, requestRole(c.staff, { appId: c.appId, appRoleId: c.roleIds[0], reason: '再要' }))).toEqual(
      bad(m.alreadyHeld),
    );
    const roles = (await c.staff.sdk.call('GET', `${MATTER}/roles`, { appId: c.appId })) as Row[];
    expect(roles.map((r) => [r.id, r.held, r.pending])).toEqual([
      [c.roleIds[0], true, false],
      [c.roleIds[1], false, false],
    ]);
  });

  it('lets only the approver of the current node act, and changes nothing otherwise', async () => {
    const c = await chain(suite);
    const asked = await requestRole(c.staff, { appId: c.appId, appRoleId: c.roleIds[1], reason: '编辑' });
    const before = await matters();
    for (const who of [c.owner, c.staff]) {
      expect(await failure(who.sdk, decide(who, 'approve', { id: asked.id }))).toEqual(bad(m.notApprover));
      expect(await failure(who.sdk, decide(who, 'reject', { id: asked.id, comment: '不行' }))).toEqual(bad(m.notApprover));
    }
    expect(await failure(c.head.sdk, decide(c.head, 'withdraw', { id: asked.id }))).toEqual(bad(m.notRequester));
    expect(await matters()).toEqual(before);
    // A second pending request for the same role is refused.
    expect(await failure(c.staff.sdk, requestRole(c.staff, { appId: c.appId, appRoleId: c.roleIds[1], reason: '再次' }))).toEqual(
      bad(m.alreadyPending),
    );
  });

  it('ends rejected with the comment, and a rejection needs one', async () => {
    const c = await chain(suite);
    const asked = await requestRole(c.staff, { appId: c.appId, appRoleId: c.roleIds[0], reason: '试试' });
    expect(await failure(c.head.sdk, decide(c.head, 'reject', { id: asked.id }))).toEqual(bad(m.comment));
    const rejected = await decide(c.head, 'reject', { id: asked.id, comment: '理由不足' });
    expect(rejected).toMatchObject({ matterStatus: 'rejected', currentNodeName: '部门负责人', finishTime: expect.any(String) });
    expect((await trail(c.staff, asked.id)).at(-1)).toMatchObject({ action: 'reject', comment: '理由不足', actorId: c.head.id });
    expect(await failure(c.owner.sdk, decide(c.owner, 'approve', { id: asked.id }))).toEqual(bad(m.notPending));
    expect(await held(c.staff.id)).toEqual(new Set());
  });

  it('is withdrawn by its requester, after which nobody may act on it', async () => {
    const c = await chain(suite);
    const asked = await requestRole(c.staff, { appId: c.appId, appRoleId: c.roleIds[0], reason: '撤回测试' });
    expect(await decide(c.staff, 'withdraw', { id: asked.id })).toMatchObject({ matterStatus: 'withdrawn' });
    expect(await todo(c.head)).toEqual([]);
    expect(await failure(c.head.sdk, decide(c.head, 'approve', { id: asked.id }))).toEqual(bad(m.notPending));
    expect(await failure(c.staff.sdk, decide(c.staff, 'withdraw', { id: asked.id }))).toEqual(bad(m.notPending));
  });
});

describe('what approval grants', () => {
  it('grants with the requested expiry, and the grant is removed once it has passed', async () => {
    const c = await chain(suite);
    const day = tomorrow();
    const asked = await requestRole(c.staff, { appId: c.appId, appRoleId: c.roleIds[1], reason: '临时', expireTime: day });
    expect(asked.expireTime).toMatch(new RegExp(`^${day}`));
    await decide(c.head, 'approve', { id: asked.id });
    await decide(c.owner, 'approve', { id: asked.id });
    const grant = await suite.server.ctx.db
      .selectFrom('blade_user_authorized_role')
      .selectAll()
      .where('userId', '=', c.staff.id)
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    expect(grant).toMatchObject({ appRoleId: c.roleIds[1], source: 'request', requestId: String(asked.id) });
    expect(grant.expireTime?.getTime()).toBe(new Date(`${day}T00:00:00`).getTime());
    expect(await held(c.staff.id)).toEqual(new Set([c.roleIds[1]]));
    await removeExpiredAppRoleGrants(suite.server.ctx, new Date(Date.now() + 2 * 86_400_000));
    expect(await held(c.staff.id)).toEqual(new Set());
    // Expired and removed: the role may be asked for again.
    expect(await requestRole(c.staff, { appId: c.appId, appRoleId: c.roleIds[1], reason: '续期' })).toMatchObject({
      matterStatus: 'pending',
    });
  });

  it('rejects the request when separation of duties refuses the grant, the refusal in its log', async () => {
    const c = await chain(suite);
    await suite.admin.call('POST', '/api/blade-abs/appincompatiblerule/submit', undefined, {
      ruleName: `查看与编辑${c.appId}`,
      appRoleIds: c.roleIds.join(','),
    });
    await suite.admin.call('POST', '/api/blade-aps/userauthorizedrole/submit', undefined, {
      userId: c.staff.id,
      appId: c.appId,
      appRoleId: c.roleIds[0],
    });
    const asked = await requestRole(c.staff, { appId: c.appId, appRoleId: c.roleIds[1], reason: '兼任' });
    await decide(c.head, 'approve', { id: asked.id });
    const last = await decide(c.owner, 'approve', { id: asked.id });
    expect(last).toMatchObject({ matterStatus: 'rejected' });
    const refusal = (await trail(c.staff, asked.id)).at(-1);
    expect(refusal).toMatchObject({ action: 'refuse', actorId: c.owner.id });
    expect(refusal?.comment).toContain('viewer');
    expect(refusal?.comment).toContain('editor');
    expect(await held(c.staff.id)).toEqual(new Set([c.roleIds[0]]));
  });
});

describe('what a request checks', () => {
  it.each([
    ['no reason', { reason: '' }, m.reason],
    ['a date that does not exist', { expireTime: '2030-02-30' }, m.expireTime],
    ['an expiry in the past', { expireTime: '2020-01-01' }, m.expireTime],
    ['an expiry with a time', { expireTime: '2030-01-01 10:00' }, m.expireTime],
  ])('refuses %s with 400 and writes nothing', async (_name, over, message) => {
    const c = await chain(suite);
    const before = await matters();
    const body = { appId: c.appId, appRoleId: c.roleIds[0], reason: '原因', ...over };
    expect(await failure(c.staff.sdk, requestRole(c.staff, body))).toEqual(bad(message));
    expect(await matters()).toEqual(before);
  });

  it('refuses a role without a workflow, of another application, or a chain with a node nobody can approve', async () => {
    const c = await chain(suite);
    const other = await chain(suite);
    expect(await failure(c.staff.sdk, requestRole(c.staff, { appId: c.appId, appRoleId: other.roleIds[0], reason: 'x' }))).toEqual(
      bad(m.noWorkflow),
    );
    // A staff member of no department has no department head to approve the first node.
    const loner = await person(suite, { roleIds: [c.headRoleId] });
    expect(await failure(loner.sdk, requestRole(loner, { appId: c.appId, appRoleId: c.roleIds[0], reason: 'x' }))).toEqual(
      bad(noApproverFor('部门负责人')),
    );
  });

  it('checks workflow and node definitions', async () => {
    const c = await chain(suite);
    expect(
      await failure(suite.admin, suite.admin.call('POST', `${WORKFLOW}/submit`, undefined, { workflowName: '重复', appId: c.appId })),
    ).toEqual(bad(workflowMessages.workflowTaken));
    const nodes = await tableSnapshot(suite.server, 'blade_app_workflow_node');
    const node = (over: Row) => suite.admin.call('POST', `${NODE}/submit`, undefined, { workflowId: c.workflowId, nodeName: 'n', ...over });
    expect(await failure(suite.admin, node({ approverKind: 'user' }))).toEqual(bad(workflowMessages.approverUser));
    expect(await failure(suite.admin, node({ approverKind: 'role' }))).toEqual(bad(workflowMessages.approverRole));
    expect(await failure(suite.admin, node({ approverKind: 'boss' }))).toEqual(bad(workflowMessages.approverKind));
    expect(await tableSnapshot(suite.server, 'blade_app_workflow_node')).toEqual(nodes);
    // A workflow with a pending request stays.
    await requestRole(c.staff, { appId: c.appId, appRoleId: c.roleIds[0], reason: '占用' });
    expect(await failure(suite.admin, suite.admin.call('POST', `${WORKFLOW}/remove`, { ids: c.workflowId }))).toEqual(
      bad(workflowMessages.workflowBusy),
    );
  });
});

describe('tenants', () => {
  it('another tenant sees none of the requests, workflows or steps', async () => {
    const c = await chain(suite);
    const asked = await requestRole(c.staff, { appId: c.appId, appRoleId: c.roleIds[0], reason: '租户隔离' });
    const other = await createTenantWithAdmin(suite.server, '702211');
    const page = (await other.sdk.call('GET', `${MATTER}/page`, {})) as { records: Row[] };
    expect(page.records).toEqual([]);
    expect(((await other.sdk.call('GET', `${WORKFLOW}/list`, {})) as { records: Row[] }).records).toEqual([]);
    expect(await failure(other.sdk, other.sdk.call('GET', `${MATTER}/trail`, { id: String(asked.id) }))).toEqual(bad(m.matterMissing));
    expect(await failure(other.sdk, other.sdk.call('POST', `${MATTER}/approve`, undefined, { id: asked.id }))).toEqual(
      bad(m.matterMissing),
    );
    expect(
      await failure(
        other.sdk,
        other.sdk.call('POST', `${MATTER}/request`, undefined, { appId: c.appId, appRoleId: c.roleIds[0], reason: 'x' }),
      ),
    ).toEqual(bad(m.noWorkflow));
  });
});
