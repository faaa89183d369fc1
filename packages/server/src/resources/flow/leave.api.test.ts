import { beforeAll, describe, expect, it } from 'vitest';
import { failure, useTestServer } from '../../api-suite.testkit.js';
import { claimOf, LEAVE_FORM, type LeaveCast, leaveCast, leaveDefinitionId, todoOf } from './flow.testkit.js';

/**
 * The leave process end to end, through the calls Saber's screens make: apply → the chosen
 * approver → a member of the `hr` role claims and approves → end; each person's lists at each
 * step; a rejection back to the applicant, who resubmits or withdraws; the refusals.
 */
const suite = useTestServer();
let cast: LeaveCast;
let definitionId: string;

beforeAll(async () => {
  cast = await leaveCast(suite.server);
  definitionId = await leaveDefinitionId(cast.alice);
});

const apply = (overrides: Record<string, unknown> = {}) =>
  cast.alice.flow.leave.startProcess({ processDefinitionId: definitionId, ...LEAVE_FORM, taskUser: cast.bobId, ...overrides });
const followed = async (instanceId: string) =>
  (await suite.admin.flow.follow.list({ current: 1, size: 100 })).records.some((r) => r.processInstanceId === instanceId);

describe('a leave request approved by the approver and HR', () => {
  it('shows in the right lists at each step and ends approved', async () => {
    const leave = await apply();
    const instanceId = leave.processInstanceId;
    expect(leave).toMatchObject({ status: 'running', days: 2.5, taskUser: cast.bobId, applyUser: cast.aliceId });
    expect(leave.flow).toMatchObject({ assigneeName: 'alice', processIsFinished: 'unfinished', taskName: '审批人审批' });

    // Sent: the applicant's send list; the approver's todo; nobody's claim list; followed.
    const sent = (await cast.alice.flow.work.sendList({ current: 1, size: 10 })).records.find((r) => r.processInstanceId === instanceId);
    expect(sent).toMatchObject({
      taskName: '审批人审批',
      processIsFinished: 'unfinished',
      processDefinitionName: '请假流程',
      category: 'flow_1',
      categoryName: '请假流程',
      businessId: leave.id,
    });
    const todo = await todoOf(cast.bob, instanceId);
    expect(todo).toMatchObject({
      taskName: '审批人审批',
      processDefinitionVersion: 1,
      businessTable: 'blade_process_leave',
      businessId: leave.id,
      assignee: cast.bobId,
      startUser: 'alice',
    });
    expect(todo?.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await claimOf(cast.hana, instanceId)).toBeUndefined();
    expect(await todoOf(cast.alice, instanceId)).toBeUndefined();
    expect(await followed(instanceId)).toBe(true);
    // The landing page counts the approver's open task.
    expect((await cast.bob.desk.dash.summary()).tasks).toEqual({ todo: 1, claim: 0, todoPath: '/work/todo', claimPath: '/work/claim' });

    // The approver approves ("ok", as Saber's handle screen sends it).
    const done = await cast.bob.flow.work.completeTask({
      taskId: todo!.taskId,
      processInstanceId: instanceId,
      flag: 'ok',
      comment: '同意',
    });
    expect(done).toMatchObject({ taskId: todo!.taskId, comment: '同意' });
    expect(await todoOf(cast.bob, instanceId)).toBeUndefined();
    expect((await cast.bob.flow.work.doneList({ current: 1, size: 10 })).records.map((r) => r.processInstanceId)).toContain(instanceId);
    // HR: both members may claim; nobody holds it; an outsider sees nothing.
    const claimable = await claimOf(cast.hana, instanceId);
    expect(claimable).toMatchObject({ taskName: '人事审批', assignee: '' });
    expect(await claimOf(cast.hugo, instanceId)).toBeDefined();
    expect(await claimOf(cast.olga, instanceId)).toBeUndefined();
    expect(await todoOf(cast.hana, instanceId)).toBeUndefined();
    expect((await cast.hana.desk.dash.summary()).tasks).toMatchObject({ todo: 0, claim: 1 });
    expect((await cast.bob.desk.dash.summary()).tasks).toMatchObject({ todo: 0, claim: 0 });

    // A candidate completes only after claiming.
    expect(await failure(cast.hana, cast.hana.flow.work.completeTask({ taskId: claimable!.taskId, flag: 'ok' }))).toMatchObject({
      status: 403,
      msg: '只有任务的办理人可以办理，候选人须先签收',
    });
    await cast.hana.flow.work.claimTask({ taskId: claimable!.taskId });
    expect(await claimOf(cast.hugo, instanceId)).toBeUndefined();
    expect(await failure(cast.hugo, cast.hugo.flow.work.claimTask({ taskId: claimable!.taskId }))).toMatchObject({
      status: 400,
      msg: '该任务已被签收',
    });
    expect(await todoOf(cast.hana, instanceId)).toMatchObject({ taskName: '人事审批', assignee: await idOf('hana') });
    await cast.hana.flow.work.completeTask({ taskId: claimable!.taskId, processInstanceId: instanceId, flag: 'pass', comment: '准假' });

    // Ended: finished in the send list, off the follow list, approved, the path drawn to the end.
    const after = (await cast.alice.flow.work.sendList({ current: 1, size: 10 })).records.find((r) => r.processInstanceId === instanceId);
    expect(after).toMatchObject({ processIsFinished: 'finished', taskName: '' });
    expect(await followed(instanceId)).toBe(false);
    expect(await cast.alice.flow.leave.detail({ businessId: leave.id })).toMatchObject({
      status: 'approved',
      flow: { processIsFinished: 'finished' },
    });
    const history = await cast.alice.flow.process.historyFlowList({ processInstanceId: instanceId });
    expect(history.map((h) => [h.historyActivityId, h.historyActivityType, h.assigneeName, h.comment])).toEqual([
      ['start', 'startEvent', 'alice', ''],
      ['approverTask', 'userTask', 'bob', '同意'],
      ['approverGateway', 'exclusiveGateway', '', ''],
      ['hrTask', 'userTask', 'hana', '准假'],
      ['hrGateway', 'exclusiveGateway', '', ''],
      ['end', 'endEvent', '', ''],
    ]);
    expect(history[1].endTime).not.toBe('');
    expect(history[1].historyActivityDurationTime).toMatch(/秒$/);
    const diagram = await cast.bob.flow.process.diagram({ processInstanceId: instanceId });
    expect(diagram).toMatchObject({ finished: true, activeActivityIds: [] });
    expect(diagram.completedActivityIds).toEqual(expect.arrayContaining(['start', 'approverTask', 'hrTask', 'end']));
    expect(diagram.takenFlowIds).toEqual(['toApprover', 'approverDecides', 'approverPass', 'hrDecides', 'hrPass']);
    expect(diagram.xml).toContain('flowable:candidateGroups="hr"');
    const picture = new TextDecoder().decode(await cast.alice.flow.process.diagramView({ processInstanceId: instanceId }));
    expect(picture).toMatch(/^<svg[\s\S]*人事审批[\s\S]*<\/svg>\s*$/);
    // Saber's <img> fetches it without a token (as BladeX serves it): the steps, never the people or comments.
    const anonymous = await fetch(`${suite.server.baseUrl}/api/blade-flow/process/diagram-view?processInstanceId=${instanceId}&t=1`);
    expect([anonymous.status, anonymous.headers.get('content-type'), anonymous.headers.get('content-disposition')?.split(';')[0]]).toEqual([
      200,
      'image/svg+xml; charset=utf-8',
      'inline',
    ]);
    const shown = await anonymous.text();
    expect(shown).toBe(picture);
    for (const secret of ['alice', 'bob', 'hana', '准假']) expect(shown).not.toContain(secret);
  });
});

async function idOf(account: string): Promise<string> {
  const row = await suite.server.ctx.db.selectFrom('blade_user').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  return row.id;
}

describe('a rejected leave request', () => {
  it('returns to the applicant, who changes and resubmits it, and is withdrawn after a second rejection', async () => {
    const leave = await apply();
    const instanceId = leave.processInstanceId;
    // No flag: a rejection, as Saber's "驳回" sends it.
    const first = await todoOf(cast.bob, instanceId);
    await cast.bob.flow.work.completeTask({ taskId: first!.taskId, processInstanceId: instanceId, comment: '时间太长' });
    const adjust = await todoOf(cast.alice, instanceId);
    expect(adjust).toMatchObject({ taskName: '调整申请', taskDefinitionKey: 'adjustTask' });
    expect(await cast.alice.flow.leave.detail({ businessId: leave.id })).toMatchObject({ status: 'rejected' });

    // Resubmits with a shorter leave: the request changes and goes back to the approver.
    await cast.alice.flow.work.completeTask({
      taskId: adjust!.taskId,
      flag: 'ok',
      variables: { endTime: '2026-12-01 18:00:00', reason: '只请一天' },
    });
    expect(await cast.alice.flow.leave.detail({ businessId: leave.id })).toMatchObject({
      status: 'running',
      endTime: '2026-12-01 18:00:00',
      reason: '只请一天',
      days: 0.5,
    });
    const second = await todoOf(cast.bob, instanceId);
    expect(second).toMatchObject({ taskName: '审批人审批' });
    await cast.bob.flow.work.completeTask({ taskId: second!.taskId, flag: 'reject', comment: '仍不同意' });

    // Withdraws: the instance ends without approval.
    const again = await todoOf(cast.alice, instanceId);
    await cast.alice.flow.work.completeTask({ taskId: again!.taskId, flag: 'reject', comment: '撤回' });
    expect(await todoOf(cast.alice, instanceId)).toBeUndefined();
    expect(await cast.alice.flow.leave.detail({ businessId: leave.id })).toMatchObject({
      status: 'withdrawn',
      flow: { processIsFinished: 'finished' },
    });
    const history = await cast.alice.flow.process.historyFlowList({ processInstanceId: instanceId });
    expect(history.at(-1)).toMatchObject({ historyActivityId: 'withdrawn', historyActivityType: 'endEvent' });
    expect(history.filter((h) => h.historyActivityId === 'approverTask').map((h) => h.comment)).toEqual(['时间太长', '仍不同意']);
  });
});

describe('refusals', () => {
  it('refuses someone who does not hold the task, and completes a task once', async () => {
    const leave = await apply();
    const task = await todoOf(cast.bob, leave.processInstanceId);
    expect(await failure(cast.olga, cast.olga.flow.work.completeTask({ taskId: task!.taskId, flag: 'ok' }))).toMatchObject({ status: 403 });
    expect(await failure(cast.olga, cast.olga.flow.work.claimTask({ taskId: task!.taskId }))).toMatchObject({
      status: 400,
      msg: '该任务已被签收',
    });
    expect(await failure(cast.olga, cast.olga.flow.leave.detail({ businessId: leave.id }))).toMatchObject({ status: 403 });
    expect(await failure(cast.olga, cast.olga.flow.process.historyFlowList({ processInstanceId: leave.processInstanceId }))).toMatchObject({
      status: 403,
    });
    // The same completion sent twice at once: one step, one refusal.
    const results = await Promise.allSettled([
      cast.bob.flow.work.completeTask({ taskId: task!.taskId, flag: 'ok' }),
      cast.bob.flow.work.completeTask({ taskId: task!.taskId, flag: 'ok' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.message).toBe('任务不存在或已办结');
    const history = await cast.alice.flow.process.historyFlowList({ processInstanceId: leave.processInstanceId });
    expect(history.filter((h) => h.historyActivityId === 'hrTask')).toHaveLength(1);
  });

  it('keeps other tenants out', async () => {
    const { createTenantWithAdmin } = await import('../../api-suite.testkit.js');
    const other = await createTenantWithAdmin(suite.server, '100201');
    const leave = await apply();
    const task = await todoOf(cast.bob, leave.processInstanceId);
    expect(await failure(other.sdk, other.sdk.flow.work.completeTask({ taskId: task!.taskId, flag: 'ok' }))).toMatchObject({
      status: 400,
      msg: '任务不存在或已办结',
    });
    expect(await failure(other.sdk, other.sdk.flow.leave.detail({ businessId: leave.id }))).toMatchObject({ status: 400 });
    expect(
      await failure(other.sdk, other.sdk.flow.leave.startProcess({ processDefinitionId: definitionId, ...LEAVE_FORM, taskUser: other.id })),
    ).toMatchObject({ status: 400, msg: '流程定义不存在' });
    expect((await other.sdk.flow.follow.list({})).records).toEqual([]);
    expect((await other.sdk.flow.work.startList({})).records.map((r) => r.key)).not.toContain('Leave');
  });

  it('starts nothing from a suspended definition, while its running instances go on', async () => {
    const running = await apply();
    await suite.admin.flow.manager.changeState({ processId: definitionId, state: 'suspend' });
    try {
      expect((await suite.admin.flow.manager.list({ key: 'Leave' })).records[0]).toMatchObject({ id: definitionId, suspensionState: 2 });
      expect(await failure(cast.alice, apply())).toMatchObject({ status: 400, msg: '流程定义已挂起，不能发起' });
      expect((await cast.alice.flow.work.startList({})).records.map((r) => r.id)).not.toContain(definitionId);
      const task = await todoOf(cast.bob, running.processInstanceId);
      await cast.bob.flow.work.completeTask({ taskId: task!.taskId, flag: 'ok' });
    } finally {
      await suite.admin.flow.manager.changeState({ processId: definitionId, state: 'active' });
    }
  });

  it('checks the form: times, approver of the tenant', async () => {
    // The form's approver picker (blade-user/user-list): the tenant's users, names only.
    const colleagues = await cast.alice.user.user.userList({ account: 'bo' });
    expect(colleagues).toEqual([{ id: cast.bobId, account: 'bob', name: 'bob', realName: 'bob' }]);
    expect(await failure(cast.alice, apply({ startTime: '2026-02-30 09:00:00' }))).toMatchObject({
      status: 400,
      msg: '请选择开始时间（yyyy-MM-dd HH:mm:ss）',
    });
    expect(await failure(cast.alice, apply({ endTime: '2026-11-01 09:00:00' }))).toMatchObject({
      status: 400,
      msg: '结束时间不能早于开始时间',
    });
    expect(await failure(cast.alice, apply({ taskUser: '123456789' }))).toMatchObject({ status: 400, msg: '审批人员不存在于本租户' });
    expect(await failure(cast.alice, cast.alice.flow.work.completeTask({ taskId: 'abc' } as never))).toMatchObject({ status: 400 });
  });

  it('deletes a running instance with its reason, withdrawing its tasks', async () => {
    const leave = await apply();
    await suite.admin.flow.follow.deleteProcessInstance({ processInstanceId: leave.processInstanceId, deleteReason: '重复申请' });
    expect(await todoOf(cast.bob, leave.processInstanceId)).toBeUndefined();
    expect(await cast.alice.flow.leave.detail({ businessId: leave.id })).toMatchObject({
      status: 'deleted',
      flow: { processIsFinished: 'finished' },
    });
    const history = await cast.alice.flow.process.historyFlowList({ processInstanceId: leave.processInstanceId });
    expect(history.at(-1)).toMatchObject({ historyActivityId: 'approverTask', comment: '重复申请' });
    expect(
      await failure(
        suite.admin,
        suite.admin.flow.follow.deleteProcessInstance({ processInstanceId: leave.processInstanceId, deleteReason: 'x' }),
      ),
    ).toMatchObject({ status: 400, msg: '流程实例已结束' });
  });
});
