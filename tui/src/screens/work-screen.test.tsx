import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, signedInServer } from '../console.testkit.js';
import { storedClient } from '../core/session.js';

let setup: Awaited<ReturnType<typeof signedInServer>>;
beforeAll(async () => {
  setup = await signedInServer();
});
afterAll(async () => setup?.close());

describe('my work in the terminal console', () => {
  it('lists the leave waiting for the administrator in 待办事务 and rejects it with x, after y: it returns to the applicant', async () => {
    const client = storedClient(setup.env, {}, 'zh');
    const [admin] = (await client.user.user.list({ account: 'admin' })).records;
    const leave = (await client.flow.work.startList({ current: 1, size: 50 })).records.find((d) => d.key === 'Leave');
    const started = await client.flow.leave.startProcess({
      processDefinitionId: String(leave?.id),
      startTime: '2026-12-07 09:00:00',
      endTime: '2026-12-08 18:00:00',
      reason: '终端审批',
      taskUser: String(admin.id),
    });

    const ui = openConsole(setup.env);
    await ui.until('系统管理');
    await ui.go('dbsw', '待办事务');
    await ui.until((frame) => frame.includes('请假流程') && frame.includes('a 同意 · x 驳回'));
    await ui.press('x');
    await ui.until('驳回“审批人审批”？(y/n)');
    await ui.press('y');
    await ui.until('已驳回');
    // The applicant (the administrator too) now has the request back to change or withdraw.
    const done = await client.flow.work.doneList({ current: 1, size: 50 });
    expect(done.records.some((task) => task.processInstanceId === started.processInstanceId)).toBe(true);
    const todo = await client.flow.work.todoList({ current: 1, size: 50 });
    const back = todo.records.find((task) => task.processInstanceId === started.processInstanceId);
    expect(back?.taskName).not.toBe('审批人审批');
    ui.unmount();
  });
});
