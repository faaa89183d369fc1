import type { Session } from '@sso/shared-api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../session/token-store.js';
import { fakeFetch } from '../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback } from '../test/ui.testkit.js';
import TestPage from './test-page.js';

const token = (accessToken: string, expiresIn: number) => ({
  access_token: accessToken,
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: expiresIn,
  tenant_id: '000000',
  account: 'admin',
  real_name: '管理员',
  role_name: 'administrator',
  is_init_password: '是',
});

function signIn(expiresInSeconds: number) {
  const content = token('a.b.c', expiresInSeconds);
  tokenStore.save({ token: content, expiresAt: Date.now() + expiresInSeconds * 1000 } as unknown as Session);
  grant('user_add', 'param_edit', 'param_delete');
}

const renderPage = () => renderWithFeedback(<TestPage />);

/** antd in jsdom is slow on a loaded machine: the walks get a minute. */
const SLOW = 60_000;

describe('the test page (/test/index)', () => {
  beforeEach(() => signIn(3600));
  afterEach(() => {
    tokenStore.save(undefined);
    vi.unstubAllGlobals();
  });

  it(
    'shows the signed-in user, the token expiry and the permission codes, filtered',
    async () => {
      fakeFetch({});
      const user = userEvent.setup();
      renderPage();
      const who = screen.getByTestId('test-user');
      expect(within(who).getByText('admin')).toBeTruthy();
      expect(within(who).getByText('管理员')).toBeTruthy();
      expect(within(who).getByText('administrator')).toBeTruthy();
      expect(screen.getByTestId('token-remaining').textContent).toMatch(/^(3600|3599) 秒$/);
      expect(screen.getByText('按钮权限(3)')).toBeTruthy();
      await user.type(screen.getByLabelText('筛选权限编码'), 'param');
      const codes = within(screen.getByTestId('permission-codes'))
        .getAllByText(/_/)
        .map((el) => el.textContent);
      expect(codes).toEqual(['param_delete', 'param_edit']);
    },
    SLOW,
  );

  it(
    'calls a sample API and shows the answer, and an error with its code and message',
    async () => {
      const calls = fakeFetch({ 'GET /api/blade-auth/oauth/user-info': () => ({ account: 'admin', userName: 'admin' }) });
      renderPage();
      fireEvent.click(screen.getByText(/^\s*调\s*用\s*$/));
      const result = await screen.findByTestId('call-result');
      expect(within(result).getByText('code 200')).toBeTruthy();
      expect(JSON.parse(result.querySelector('pre')?.textContent ?? '{}').data).toEqual({ account: 'admin', userName: 'admin' });
      expect(calls.at(-1)?.path).toBe('/api/blade-auth/oauth/user-info');

      fireEvent.click(screen.getByText('不存在的接口(演示错误提示)'));
      fireEvent.click(screen.getByText(/^\s*调\s*用\s*$/));
      await waitFor(() => expect(within(screen.getByTestId('call-result')).getByText('code 404')).toBeTruthy());
      expect(JSON.parse(screen.getByTestId('call-result').querySelector('pre')?.textContent ?? '{}').msg).toBe('资源不存在');
    },
    SLOW,
  );

  it(
    'refreshes the token and shows the new expiry',
    async () => {
      signIn(30);
      const calls = fakeFetch({ 'POST /api/blade-auth/oauth/token': () => ({ status: 200, body: token('d.e.f', 7200) }) });
      const user = userEvent.setup();
      renderPage();
      expect(screen.getByTestId('token-remaining').textContent).toMatch(/^(30|29) 秒$/);
      await user.click(screen.getByText(/^\s*刷新令牌\s*$/));
      await waitFor(() => expect(screen.getByTestId('token-remaining').textContent).toMatch(/^(7200|7199) 秒$/));
      expect(calls.at(-1)?.query.get('grant_type')).toBe('refresh_token');
      expect(tokenStore.load()?.token.access_token).toBe('d.e.f');
    },
    SLOW,
  );
});
