import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userStore } from '../session/user-store.js';
import { fakeFetch, page } from '../test/fake-fetch.testkit.js';
import { renderWithFeedback } from '../test/ui.testkit.js';
import { bellFeed } from './bell-feed.js';
import { NoticePopover } from './notice-popover.js';

const matter = {
  id: 'm1',
  requesterName: '张三',
  appName: '报表系统',
  appRoleName: '报表查看',
  matterStatus: 'pending',
  currentNodeName: '部门负责人',
  createTime: '2026-11-24 08:00:00',
};
const notice = {
  id: 'n1',
  title: '停电通知',
  categoryName: '发布通知',
  releaseTime: '2026-11-24 09:00:00',
  content: '<p>今晚<b>停电</b></p>',
};

const signIn = (menuCodes: string[]) =>
  userStore.set({
    menus: [
      {
        id: 'desk',
        code: 'desk',
        name: 'desk',
        path: '/desk',
        children: menuCodes.map((code) => ({ id: code, code, name: code, path: `/${code}` })),
      },
    ] as never,
    permissions: {},
    roles: [],
    loaded: true,
  });

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

const renderBell = () =>
  renderWithFeedback(
    <RouterProvider
      router={createMemoryRouter(
        [
          {
            path: '*',
            element: (
              <>
                <NoticePopover />
                <Where />
              </>
            ),
          },
        ],
        { initialEntries: ['/wel/index'] },
      )}
    />,
  );

describe('the top-bar bell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts the approvals waiting for the caller, lists them with the notices, and opens the inbox or a notice', async () => {
    signIn(['notice']);
    const calls = fakeFetch({
      'GET /api/blade-abs/appworkflowmatter/todo-page': () => page([matter], 1, 10, 3),
      'GET /api/blade-desk/notice/list': () => page([notice], 1, 10, 1),
    });
    renderBell();
    await waitFor(() => expect(document.querySelector('.ant-badge-count')?.textContent).toBe('3'));
    fireEvent.click(screen.getByTestId('top-bar-bell'));
    expect(await screen.findByText('待审批(3)')).toBeTruthy();
    expect(await screen.findByText('张三 · 报表系统 / 报表查看')).toBeTruthy();

    fireEvent.click(await screen.findByText('通知公告(1)'));
    fireEvent.click(await screen.findByText('停电通知'));
    // The notice's text, never its markup.
    await waitFor(() => expect(screen.getByTestId('bell-notice-content').textContent).toBe('今晚停电'));
    expect(screen.getByTestId('bell-notice-content').innerHTML).not.toContain('<b>');

    fireEvent.click(screen.getAllByTestId('bell-open-inbox')[0] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/work/approvals'));
    expect(calls.filter((c) => c.path.endsWith('/todo-page')).every((c) => c.query.get('size') === '10')).toBe(true);
  });

  it('counts the caller’s workflow tasks in the badge and lists them, each opening its list', async () => {
    // A badge that changes plays its digits' animation, which jsdom never ends: start from none.
    bellFeed.set({ loaded: false, approvals: [], approvalTotal: 0, tasks: [], taskTotal: 0, notices: [] });
    signIn([]);
    const task = (taskId: string, taskName: string) => ({
      taskId,
      taskName,
      processDefinitionName: '请假流程',
      startUser: '张三',
      createTime: '2026-11-27 10:00:00',
      processInstanceId: '8',
      businessId: '9',
      category: 'flow_1',
    });
    fakeFetch({
      'GET /api/blade-abs/appworkflowmatter/todo-page': () => page([matter], 1, 10, 1),
      'GET /api/blade-flow/work/todo-list': () => page([task('1', '审批人审批')], 1, 10, 1),
      'GET /api/blade-flow/work/claim-list': () => page([task('2', '人事审批')], 1, 10, 2),
    });
    renderBell();
    await waitFor(() => expect(document.querySelector('.ant-badge-count')?.textContent).toBe('4'));
    fireEvent.click(screen.getByTestId('top-bar-bell'));
    fireEvent.click(await screen.findByText('流程待办(3)'));
    expect(await screen.findByText('请假流程 · 审批人审批')).toBeTruthy();
    fireEvent.click(await screen.findByText('请假流程 · 人事审批'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/work/claim/index'));
  });

  it('does not ask for notices without the notice menu', async () => {
    signIn([]);
    const calls = fakeFetch({ 'GET /api/blade-abs/appworkflowmatter/todo-page': () => page([], 1, 10, 0) });
    renderBell();
    fireEvent.click(screen.getByTestId('top-bar-bell'));
    expect(await screen.findByText('暂无待审批的申请')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/blade-desk/notice/list')).toBe(false);
  });
});
