import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback, spaced } from '../../test/ui.testkit.js';
import ApiLogScreen from './api-log-screen.js';

const entry = {
  id: '901',
  tenantId: '000000',
  serviceId: 'sso-server',
  method: 'POST',
  requestUri: '/api/blade-system/param/submit',
  remoteIp: '10.0.0.7',
  createBy: 'admin',
  createTime: '2026-11-21 10:00:00',
  time: '12',
  resultCode: 200,
  title: '保存参数',
  methodClass: 'ParamController',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
  params: '{"paramName":"a very long value that must wrap in the drawer"}',
};

describe('log screens', { timeout: 60_000 }, () => {
  beforeEach(() => grant('log_api_view'));
  afterEach(() => vi.unstubAllGlobals());

  it('are read-only lists whose 查看 opens a drawer with every recorded field', async () => {
    const calls = fakeFetch({
      'GET /api/blade-log/api/list': () => page([{ ...entry, params: undefined, userAgent: undefined }]),
      'GET /api/blade-log/api/detail': () => entry,
    });
    const user = userEvent.setup();
    renderWithFeedback(<ApiLogScreen />);
    const cell = await screen.findByText('/api/blade-system/param/submit');
    expect(screen.queryByText(spaced('新增'))).toBeNull();
    expect(screen.queryByText(spaced('修改'))).toBeNull();
    await user.click(within(cell.closest('tr') as HTMLElement).getByText(spaced('查看')));

    const drawer = await waitFor(() => {
      const found = document.querySelector('.ant-drawer [data-testid="log-detail"]') as HTMLElement;
      if (!found) throw new Error('no drawer');
      return found;
    });
    expect(screen.queryByText(/^查看 ·/)).toBeNull(); // no view dialog
    expect(calls.find((c) => c.path.endsWith('/detail'))?.query.get('id')).toBe('901');
    // Columns the list hides, fields outside the view and the long ones in monospace.
    for (const label of ['请求数据', '用户代理', '日志名', '方法类', '租户ID', '结果码'])
      expect(within(drawer).getByText(label)).toBeTruthy();
    const params = drawer.querySelector('pre[data-field="params"]') as HTMLElement;
    expect(params.textContent).toBe(entry.params);
    expect(params.style.fontFamily).toBe('monospace');
    expect(params.style.whiteSpace).toBe('pre-wrap');
    expect((drawer.querySelector('pre[data-field="userAgent"]') as HTMLElement).textContent).toBe(entry.userAgent);
  });
});
