import { md5, secondFactorMessages, TOTP_BASE, toBase64 } from '@sso/shared-api';
import { Secret, TOTP } from 'otpauth';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, TEST_PASSWORD, type TestUser, useTestServer } from '../api-suite.testkit.js';

/**
 * A second factor required by tenant or role (`mfa.required`): a user who has none signs in to a
 * session that can only enrol one (status, enrol, confirm), refresh and sign out; every other call
 * answers 403 until the enrolment is confirmed and the token refreshed.
 */
const suite = useTestServer();
const SABER = `Basic ${toBase64('saber:saber_secret')}`;
const PARAM_LIST = '/api/blade-system/param/list';

type Tokens = { access_token?: string; refresh_token?: string; second_factor?: string; error_description?: string };

async function call(method: 'GET' | 'POST', path: string, accessToken: string, query: Record<string, string> = {}) {
  const response = await request(`${suite.server.baseUrl}${path}?${new URLSearchParams(query)}`, {
    method,
    headers: { authorization: SABER, 'blade-auth': `bearer ${accessToken}` },
  });
  return { status: response.statusCode, body: (await response.body.json()) as { code?: number; msg?: string; data?: unknown } };
}

async function grant(query: Record<string, string>) {
  const response = await request(
    `${suite.server.baseUrl}/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', ...query })}`,
    {
      method: 'POST',
      headers: { authorization: SABER },
    },
  );
  return { status: response.statusCode, body: (await response.body.json()) as Tokens };
}

const signIn = (account: string) => grant({ grant_type: 'password', username: account, password: md5(TEST_PASSWORD) });
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

async function setRequired(paramValue: string) {
  const paramKey = 'mfa.required';
  const row = (await suite.admin.system.param.list({ paramKey })).records.find((r) => r.paramKey === paramKey);
  if (row) await suite.admin.system.param.submit({ id: row.id, paramValue });
  else await suite.admin.system.param.submit({ paramName: paramKey, paramKey, paramValue });
}

describe('a second factor required by role', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUserWithRole(suite.server, { account: 'mfa_must', menuCodes: ['param'] });
    await setRequired('mfa_must_role');
  });
  afterAll(() => setRequired('false'));

  it('signs in to a session that answers 403 to everything but the enrolment', async () => {
    const signed = await signIn(user.account);
    expect(signed.status).toBe(200);
    expect(signed.body.second_factor).toBe('enrol');
    const token = signed.body.access_token ?? '';
    const refused = await call('GET', PARAM_LIST, token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, msg: secondFactorMessages.enrolRequired });
    // Twice: the second answer comes from the remembered token and session.
    expect((await call('GET', PARAM_LIST, token)).status).toBe(403);
    expect((await call('GET', `${TOTP_BASE}/status`, token)).body.data).toMatchObject({ enabled: false, required: true });
    expect((await call('GET', '/api/blade-auth/oauth/logout', token)).status).toBe(200);
    expect((await call('GET', `${TOTP_BASE}/status`, token)).status).toBe(401);
  });

  it('opens every call after the enrolment is confirmed and the token refreshed', async () => {
    const signed = await signIn(user.account);
    const token = signed.body.access_token ?? '';
    const enrolment = await call('POST', `${TOTP_BASE}/enrol`, token);
    const secret = (enrolment.body.data as { secret: string }).secret;
    expect((await call('POST', `${TOTP_BASE}/confirm`, token, { code: '12' })).status).toBe(400);
    const confirmed = await call('POST', `${TOTP_BASE}/confirm`, token, { code: codeOf(secret) });
    expect((confirmed.body.data as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    // The restricted token stays restricted; a refreshed one is not.
    expect((await call('GET', PARAM_LIST, token)).status).toBe(403);
    const refreshed = await grant({ grant_type: 'refresh_token', refresh_token: signed.body.refresh_token ?? '' });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.second_factor).toBeUndefined();
    expect((await call('GET', PARAM_LIST, refreshed.body.access_token ?? '')).status).toBe(200);
  });

  it('leaves users outside the tenants and roles named unrestricted', async () => {
    const other = await createUserWithRole(suite.server, { account: 'mfa_free', menuCodes: ['param'] });
    const signed = await signIn(other.account);
    expect(signed.body.second_factor).toBeUndefined();
    expect((await call('GET', PARAM_LIST, signed.body.access_token ?? '')).status).toBe(200);
  });
});
