import { registry } from '@sso/shared-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEY } from '../drive.testkit.js';
import { openScreen, stubServer } from '../stub-console.testkit.js';
import { ListScreen } from './list-screen.js';

const { login: logLogin } = registry.log;
const signIn = (id: string, account: string) => ({ id, account, tenantId: '000000', success: 1, remoteIp: '127.0.0.1' });

// Only the timers the screen plans are faked: React, Ink and the input queue run on setImmediate.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The sign-in log on a stub server, read again every 5 s (null: only by hand), once its first answer is drawn. */
async function openLog(refreshMs: number | null = 5000) {
  const server = stubServer([signIn('1', 'first-one')]);
  const ui = openScreen(<ListScreen def={logLogin} active width={96} height={26} refreshMs={refreshMs ?? undefined} />, server.client);
  await ui.until((f) => f.includes('first-one') && !f.includes('加载中'));
  /** Resolves once the screen has planned its next read (it plans it in an effect after drawing an answer). */
  const planned = () => ui.until(() => vi.getTimerCount() === 1);
  return { server, ui, planned };
}

describe('lists read again', () => {
  it('on r and on Ctrl+R', async () => {
    const { server, ui } = await openLog(null);
    server.rows.push(signIn('2', 'second-one'));
    await ui.press('r');
    await ui.until('second-one');
    expect(server.requests).toHaveLength(2);
    server.rows.push(signIn('3', 'third-one'));
    await ui.press('\u0012');
    await ui.until('third-one');
    expect(server.requests).toHaveLength(3);
    ui.unmount();
  });

  it('every 5 s on a log, counted from the last answer', async () => {
    const { server, ui, planned } = await openLog();
    expect(ui.frame()).toContain('每 5 秒自动刷新');
    await planned();
    server.rows.push(signIn('2', 'second-one'));
    vi.advanceTimersByTime(4999);
    await ui.press('j');
    expect(server.requests).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await ui.until('second-one');
    expect(server.requests).toHaveLength(2);
    await planned();
    vi.advanceTimersByTime(5000);
    await ui.until(() => server.requests.length === 3);
    ui.unmount();
  });

  it('never with a read still under way, and 5 s after its answer', async () => {
    const { server, ui, planned } = await openLog();
    await planned();
    const release = server.hold();
    vi.advanceTimersByTime(5000);
    await ui.until((f) => server.requests.length === 2 && f.includes('加载中'));
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    await ui.press('j');
    expect(server.requests).toHaveLength(2);
    release();
    await ui.until((f) => !f.includes('加载中'));
    await planned();
    vi.advanceTimersByTime(4999);
    await ui.press('k');
    expect(server.requests).toHaveLength(2);
    vi.advanceTimersByTime(1);
    await ui.until(() => server.requests.length === 3);
    ui.unmount();
  });

  it('not while paused with f, nor while something else covers the table or the screen', async () => {
    const { server, ui, planned } = await openLog();
    await planned();
    await ui.press('f');
    await ui.until('自动刷新已暂停');
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    await ui.press('j');
    expect(server.requests).toHaveLength(1);
    await ui.press('f');
    await ui.until('每 5 秒自动刷新');
    await planned();
    vi.advanceTimersByTime(5000);
    await ui.until((f) => server.requests.length === 2 && !f.includes('加载中'));
    await planned();

    await ui.press('y');
    await ui.until('登录日志 · JSON');
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    await ui.press('j');
    expect(server.requests).toHaveLength(2);
    await ui.press(KEY.esc);
    await ui.until('每 5 秒自动刷新');
    await planned();
    vi.advanceTimersByTime(5000);
    await ui.until((f) => server.requests.length === 3 && !f.includes('加载中'));
    await planned();

    // The sign-in form over the console (a session that ended).
    ui.redraw(<ListScreen def={logLogin} active={false} shown={false} width={96} height={26} refreshMs={5000} />);
    await ui.until(() => vi.getTimerCount() === 0);
    vi.advanceTimersByTime(60_000);
    expect(server.requests).toHaveLength(3);
    ui.unmount();
  });

  it('plans nothing once the screen is left, nor on a screen of rows that change only by hand', async () => {
    const { ui, planned } = await openLog();
    await planned();
    ui.unmount();
    expect(vi.getTimerCount()).toBe(0);

    const still = await openLog(null);
    expect(still.ui.frame()).not.toContain('自动刷新');
    vi.advanceTimersByTime(60_000);
    await still.ui.press('j');
    expect(vi.getTimerCount()).toBe(0);
    expect(still.server.requests).toHaveLength(1);
    still.ui.unmount();
  });
});
