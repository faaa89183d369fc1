import { registry } from '@sso/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userStore } from '../../session/user-store.js';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { renderWithFeedback } from '../../test/ui.testkit.js';
import { countNodes, startOfDay } from './platform-figures.js';
import { PlatformOverview } from './platform-overview.js';

// jsdom has no canvas: the chart records what it is asked to draw.
const drawn = vi.hoisted(() => [] as { ok: number[]; failed: number[] }[]);
vi.mock('./sign-in-chart.js', () => ({
  SignInChart: ({ hours }: { hours: { ok: number[]; failed: number[] } }) => {
    drawn.push(hours);
    return <div data-testid="sign-in-chart" />;
  },
}));

const menu = (code: string, children: unknown[] = []) => ({ id: code, code, name: code, path: `/${code}`, children });
const withMenus = (...codes: string[]) =>
  userStore.set({
    menus: [
      menu(
        'system',
        codes.map((code) => menu(code)),
      ),
    ] as never,
    permissions: {},
    roles: [],
    loaded: true,
  });

const today = startOfDay(new Date()).slice(0, 10);
const signIns = [
  { id: '1', account: 'admin', success: 1, createTime: `${today} 08:15:00` },
  { id: '2', account: 'admin', success: 0, createTime: `${today} 08:40:00` },
  { id: '3', account: 'guest', success: 1, createTime: `${today} 13:05:00` },
];

const server = () =>
  fakeFetch({
    'GET /api/blade-user/list': () => page([], 1, 10, 42),
    'GET /api/blade-system/dept/tree': () => [{ id: 'a', children: [{ id: 'b', children: [{ id: 'c' }] }] }, { id: 'd' }],
    'GET /api/blade-system/role/list': () => [{ id: 'r1', children: [{ id: 'r2' }] }],
    'GET /api/blade-system/client/list': () => page([], 1, 10, 3),
    'GET /api/blade-system/tenant/list': () => page([], 1, 10, 5),
    'GET /api/blade-desk/notice/list': (q) =>
      q.get('descs') === 'releaseTime'
        ? page([{ id: 'n1', title: '系统升级通知', category: 1, releaseTime: `${today} 09:00:00` }], 1, 10, 1)
        : page([], 1, 10, 7),
    'GET /api/blade-system/dict/dictionary': () => [{ dictKey: '1', dictValue: '发布通知' }],
    'GET /api/blade-log/login/list': (q) => (q.get('success') === '0' ? page([], 1, 10, 1) : page(signIns, 1, 200, 3)),
  });

const renderPage = () => renderWithFeedback(<PlatformOverview />);

const figure = (key: string) =>
  within(screen.getByTestId(`figure-${key}`)).getByText(/\d+/, { selector: '.ant-statistic-content-value *' });

describe('the platform overview of the landing page', () => {
  beforeEach(() => {
    drawn.length = 0;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('counts tree answers at every depth', () => {
    expect(countNodes([{ children: [{ children: [{}] }] }, {}])).toBe(4);
  });

  it("shows the platform figures, today's sign-ins by hour and the latest notices", async () => {
    const calls = server();
    withMenus('user', 'dept', 'role', 'client', 'tenant', 'notice', registry.log.login.permission);
    renderPage();
    await waitFor(() => expect(figure('users').textContent).toBe('42'));
    await waitFor(() => expect(figure('depts').textContent).toBe('4'));
    expect(figure('roles').textContent).toBe('2');
    expect(figure('clients').textContent).toBe('3');
    expect(figure('tenants').textContent).toBe('5');
    await waitFor(() => expect(figure('notices').textContent).toBe('7'));
    await screen.findByText('系统升级通知');
    await screen.findByText('发布通知'); // the category through the notice dictionary
    await screen.findByText('失败 1 次');
    expect(within(screen.getByTestId('figure-sign-ins')).getByText('3')).toBeTruthy();
    const hours = drawn.at(-1);
    expect(hours?.ok[8]).toBe(1);
    expect(hours?.failed[8]).toBe(1);
    expect(hours?.ok[13]).toBe(1);
    // Today only: the log is asked for what happened after midnight.
    const log = calls.find((c) => c.path === '/api/blade-log/login/list');
    expect(log?.query.get('createTime_dategt')).toBe(`${today} 00:00:00`);
  });

  it('asks only for what the role may see', async () => {
    const calls = server();
    withMenus('user');
    renderPage();
    await waitFor(() => expect(figure('users').textContent).toBe('42'));
    expect(screen.queryByTestId('figure-tenants')).toBeNull();
    expect(screen.queryByTestId('figure-sign-ins')).toBeNull();
    expect(new Set(calls.map((c) => c.path))).toEqual(new Set(['/api/blade-user/list']));
  });

  it('shows nothing and asks for nothing for a role that may call none of its lists', async () => {
    const calls = server();
    withMenus();
    const { container } = renderPage();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
    expect(calls).toEqual([]);
  });
});
