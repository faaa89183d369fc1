import { captchaMessages, md5, toBase64 } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, type TestUser, useTestServer } from '../api-suite.testkit.js';
import { CAPTCHA_CAP, CaptchaStore } from './captcha-store.js';

/** The sign-in captcha as Saber uses it: the picture, its single-use answer, the captcha grant and "captcha required". */
const suite = useTestServer();
let tenantAdmin: TestUser;
const TENANT = '100113';

beforeAll(async () => {
  tenantAdmin = await createTenantWithAdmin(suite.server, TENANT);
});

const SABER = `Basic ${toBase64('saber:saber_secret')}`;

async function drawCaptcha(ip = '10.1.0.1'): Promise<{ key: string; image: string; code: string }> {
  const response = await suite.server.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha', remoteAddress: ip });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { key: string; image: string };
  const code = suite.server.ctx.captcha.codeForTests(body.key);
  if (!code) throw new Error('the test hook knows no code for this key');
  return { ...body, code };
}

/** A token request as Saber sends it: query parameters, Tenant-Id and the captcha headers. */
async function token(input: { grant: string; username?: string; password?: string; tenantId?: string; key?: string; code?: string }) {
  const tenantId = input.tenantId ?? '000000';
  const query = new URLSearchParams({
    tenantId,
    username: input.username ?? 'admin',
    password: md5(input.password ?? 'admin'),
    grant_type: input.grant,
    scope: 'all',
    type: 'account',
  });
  const headers: Record<string, string> = { authorization: SABER, 'tenant-id': tenantId };
  if (input.key !== undefined) headers['captcha-key'] = input.key;
  if (input.code !== undefined) headers['captcha-code'] = input.code;
  const response = await suite.server.app.inject({ method: 'POST', url: `/api/blade-auth/oauth/token?${query}`, headers });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function setParam(paramKey: string, paramValue: string) {
  const row = (await suite.admin.system.param.list({ paramKey })).records.find((r) => r.paramKey === paramKey);
  if (!row) throw new Error(`parameter ${paramKey} is not seeded`);
  await suite.admin.system.param.submit({ id: row.id, paramValue });
}

const failureRows = (account: string) =>
  suite.server.ctx.db
    .selectFrom('sso_account_failure')
    .select('failCount')
    .where('tenantId', '=', TENANT)
    .where('account', '=', account)
    .execute();

describe('GET oauth/captcha', () => {
  it('answers the raw { key, image } with an SVG data URL of four letters and digits', async () => {
    const response = await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/captcha`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['image', 'key']);
    expect(body.key).toMatch(/^[0-9a-f]{32}$/);
    expect(body.image).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
    const svg = Buffer.from(String(body.image).split(',')[1] ?? '', 'base64').toString();
    expect(svg).toMatch(/^<svg[\s\S]*<path[\s\S]*<\/svg>$/);
    expect(suite.server.ctx.captcha.codeForTests(String(body.key))).toMatch(/^[A-Za-z0-9]{4}$/);
  });

  it('keeps only a hash of the answer in the shared table, expiring five minutes on', async () => {
    const { key, code } = await drawCaptcha();
    const row = await suite.server.ctx.db.selectFrom('sso_captcha').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code.toLowerCase());
    const minutes = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4.9);
    expect(minutes).toBeLessThanOrEqual(5);
  });

  it('limits the pictures one address draws per minute (429 in the envelope), other addresses unaffected', async () => {
    const ip = '10.9.9.9';
    let status = 200;
    let drawn = 0;
    while (status === 200 && drawn < 100) {
      status = (await suite.server.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha', remoteAddress: ip })).statusCode;
      if (status === 200) drawn++;
    }
    expect(drawn).toBe(30);
    const refused = await suite.server.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha', remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, success: false, msg: captchaMessages.captchaTooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await drawCaptcha('10.9.9.10');
  });
});

describe('grant_type=captcha', () => {
  it('signs in with the right answer in any case, and answers like the password grant', async () => {
    const { key, code } = await drawCaptcha();
    const { status, body } = await token({ grant: 'captcha', key, code: code.toUpperCase() });
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', account: 'admin', tenant_id: '000000', client_id: 'saber' });
    const again = await drawCaptcha();
    expect((await token({ grant: 'captcha', key: again.key, code: again.code.toLowerCase() })).status).toBe(200);
  });

  it('spends a captcha on its first use, right or wrong', async () => {
    const right = await drawCaptcha();
    expect((await token({ grant: 'captcha', key: right.key, code: right.code })).status).toBe(200);
    expect(await token({ grant: 'captcha', key: right.key, code: right.code })).toEqual({
      status: 400,
      body: { error_code: 400, error_description: captchaMessages.captchaWrong },
    });
    const missed = await drawCaptcha();
    expect((await token({ grant: 'captcha', key: missed.key, code: `${missed.code}x` })).status).toBe(400);
    expect((await token({ grant: 'captcha', key: missed.key, code: missed.code })).body.error_description).toBe(
      captchaMessages.captchaWrong,
    );
  });

  it('refuses an expired captcha', async () => {
    const { key, code } = await drawCaptcha();
    await suite.server.ctx.db
      .updateTable('sso_captcha')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('key', '=', key)
      .execute();
    expect((await token({ grant: 'captcha', key, code })).body.error_description).toBe(captchaMessages.captchaWrong);
  });

  it('refuses a missing or unknown captcha, counting nothing against the account', async () => {
    expect(await token({ grant: 'captcha', username: tenantAdmin.account, tenantId: TENANT })).toEqual({
      status: 400,
      body: { error_code: 400, error_description: captchaMessages.captchaMissing },
    });
    expect(
      (await token({ grant: 'captcha', key: 'f'.repeat(32), code: 'abcd', username: tenantAdmin.account, tenantId: TENANT })).body,
    ).toEqual({
      error_code: 400,
      error_description: captchaMessages.captchaWrong,
    });
    expect((await token({ grant: 'captcha', key: 'k'.repeat(500), code: 'abcd' })).status).toBe(400);
    expect(await failureRows(tenantAdmin.account)).toEqual([]);
  });

  it('checks the password after the captcha as the password grant does (a wrong one counts)', async () => {
    const { key, code } = await drawCaptcha();
    const refused = await token({ grant: 'captcha', key, code, username: tenantAdmin.account, password: 'wrong', tenantId: TENANT });
    expect(refused).toEqual({ status: 400, body: { error_code: 400, error_description: '用户名或密码错误' } });
    expect((await failureRows(tenantAdmin.account)).length).toBeGreaterThan(0);
    const next = await drawCaptcha();
    const granted = await token({
      grant: 'captcha',
      key: next.key,
      code: next.code,
      username: tenantAdmin.account,
      password: tenantAdmin.password,
      tenantId: TENANT,
    });
    expect(granted.status).toBe(200);
    expect(granted.body.tenant_id).toBe(TENANT);
  });
});

describe('captcha.enabled', () => {
  it('when false, lets password grants through whatever captcha headers they carry (Saber 2.8.1 sends its key)', async () => {
    const { key } = await drawCaptcha();
    expect((await token({ grant: 'password', key, code: '' })).status).toBe(200);
    expect((await token({ grant: 'password', key: 'unknown', code: 'zzzz' })).status).toBe(200);
  });

  it('when true, refuses password grants without a captcha and accepts captcha grants', async () => {
    await setParam('captcha.enabled', 'true');
    try {
      expect(await token({ grant: 'password' })).toEqual({
        status: 400,
        body: { error_code: 400, error_description: captchaMessages.captchaRequired },
      });
      const options = await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/login-options`).then(
        (r) => r.json() as Promise<{ data: Record<string, unknown> }>,
      );
      expect(options).toEqual({ code: 200, success: true, data: { tenantMode: false, captchaRequired: true }, msg: '操作成功' });
      const { key, code } = await drawCaptcha();
      expect((await token({ grant: 'captcha', key, code })).status).toBe(200);
      // A password grant carrying a right captcha is a captcha grant by another name; a wrong one is refused.
      const right = await drawCaptcha();
      expect((await token({ grant: 'password', key: right.key, code: right.code })).status).toBe(200);
      const wrong = await drawCaptcha();
      expect((await token({ grant: 'password', key: wrong.key, code: `${wrong.code}x` })).body.error_description).toBe(
        captchaMessages.captchaWrong,
      );
    } finally {
      await setParam('captcha.enabled', 'false');
    }
    expect((await token({ grant: 'password' })).status).toBe(200);
  });

  it('when it lists tenant ids, requires the captcha of those tenants only', async () => {
    await setParam('captcha.enabled', TENANT);
    try {
      const refused = await token({ grant: 'password', username: tenantAdmin.account, password: tenantAdmin.password, tenantId: TENANT });
      expect(refused.body.error_description).toBe(captchaMessages.captchaRequired);
      expect((await token({ grant: 'password' })).status).toBe(200);
      const options = (tenantId: string) =>
        fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/login-options?tenantId=${tenantId}`).then(
          (r) => r.json() as Promise<{ data: Record<string, unknown> }>,
        );
      expect((await options(TENANT)).data.captchaRequired).toBe(true);
      expect((await options('000000')).data.captchaRequired).toBe(false);
    } finally {
      await setParam('captcha.enabled', 'false');
    }
  });
});

describe('GET oauth/login-options', () => {
  it('answers tenant mode from tenant.mode, and refuses a malformed tenant id with 400', async () => {
    const read = () =>
      fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/login-options`).then(
        (r) => r.json() as Promise<{ data: Record<string, unknown> }>,
      );
    expect((await read()).data).toEqual({ tenantMode: false, captchaRequired: false });
    await setParam('tenant.mode', 'true');
    try {
      expect((await read()).data.tenantMode).toBe(true);
    } finally {
      await setParam('tenant.mode', 'false');
    }
    const bad = await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/login-options?tenantId=x'`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 400, success: false, msg: captchaMessages.tenantFormat });
  });
});

describe('the captcha store', () => {
  it('keeps at most its cap of captchas, dropping the oldest, and purges expired ones', async () => {
    const store = new CaptchaStore(suite.server.ctx.db, { cap: 3 });
    await suite.server.ctx.db.deleteFrom('sso_captcha').execute();
    const first = await store.issue();
    for (let i = 0; i < 3; i++) await store.issue();
    const keys = (await suite.server.ctx.db.selectFrom('sso_captcha').select('key').execute()).map((r) => r.key);
    expect(keys).toHaveLength(3);
    expect(keys).not.toContain(first.key);
    await suite.server.ctx.db
      .updateTable('sso_captcha')
      .set({ expiresAt: new Date(Date.now() - 1) })
      .execute();
    await store.issue();
    expect(await suite.server.ctx.db.selectFrom('sso_captcha').select('key').execute()).toHaveLength(1);
    expect(store.codeForTests(first.key)).toBeUndefined();
    expect(CAPTCHA_CAP).toBeGreaterThanOrEqual(1000);
  });
});
