import { createHash } from 'node:crypto';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFields, flatten, type Row } from './saber-client.testkit.js';

/**
 * Saber's shell (api/user.js, store/modules/user.js, page/login): the captcha sign-in of its
 * default settings, the token fields it keeps, the sidebar, buttons and top menus, the user
 * info, the refresh, the cache clearing and the sign-out, and the guest registration dialog.
 */
const BASIC = 'Basic c2FiZXI6c2FiZXJfc2VjcmV0';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function call(method: 'GET' | 'POST', path: string, params: Record<string, string>, headers: Record<string, string> = {}) {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`${server.baseUrl}${path}${query ? `?${query}` : ''}`, {
    method,
    headers: { Authorization: BASIC, 'Tenant-Id': '000000', ...headers },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** loginByUsername with website.captchaMode on (Saber's default): the captcha first, then the captcha grant. */
async function signInWithCaptcha(): Promise<Record<string, unknown>> {
  const captcha = (await call('GET', '/api/blade-auth/oauth/captcha', {})).body;
  expect(captcha.image).toMatch(/^data:image\/[a-z+]+;base64,/);
  const code = server.ctx.captcha.codeForTests(captcha.key as string);
  expect(code).toBeTruthy();
  const token = await call(
    'POST',
    '/api/blade-auth/oauth/token',
    { tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'captcha', scope: 'all', type: 'account' },
    { 'Captcha-Key': captcha.key as string, 'Captcha-Code': code as string },
  );
  return token.body;
}

describe('Saber shell', () => {
  it('signs in with the captcha and keeps the token fields it reads', async () => {
    const token = await signInWithCaptcha();
    expect(token.error_description).toBeUndefined();
    for (const field of ['access_token', 'refresh_token', 'tenant_id', 'user_name', 'role_name', 'dept_id', 'role_id', 'account'])
      expect(token, field).toHaveProperty(field);
    // tenant.vue shows its dialogs when role_name includes administrator.
    expect(String(token.role_name)).toContain('administrator');
  });

  it('builds the sidebar, buttons and top menus, reads the user info, refreshes, clears the cache and signs out', async () => {
    const token = await signInWithCaptcha();
    const auth = { 'Blade-Auth': `bearer ${token.access_token}` };
    const routes = (await call('GET', '/api/blade-system/menu/routes', {}, auth)).body.data as Row[];
    expectFields(routes, ['name', 'path', 'source', 'children']);
    expect(flatten(routes).some((route) => route.path === '/system/user')).toBe(true);
    const buttons = (await call('GET', '/api/blade-system/menu/buttons', {}, auth)).body.data as Row[];
    expect(flatten(buttons).map((b) => b.code)).toContain('user_add');
    const tops = (await call('GET', '/api/blade-system/menu/top-menu', {}, auth)).body;
    expect(tops.code).toBe(200);
    expect(Array.isArray(tops.data)).toBe(true);
    const info = (await call('GET', '/api/blade-auth/oauth/user-info', {}, auth)).body;
    expect(info.code).toBe(200);
    const profile = (await call('GET', '/api/blade-user/info', {}, auth)).body.data as Row;
    expectFields([profile], ['account', 'name', 'realName', 'phone', 'email', 'avatar']);
    const refreshed = await call('POST', '/api/blade-auth/oauth/token', {
      tenantId: '000000',
      refresh_token: token.refresh_token as string,
      grant_type: 'refresh_token',
      scope: 'all',
    });
    expect(refreshed.body.access_token).toBeTruthy();
    const fresh = { 'Blade-Auth': `bearer ${refreshed.body.access_token}` };
    expect((await call('GET', '/api/blade-auth/oauth/clear-cache', {}, fresh)).body.code).toBe(200);
    expect((await call('GET', '/api/blade-auth/oauth/logout', {}, fresh)).body.code).toBe(200);
    expect((await call('GET', '/api/blade-system/menu/routes', {}, fresh)).status).toBe(401);
  });

  it('registers a guest with the fields as query parameters (registerGuest)', async () => {
    const answer = await call('POST', '/api/blade-user/register-guest', {
      tenantId: '000000',
      name: '访客',
      account: 'saber_guest',
      password: 'Guest@2024',
      oauthId: '',
    });
    expect(answer.body).toMatchObject({ code: 200, success: true });
  });
});
