import { createHash } from 'node:crypto';
import { ApiError, md5, memoryStore, toBase64, tokenResponse } from '@sso/shared-api';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';

const suite = useTestServer({ SSO_TRUST_PROXY: 'true' });
let ipCounter = 10;
/** Scenarios with failed sign-ins use their own address (the server trusts X-Forwarded-For here). */
const freshIp = () => `10.0.0.${ipCounter++}`;
const basic = (id = 'saber', secret = 'saber_secret') => `Basic ${toBase64(`${id}:${secret}`)}`;

async function token(query: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await request(`${suite.server.baseUrl}/api/blade-auth/oauth/token?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { authorization: basic(), 'x-forwarded-for': '10.9.9.9', ...headers },
  });
  return { status: response.statusCode, body: (await response.body.json()) as Record<string, unknown> };
}

const passwordQuery = (username: string, password: string, tenantId = '000000') => ({
  grant_type: 'password',
  scope: 'all',
  tenantId,
  username,
  password: md5(password),
});

async function addUser(account: string, storedPassword: string) {
  const admin = await suite.server.ctx.db.selectFrom('blade_user').selectAll().where('account', '=', 'admin').executeTakeFirstOrThrow();
  const id = suite.server.ctx.ids.next();
  await suite.server.ctx.db
    .insertInto('blade_user')
    .values({ id, account, password: storedPassword, name: account, realName: account, roleId: admin.roleId, deptId: admin.deptId })
    .execute();
  return id;
}

describe('password grant', () => {
  it('answers the BladeX token fields, signed with a key from the JWKS', async () => {
    const { status, body } = await token(passwordQuery('admin', 'admin'));
    expect(status).toBe(200);
    const parsed = tokenResponse.parse(body);
    expect(parsed).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'all',
      tenant_id: '000000',
      account: 'admin',
      role_name: 'administrator',
      client_id: 'saber',
      is_init_password: '是',
    });
    expect(parsed.user_id).toMatch(/^\d+$/);
    const jwks = (await (await request(`${suite.server.baseUrl}/api/blade-auth/oauth/jwks`)).body.json()) as { keys: [] };
    const { payload, protectedHeader } = await jwtVerify(parsed.access_token, createLocalJWKSet(jwks), { issuer: 'sso-platform' });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.user_id).toBe(parsed.user_id);
    expect(payload.jti).toBe(parsed.jti);
  });

  it('refuses a bad client with 401 and error_description', async () => {
    const wrong = await token(passwordQuery('admin', 'admin'), { authorization: basic('saber', 'nope') });
    expect(wrong).toEqual({ status: 401, body: { error_code: 401, error_description: '客户端认证失败' } });
    const missing = await token(passwordQuery('admin', 'admin'), { authorization: '' });
    expect(missing.status).toBe(401);
  });

  it('refuses unknown grants and missing parameters', async () => {
    expect((await token({ grant_type: 'magic' })).body.error_description).toBe('不支持的授权类型');
    expect((await token({ grant_type: 'password', username: 'admin' })).body).toEqual({
      error_code: 400,
      error_description: '缺少必要的请求参数',
    });
  });

  it('says the same for a wrong password and an unknown account, in English on request', async () => {
    const ip = freshIp();
    const wrong = await token(passwordQuery('admin', 'wrong'), { 'x-forwarded-for': ip });
    const unknown = await token(passwordQuery('nobody', 'wrong'), { 'x-forwarded-for': ip });
    expect(wrong.body.error_description).toBe('用户名或密码错误');
    expect(unknown.body).toEqual(wrong.body);
    const english = await token(passwordQuery('admin', 'wrong'), { 'x-forwarded-for': ip, 'accept-language': 'en-US' });
    expect(english.body.error_description).toBe('Wrong account or password');
  });

  it('accepts a form-encoded body as well as query parameters', async () => {
    const response = await request(`${suite.server.baseUrl}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(passwordQuery('admin', 'admin')).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(((await response.body.json()) as { account: string }).account).toBe('admin');
  });

  it('upgrades an imported sha1(md5) hash to argon2id at sign-in', async () => {
    const legacy = createHash('sha1').update(md5('Imported#2024')).digest('hex');
    const id = await addUser('imported', legacy);
    expect((await token(passwordQuery('imported', 'Imported#2024'))).status).toBe(200);
    const row = await suite.server.ctx.db.selectFrom('blade_user').select('password').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await token(passwordQuery('imported', 'Imported#2024'))).status).toBe(200);
    expect((await token(passwordQuery('imported', 'wrong'))).status).toBe(400);
  });

  it('refuses accounts of unknown, disabled or expired tenants and disabled users', async () => {
    expect((await token(passwordQuery('admin', 'admin', '999999'))).body.error_description).toBe('用户名或密码错误');
    const id = await addUser('disabled', await suite.server.ctx.passwords.hashDigest(md5('Disabled#1')));
    await suite.server.ctx.db.updateTable('blade_user').set({ status: 0 }).where('id', '=', id).execute();
    expect((await token(passwordQuery('disabled', 'Disabled#1'))).body.error_description).toBe('账号已被禁用');
    await suite.server.ctx.db.updateTable('blade_user').set({ status: 2 }).where('id', '=', id).execute();
    expect((await token(passwordQuery('disabled', 'Disabled#1'))).body.error_description).toBe('账号正在等待管理员审核');
  });
});

describe('sessions', () => {
  it('rotates refresh tokens and revokes the session when an old one is replayed', async () => {
    const sdk = await suite.server.admin();
    const first = sdk.session!.token;
    const second = await sdk.refresh();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user_id).toBe(first.user_id);
    expect((await sdk.userInfo()).account).toBe('admin');

    const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replay.body).toEqual({ error_code: 400, error_description: '刷新令牌已被使用，会话已撤销' });
    const after = suite.server.client({ store: memoryStore({ token: second, expiresAt: Date.now() + 3_600_000 }) });
    await expect(after.userInfo()).rejects.toMatchObject({ code: 401 });
    expect((await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token })).status).toBe(400);
  });

  it('refuses a refresh token of another client', async () => {
    const sdk = await suite.server.admin();
    const stolen = await token(
      { grant_type: 'refresh_token', refresh_token: sdk.session!.token.refresh_token },
      { authorization: basic('sword', 'sword_secret') },
    );
    expect(stolen.body.error_description).toBe('刷新令牌无效或已过期');
  });

  it('refreshes automatically before the access token expires', async () => {
    const sdk = await suite.server.admin();
    const before = sdk.session!;
    sdk.options.store.save({ ...before, expiresAt: Date.now() + 1000 });
    await sdk.system.param.list();
    expect(sdk.session!.token.access_token).not.toBe(before.token.access_token);
  });

  it('revokes the session at once on GET or POST logout, storing uploaded error logs', async () => {
    const viaGet = await suite.server.admin();
    const tokenBefore = viaGet.session!.token;
    await viaGet.call('GET', '/api/blade-auth/oauth/logout');
    const stale = suite.server.client({ store: memoryStore({ token: tokenBefore, expiresAt: Date.now() + 3_600_000 }) });
    await expect(stale.userInfo()).rejects.toMatchObject({ code: 401 });

    const viaPost = await suite.server.admin();
    let signedOut = false;
    const kept = viaPost.session!.token;
    await viaPost.logout([{ type: 'error', message: 'boom in the browser', stack: 'at x', url: '/wel/index', time: '2026-01-01' }]);
    expect(viaPost.session).toBeUndefined();
    const logs = await suite.server.ctx.db.selectFrom('blade_log_error').selectAll().where('message', '=', 'boom in the browser').execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]?.requestUri).toBe('/wel/index');
    const again = suite.server.client({
      store: memoryStore({ token: kept, expiresAt: Date.now() + 3_600_000 }),
      onSignedOut: () => (signedOut = true),
    });
    await expect(again.system.param.list()).rejects.toBeInstanceOf(ApiError);
    expect(signedOut).toBe(true);
  });

  it('answers user-info with the permission codes, and clear-cache', async () => {
    const sdk = await suite.server.admin();
    const info = await sdk.userInfo();
    expect(info).toMatchObject({ account: 'admin', tenantId: '000000', roleName: 'administrator', isInitPassword: '是' });
    expect(info.permissions).toContain('param_add');
    expect(await sdk.call('GET', '/api/blade-auth/oauth/clear-cache')).toBe(true);
  });
});

describe('guarding', () => {
  it('answers 401 in the envelope on every non-public /api route without a valid token', async () => {
    const guarded = suite.server.routes.filter((r) => r.url.startsWith('/api/') && r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(20);
    const forged = 'eyJhbGciOiJFUzI1NiJ9.eyJzaWQiOiIxIn0.c2lnbmF0dXJl';
    for (const route of guarded) {
      for (const auth of [undefined, `bearer ${forged}`, 'bearer garbage']) {
        const response = await request(`${suite.server.baseUrl}${route.url}`, {
          method: route.method as 'GET',
          headers: auth ? { 'blade-auth': auth } : {},
        });
        const body = (await response.body.json()) as { code: number; success: boolean };
        expect({ route: `${route.method} ${route.url}`, status: response.statusCode, code: body.code }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 401,
          code: 401,
        });
      }
    }
  });

  it('serves health, readiness and the API documentation without a token', async () => {
    expect((await request(`${suite.server.baseUrl}/health`)).statusCode).toBe(200);
    const ready = await request(`${suite.server.baseUrl}/ready`);
    expect(((await ready.body.json()) as { status: string }).status).toBe('UP');
    const spec = (await (await request(`${suite.server.baseUrl}/doc.html/json`)).body.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toContain('/api/blade-system/param/list');
    expect(Object.keys(spec.paths)).toContain('/api/blade-auth/oauth/token');
    const ui = await request(`${suite.server.baseUrl}/doc.html/`);
    expect(ui.statusCode).toBe(200);
    expect(await ui.body.text()).toContain('swagger');
  });

  it('answers 404 and 405 in the envelope', async () => {
    const sdk = await suite.server.admin();
    await expect(sdk.call('GET', '/api/blade-system/nothing-here')).rejects.toMatchObject({ code: 404 });
    await expect(sdk.call('GET', '/api/blade-system/param/submit')).rejects.toMatchObject({ code: 405 });
  });
});
