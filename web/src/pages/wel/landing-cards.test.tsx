import type { DashboardCard, DashboardTasks } from '@sso/shared-api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.js';
import { userStore } from '../../session/user-store.js';
import { fakeFetch } from '../../test/fake-fetch.testkit.js';
import { renderWithFeedback } from '../../test/ui.testkit.js';
import { LandingCards } from './landing-cards.js';

const menu = (code: string, path: string, children: unknown[] = []) => ({ id: code, code, name: code, path, children });

const week = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'];
const cards: DashboardCard[] = [
  { key: 'approvals', count: 2, path: '/work/approvals' },
  { key: 'lockedAccounts', count: 7, sample: ['kim', 'lee', 'park', 'choi', 'jung'], path: '/system/user' },
  { key: 'appOpens', count: 4, series: week.map((day, i) => ({ day, count: i === 6 ? 3 : i === 2 ? 1 : 0 })), path: '/aps/apploginlog' },
];

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderCards(answer: DashboardCard[], tasks?: DashboardTasks) {
  const calls = fakeFetch({ 'GET /api/blade-desk/dash/summary': () => ({ cards: answer, tasks }) });
  userStore.set({
    menus: [
      menu('system', '/system', [menu('user', '/system/user')]),
      menu('aps', '/aps', [menu('apploginlog', '/aps/apploginlog')]),
      menu('work', '/work', [menu('work_todo', '/work/todo'), menu('work_claim', '/work/claim')]),
    ] as never,
    permissions: {},
    roles: [],
    loaded: true,
  });
  const element = (
    <>
      <LandingCards />
      <Where />
    </>
  );
  renderWithFeedback(<RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: ['/wel/index'] })} />);
  return calls;
}

describe('the landing cards', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh-CN');
  });

  it('shows each card the server answers with its count, names and days, linking to its screen', async () => {
    renderCards(cards);
    const approvals = await screen.findByTestId('landing-approvals');
    expect(within(approvals).getByText('待我审批')).toBeTruthy();
    expect(within(approvals).getByText('2')).toBeTruthy();
    // A fixed route as it is; a menu screen at its sidebar address, so it opens the same tab.
    expect(approvals.getAttribute('href')).toBe('/work/approvals');
    const locked = screen.getByTestId('landing-lockedAccounts');
    expect(locked.getAttribute('href')).toBe('/system/user/index');
    expect(within(locked).getAllByText(/^(kim|lee|park|choi|jung)$/)).toHaveLength(5);
    expect(within(locked).getByText('+2')).toBeTruthy();
    const bars = within(screen.getByTestId('landing-appOpens')).getByTestId('opens-bars');
    expect([...bars.children].map((bar) => bar.getAttribute('aria-label'))).toEqual(
      week.map((day, i) => `${day}: ${i === 6 ? 3 : i === 2 ? 1 : 0} 次`),
    );

    fireEvent.click(screen.getByTestId('landing-lockedAccounts'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/system/user/index'));
  });

  it('says so when nothing waits, and reads the summary again on Refresh', async () => {
    const calls = renderCards([]);
    expect(await screen.findByText('暂无需要您处理的事项')).toBeTruthy();
    const refresh = screen.getByText('刷新').closest('button') as HTMLElement;
    // The button follows the first read's end a render later.
    await waitFor(() => expect(refresh.className).not.toContain('ant-btn-loading'));
    fireEvent.click(refresh);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/blade-desk/dash/summary')).toHaveLength(2));
  });

  it('speaks English on English screens', async () => {
    await i18n.changeLanguage('en');
    renderCards(cards);
    const opens = await screen.findByTestId('landing-appOpens');
    expect(within(opens).getByText('Application opens, 7 days')).toBeTruthy();
    expect(within(screen.getByTestId('landing-approvals')).getByText('My approvals')).toBeTruthy();
    expect(screen.getByText('Waiting for you')).toBeTruthy();
  });

  it('shows the caller’s open workflow tasks first, each opening its list, and none when there are none', async () => {
    renderCards([], { todo: 3, claim: 1, todoPath: '/work/todo', claimPath: '/work/claim' });
    const todo = await screen.findByTestId('landing-tasks-todo');
    expect(within(todo).getByText('待办事务')).toBeTruthy();
    expect(within(todo).getByText('3')).toBeTruthy();
    expect(todo.getAttribute('href')).toBe('/work/todo/index');
    const claim = screen.getByTestId('landing-tasks-claim');
    expect(within(claim).getByText('1')).toBeTruthy();
    expect(claim.getAttribute('href')).toBe('/work/claim/index');
    expect(screen.queryByText('暂无需要您处理的事项')).toBeNull();
  });

  it('says nothing waits when the caller has no tasks and no cards', async () => {
    renderCards([], { todo: 0, claim: 0, todoPath: '/work/todo', claimPath: '/work/claim' });
    expect(await screen.findByText('暂无需要您处理的事项')).toBeTruthy();
    expect(screen.queryByTestId('landing-tasks-todo')).toBeNull();
  });
});
