// biome-ignore-all lint/suspicious/noTemplateCurlyInString: process expressions are written ${…}, as in the models
import { describe, expect, it } from 'vitest';
import { checkBpmn } from './bpmn-check.js';
import { type StepResult, signalTask, startInstance } from './engine-run.js';
import { LEAVE_MODEL_XML } from './leave-model.js';

const leave = { id: 'Leave:1:1', xml: LEAVE_MODEL_XML };
const waits = (step: StepResult) => step.events.filter((e) => e.kind === 'wait').map((e) => e.id);

describe('the leave process on the engine, one saved step at a time', () => {
  it('reads the Flowable attributes of the seeded model', async () => {
    const checked = await checkBpmn(LEAVE_MODEL_XML);
    expect(checked.key).toBe('Leave');
    expect(checked.initiator).toBe('applyUser');
    expect(checked.userTasks.map((t) => [t.id, t.assignee, t.candidateGroups])).toEqual([
      ['approverTask', '${taskUser}', []],
      ['hrTask', null, ['hr']],
      ['adjustTask', '${applyUser}', []],
    ]);
  });

  it('rejects, resubmits, approves twice and ends, each step from the state saved before', async () => {
    const variables: Record<string, unknown> = { applyUser: '2', taskUser: '3' };
    let step = await startInstance('1', leave, variables);
    expect(waits(step)).toEqual(['approverTask']);
    expect(step.takenFlows).toEqual(['toApprover']);
    const run = async (task: string, pass: boolean) => {
      variables.pass = pass;
      step = await signalTask('1', leave, JSON.parse(JSON.stringify(step.state)), variables, task);
      return step;
    };
    expect(waits(await run('approverTask', false))).toEqual(['adjustTask']);
    expect(step.takenFlows).toEqual(['approverDecides', 'approverReject']);
    expect(waits(await run('adjustTask', true))).toEqual(['approverTask']);
    expect(waits(await run('approverTask', true))).toEqual(['hrTask']);
    const last = await run('hrTask', true);
    expect(waits(last)).toEqual([]);
    expect(last.finished).toBe(true);
    expect(last.events.filter((e) => e.kind === 'end').map((e) => e.id)).toEqual(['hrTask', 'hrGateway', 'end']);
  });

  it('withdraws: the applicant ends a rejected request', async () => {
    const variables: Record<string, unknown> = { applyUser: '2', taskUser: '3', pass: false };
    let step = await startInstance('2', leave, variables);
    step = await signalTask('2', leave, step.state, variables, 'approverTask');
    step = await signalTask('2', leave, step.state, variables, 'adjustTask');
    expect(step.finished).toBe(true);
    expect(step.events.at(-1)).toMatchObject({ kind: 'end', id: 'withdrawn' });
  });

  it('refuses to signal a task that is not waiting', async () => {
    const step = await startInstance('3', leave, { taskUser: '3', applyUser: '2' });
    await expect(signalTask('3', leave, step.state, {}, 'hrTask')).rejects.toThrow(/not waiting/);
  });
});
