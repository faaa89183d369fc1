// biome-ignore-all lint/suspicious/noTemplateCurlyInString: process expressions are written ${…}, as in the models
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../api-suite.testkit.js';
import { fireDueTimers } from '../../flow/timers.js';
import { claimOf, LEAVE_FORM, type LeaveCast, leaveCast, todoOf } from './flow.testkit.js';

/**
 * Timers of the engine: a deadline on a task (a boundary timer) and a wait (an intermediate
 * timer) fall due while no engine runs the instance; the sweep of due instances fires them, with
 * the time it is given (no test waits for a clock).
 */
const suite = useTestServer();
let cast: LeaveCast;
let definitionId: string;

const REMIND = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="Remind" name="限时审批" isExecutable="true">
    <startEvent id="s"/>
    <userTask id="approve" name="领导审批" flowable:assignee="\${taskUser}"/>
    <boundaryEvent id="late" name="超时" attachedToRef="approve"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>
    <userTask id="escalated" name="人事代审" flowable:candidateGroups="hr"/>
    <intermediateCatchEvent id="cool" name="冷静期"><timerEventDefinition><timeDuration>PT2H</timeDuration></timerEventDefinition></intermediateCatchEvent>
    <endEvent id="e"/>
    <sequenceFlow id="a" sourceRef="s" targetRef="approve"/>
    <sequenceFlow id="b" sourceRef="approve" targetRef="cool"/>
    <sequenceFlow id="c" sourceRef="cool" targetRef="e"/>
    <sequenceFlow id="d" sourceRef="late" targetRef="escalated"/>
    <sequenceFlow id="f" sourceRef="escalated" targetRef="e"/>
  </process>
</definitions>`;

const hours = (n: number) => new Date(Date.now() + n * 3_600_000);
const dueAt = async (instanceId: string) =>
  (await suite.server.ctx.db.selectFrom('blade_flow_instance').select('dueAt').where('id', '=', instanceId).executeTakeFirstOrThrow())
    .dueAt;

beforeAll(async () => {
  cast = await leaveCast(suite.server);
  const [definition] = await suite.admin.flow.manager.deployUpload({
    category: 'flow_1',
    files: { filename: 'remind.bpmn20.xml', data: new TextEncoder().encode(REMIND) },
  });
  definitionId = definition.id;
});

describe('timers', () => {
  it('take a task away from its assignee when its deadline passes, and hand it on', async () => {
    const started = await cast.alice.flow.leave.startProcess({ processDefinitionId: definitionId, ...LEAVE_FORM, taskUser: cast.bobId });
    const instanceId = started.processInstanceId;
    expect(await todoOf(cast.bob, instanceId)).toMatchObject({ taskName: '领导审批' });
    const due = await dueAt(instanceId);
    expect(due!.getTime()).toBeGreaterThan(hours(0.9).getTime());
    expect(due!.getTime()).toBeLessThan(hours(1.1).getTime());

    // Not yet due: nothing happens.
    await fireDueTimers(suite.server.ctx);
    expect(await todoOf(cast.bob, instanceId)).toBeDefined();

    // An hour later: the approver's task is withdrawn, HR may claim the escalation.
    expect(await fireDueTimers(suite.server.ctx, hours(1.01))).toBeGreaterThanOrEqual(1);
    expect(await todoOf(cast.bob, instanceId)).toBeUndefined();
    const escalated = await claimOf(cast.hana, instanceId);
    expect(escalated).toMatchObject({ taskName: '人事代审' });
    expect(await dueAt(instanceId)).toBeNull();
    const history = await cast.alice.flow.process.historyFlowList({ processInstanceId: instanceId });
    expect(history.map((h) => [h.historyActivityId, h.endTime === ''])).toEqual([
      ['s', false],
      ['approve', false],
      ['late', false],
      ['escalated', true],
    ]);
    await cast.hana.flow.work.claimTask({ taskId: escalated!.taskId });
    await cast.hana.flow.work.completeTask({ taskId: escalated!.taskId, flag: 'ok' });
    expect((await cast.alice.flow.leave.detail({ businessId: started.id })).flow.processIsFinished).toBe('finished');
  });

  it('hold an instance in a wait until it is due, then carry it on', async () => {
    const started = await cast.alice.flow.leave.startProcess({ processDefinitionId: definitionId, ...LEAVE_FORM, taskUser: cast.bobId });
    const instanceId = started.processInstanceId;
    const task = await todoOf(cast.bob, instanceId);
    await cast.bob.flow.work.completeTask({ taskId: task!.taskId, flag: 'ok' });
    // Waiting two hours with no task; the deadline of the completed task is gone.
    const due = await dueAt(instanceId);
    expect(due!.getTime()).toBeGreaterThan(hours(1.9).getTime());
    expect((await cast.bob.flow.process.diagram({ processInstanceId: instanceId })).finished).toBe(false);
    await fireDueTimers(suite.server.ctx, hours(1.5));
    expect((await cast.bob.flow.process.diagram({ processInstanceId: instanceId })).finished).toBe(false);
    await fireDueTimers(suite.server.ctx, hours(2.1));
    const diagram = await cast.bob.flow.process.diagram({ processInstanceId: instanceId });
    expect(diagram).toMatchObject({ finished: true });
    expect(diagram.completedActivityIds).toEqual(expect.arrayContaining(['approve', 'cool', 'e']));
    expect(diagram.completedActivityIds).not.toContain('late');
  });
});
