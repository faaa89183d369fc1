import type { LeaveDetail } from '@sso/shared-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../lib/navigation.js';
import { fakeFetch } from '../../test/fake-fetch.testkit.js';
import { renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import LeaveHandleScreen from './leave-handle-screen.js';

const leave = (status: string): LeaveDetail => ({
  id: '9',
  tenantId: '000000',
  processDefinitionId: 'Leave:1:5',
  processInstanceId: '8',
  startTime: '2026-12-01 09:00:00',
  endTime: '2026-12-02 18:00:00',
  days: 2,
  reason: '回老家',
  taskUser: '31',
  taskUserName: '李经理',
  applyUser: '30',
  applyUserName: '张三',
  applyTime: '2026-11-27 10:00:00',
  status,
  flow: {
    assignee: '30',
    assigneeName: '张三',
    processInstanceId: '8',
    processDefinitionId: 'Leave:1:5',
    processIsFinished: 'unfinished',
    taskName: '审批人审批',
  },
});

function open(status: string) {
  const calls = fakeFetch({
    'GET /api/blade-desk/process/leave/detail': () => leave(status),
    'GET /api/blade-flow/process/history-flow-list': () => [],
    'POST /api/blade-flow/work/complete-task': (_q, body) => body,
    'GET /api/blade-user/user-list': () => [{ id: '31', account: 'li', name: 'li', realName: '李经理' }],
  });
  renderWithFeedback(
    <MemoryRouter initialEntries={['/work/process/leave/handle/7/8/9']}>
      <Routes>
        <Route path="*" element={<LeaveHandleScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

const completions = (calls: ReturnType<typeof fakeFetch>) => calls.filter((call) => call.path.endsWith('/complete-task'));

const navigated = vi.fn();

describe('handling a leave request', { timeout: 60_000 }, () => {
  beforeEach(() => {
    navigated.mockReset();
    setNavigator(navigated);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the approver for a comment, then approves with flag ok on the route’s task and instance', async () => {
    const calls = open('running');
    const user = userEvent.setup();
    await screen.findByText('回老家');
    await user.click(await screen.findByText(spaced('同意')));
    await screen.findAllByText('请先填写批复意见');
    expect(completions(calls)).toEqual([]);
    await user.type(screen.getByTestId('handle-comment'), '同意，注意交接');
    await user.click(screen.getByText(spaced('同意')));
    await waitFor(() => expect(completions(calls)).toHaveLength(1));
    expect(completions(calls)[0]?.body).toEqual({ taskId: '7', processInstanceId: '8', flag: 'ok', comment: '同意，注意交接' });
    // Done with: back to the to-do list.
    await waitFor(() => expect(navigated).toHaveBeenCalledWith('/work/todo', undefined));
  });

  it('rejects with flag reject and the comment', async () => {
    const calls = open('running');
    const user = userEvent.setup();
    await screen.findByText('回老家');
    await user.type(screen.getByTestId('handle-comment'), '时间冲突');
    await user.click(screen.getByText(spaced('驳回')));
    await waitFor(() => expect(completions(calls)).toHaveLength(1));
    expect(completions(calls)[0]?.body).toEqual({ taskId: '7', processInstanceId: '8', flag: 'reject', comment: '时间冲突' });
  });

  it('gives a rejected request back to its applicant to change and resubmit, the changes as variables', async () => {
    const calls = open('rejected');
    const user = userEvent.setup();
    await screen.findByText('申请已被驳回，可修改后重新提交，或撤回申请');
    const reason = (await waitFor(() => {
      const field = document.querySelector('#leave-handle_reason') as HTMLTextAreaElement | null;
      if (!field?.value) throw new Error('not filled yet');
      return field;
    })) as HTMLTextAreaElement;
    expect(reason.value).toBe('回老家');
    await user.clear(reason);
    await user.type(reason, '改为一天');
    await user.click(screen.getByText(spaced('重新提交')));
    await waitFor(() => expect(completions(calls)).toHaveLength(1));
    expect(completions(calls)[0]?.body).toEqual({
      taskId: '7',
      processInstanceId: '8',
      flag: 'ok',
      comment: '',
      variables: { taskUser: '31', startTime: '2026-12-01 09:00:00', endTime: '2026-12-02 18:00:00', days: 2, reason: '改为一天' },
    });
    expect(screen.queryByText(spaced('同意'))).toBeNull();
    await waitFor(() => expect(navigated).toHaveBeenCalledWith('/work/send', undefined));
  });

  it('withdraws a rejected request after asking, with flag reject', async () => {
    const calls = open('rejected');
    const user = userEvent.setup();
    await screen.findByText('申请已被驳回，可修改后重新提交，或撤回申请');
    await user.click(screen.getByTestId('withdraw'));
    const question = await screen.findByText('确定撤回这份请假申请？流程将结束。');
    const dialog = question.closest('.ant-modal') as HTMLElement;
    await user.click(dialog.querySelector('.ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(completions(calls)).toHaveLength(1));
    expect(completions(calls)[0]?.body).toMatchObject({ taskId: '7', processInstanceId: '8', flag: 'reject' });
    expect(completions(calls)[0]?.body).not.toHaveProperty('variables');
  });
});
