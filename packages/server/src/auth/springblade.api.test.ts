import { md5, toBase64 } from '@sso/shared-api';
import { sm2 } from 'sm-crypto';
import { request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, TEST_PASSWORD, useTestServer } from '../api-suite.testkit.js';

/** SpringBlade clients: SM2-encrypted passwords, the envelope answer, captcha, logout and doubled slashes. */
const suite = useTestServer({ SSO_TRUST_PROXY: 'true' });
const SABER = `Basic ${toBase64('saber:saber_secret')}`;
let publicKey = '';
let ipCounter = 1;
const freshIp = () => `10.32.0.${ipCounter++}`;

type Envelope = { code: number; success: boolean; msg: string; data: Record<string, unknown> | string | null };

async function call(method: 'GET' | 'POST', path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const qs = new URLSearchParams(query).toString();
  const response = await request(`${suite.server.baseUrl}${path}${qs ? `?${qs}` : ''}`, {
    method,
    headers: { 'x-forwarded-for': freshIp(), ...headers },
  });
  return { status: response.statusCode, body: (await response.body.json()) as Envelope };
}

const bladeToken = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  call('POST', '/api/blade-auth/token', { tenantId: '000000', grantType: 'password', ...query }, { authorization: SABER, ...headers });

beforeAll(async () => {
  await createUserWithRole(suite.server, { account: 'blade_user', menuCodes: [] });
  const key = await call('GET', '/api/blade-auth/sm2/public-key');
  publicKey = String(key.body.data);
});

describe('SpringBlade clients', () => {
  it('publishes an uncompressed SM2 public key, the same on every call', async () => {
    expect(publicKey).toMatch(/^04[0-9a-f]{128}$/);
    expect((await call('GET', '/api/blade-auth/sm2/public-key')).body.data).toBe(publicKey);
  });

  it('signs in with a C1C3C2 and a C1C2C3 ciphertext, answering the SpringBlade token fields', async () => {
    for (const mode of [1, 0] as const) {
      const answer = await bladeToken({ account: 'blade_user', password: sm2.doEncrypt(TEST_PASSWORD, publicKey, mode) });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ code: 200, success: true });
      const data = answer.body.data as Record<string, unknown>;
      expect(Object.keys(data).sort()).toEqual(
        [
          'accessToken',
          'account',
          'authority',
          'avatar',
          'expiresIn',
          'license',
          'oauthId',
          'refreshToken',
          'tenantId',
          'tokenType',
          'userId',
          'userName',
        ].sort(),
      );
      expect(data).toMatchObject({ account: 'blade_user', tenantId: '000000', tokenType: 'bearer', authority: 'blade_user_role' });
      const info = await call('GET', '/api/blade-auth/oauth/user-info', {}, { 'blade-auth': `bearer ${data.accessToken}` });
      expect(info.body.data).toMatchObject({ account: 'blade_user' });
    }
  });

  it('accepts an encrypted md5 digest too, and the 04 prefix on C1', async () => {
    const answer = await bladeToken({ account: 'blade_user', password: `04${sm2.doEncrypt(md5(TEST_PASSWORD), publicKey, 1)}` });
    expect(answer.body.code).toBe(200);
  });

  it('refuses a ciphertext that does not decrypt like a wrong password, and counts it', async () => {
    const other = sm2.generateKeyPairHex();
    const foreign = sm2.doEncrypt(TEST_PASSWORD, other.publicKey, 1);
    const before = await suite.server.ctx.db
      .selectFrom('sso_account_failure')
      .select('failCount')
      .where('account', '=', 'blade_user')
      .execute();
    const refused = await bladeToken({ account: 'blade_user', password: foreign });
    expect(refused).toMatchObject({ status: 400, body: { code: 400, success: false, msg: '用户名或密码错误' } });
    const garbage = await bladeToken({ account: 'blade_user', password: 'zz-not-hex' });
    expect(garbage.body.msg).toBe('用户名或密码错误');
    const after = await suite.server.ctx.db
      .selectFrom('sso_account_failure')
      .select('failCount')
      .where('account', '=', 'blade_user')
      .execute();
    const total = (rows: { failCount: number }[]) => rows.reduce((n, r) => n + Number(r.failCount), 0);
    expect(total(after)).toBeGreaterThan(total(before));
    // A right password afterwards still signs in (failures came from other addresses).
    expect((await bladeToken({ account: 'blade_user', password: sm2.doEncrypt(TEST_PASSWORD, publicKey, 1) })).body.code).toBe(200);
  });

  it('refreshes with grantType=refresh_token and refuses an unknown grant or client', async () => {
    const first = await bladeToken({ account: 'blade_user', password: sm2.doEncrypt(TEST_PASSWORD, publicKey, 1) });
    const refreshToken = String((first.body.data as Record<string, unknown>).refreshToken);
    const refreshed = await bladeToken({ grantType: 'refresh_token', refreshToken });
    expect(refreshed.body).toMatchObject({ code: 200, data: { account: 'blade_user' } });
    expect((await bladeToken({ grantType: 'nonsense' })).status).toBe(400);
    const noClient = await call('POST', '/api/blade-auth/token', { grantType: 'password', account: 'blade_user', password: 'x' });
    expect(noClient.status).toBe(401);
  });

  it('draws a captcha, signs out, and tolerates doubled slashes', async () => {
    const captcha = await request(`${suite.server.baseUrl}/api/blade-auth/captcha`);
    expect(Object.keys((await captcha.body.json()) as object).sort()).toEqual(['image', 'key']);
    const signedIn = await call(
      'POST',
      '/api//blade-auth//token',
      {
        tenantId: '000000',
        grantType: 'password',
        account: 'blade_user',
        password: sm2.doEncrypt(TEST_PASSWORD, publicKey, 1),
      },
      { authorization: SABER },
    );
    const accessToken = String((signedIn.body.data as Record<string, unknown>).accessToken);
    const auth = { 'blade-auth': `bearer ${accessToken}` };
    expect((await call('GET', '/api/blade-auth/logout', {}, auth)).body).toMatchObject({ code: 200, data: true });
    expect((await call('GET', '/api/blade-auth/oauth/user-info', {}, auth)).status).toBe(401);
  });
});
