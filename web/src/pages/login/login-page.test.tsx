import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../session/token-store.js';
import { fakeFetch, type Route } from '../../test/fake-fetch.testkit.js';
import { renderWithFeedback } from '../../test/ui.testkit.js';
import LoginPage from './login-page.js';

const IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+';
const TOKEN = {
  access_token: 'a.b.c',
  refresh_token: 'r',
  token_type: 'bearer',
  expires_in: 3600,
  tenant_id: '000000',
  account: 'admin',
  is_init_password: '是',
};

function serve(options: { tenantMode: boolean; captchaRequired: boolean; hostTenant?: string }, extra: Record<string, Route> = {}) {
  let drawn = 0;
  return fakeFetch({
    'GET /api/blade-system/tenant/info': () => (options.hostTenant ? { tenantId: options.hostTenant, tenantName: '宿主租户' } : {}),
    'GET /api/blade-auth/oauth/login-options': () => ({ tenantMode: options.tenantMode, captchaRequired: options.captchaRequired }),
    'GET /api/blade-auth/oauth/captcha': () => ({ status: 200, body: { key: `key-${++drawn}`, image: IMAGE } }),
    'POST /api/blade-auth/oauth/token': () => ({ status: 200, body: TOKEN }),
    ...extra,
  });
}

const SLOW = 60_000;

describe('the login page', () => {
  afterEach(() => {
    tokenStore.save(undefined);
    vi.unstubAllGlobals();
  });

  it(
    'hides the tenant with tenant mode off and signs in to 000000 with the password grant',
    async () => {
      const calls = serve({ tenantMode: false, captchaRequired: false });
      renderWithFeedback(<LoginPage />);
      await waitFor(() => expect(calls.some((c) => c.path.endsWith('/login-options'))).toBe(true));
      await waitFor(() => expect(calls.some((c) => c.path.endsWith('/tenant/info'))).toBe(true));
      expect(screen.queryByLabelText('租户编号')).toBeNull();
      expect(screen.queryByLabelText('验证码')).toBeNull();
      await userEvent.type(screen.getByLabelText('账号'), 'admin');
      await userEvent.type(screen.getByLabelText('密码'), 'admin');
      await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
      await waitFor(() => expect(calls.some((c) => c.path.endsWith('/oauth/token'))).toBe(true));
      const grant = calls.find((c) => c.path.endsWith('/oauth/token'));
      expect(grant?.query.get('grant_type')).toBe('password');
      expect(grant?.query.get('tenantId')).toBe('000000');
      expect(calls.some((c) => c.path.endsWith('/captcha'))).toBe(false);
    },
    SLOW,
  );

  it(
    'shows the tenant with tenant mode on, and hides it again when the host names a tenant',
    async () => {
      serve({ tenantMode: true, captchaRequired: false });
      const first = renderWithFeedback(<LoginPage />);
      await screen.findByLabelText('租户编号');
      first.unmount();
      vi.unstubAllGlobals();
      const calls = serve({ tenantMode: true, captchaRequired: false, hostTenant: '100200' });
      renderWithFeedback(<LoginPage />);
      await waitFor(() =>
        expect(
          calls
            .filter((c) => c.path.endsWith('/login-options'))
            .at(-1)
            ?.query.get('tenantId'),
        ).toBe('100200'),
      );
      expect(screen.queryByLabelText('租户编号')).toBeNull();
    },
    SLOW,
  );

  it(
    'shows the captcha when required, draws another on a click and after a refusal, and signs in with the captcha grant',
    async () => {
      let refuse = true;
      const calls = serve(
        { tenantMode: false, captchaRequired: true },
        {
          'POST /api/blade-auth/oauth/token': () =>
            refuse
              ? { status: 400, body: { error_code: 400, error_description: '验证码不正确或已过期，请刷新后重试' } }
              : { status: 200, body: TOKEN },
        },
      );
      renderWithFeedback(<LoginPage />);
      const picture = await screen.findByAltText('验证码图片');
      expect(picture.getAttribute('src')).toBe(IMAGE);
      const draws = () => calls.filter((c) => c.path.endsWith('/captcha')).length;
      expect(draws()).toBe(1);
      await userEvent.click(screen.getByTitle('看不清？点击换一张'));
      await waitFor(() => expect(draws()).toBe(2));
      await userEvent.type(screen.getByLabelText('账号'), 'admin');
      await userEvent.type(screen.getByLabelText('密码'), 'admin');
      await userEvent.type(screen.getByLabelText('验证码'), 'ab12');
      await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
      await screen.findByText('验证码不正确或已过期，请刷新后重试');
      await waitFor(() => expect(draws()).toBe(3));
      expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('');
      refuse = false;
      await userEvent.type(screen.getByLabelText('验证码'), 'cd34');
      await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
      await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/oauth/token'))).toHaveLength(2));
      const grants = calls.filter((c) => c.path.endsWith('/oauth/token'));
      expect(grants.map((c) => c.query.get('grant_type'))).toEqual(['captcha', 'captcha']);
    },
    SLOW,
  );
});
