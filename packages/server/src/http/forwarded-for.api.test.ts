import { md5 } from '@sso/shared-api';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { rowCount, useTestServer } from '../api-suite.testkit.js';

/** Behind a trusted proxy, X-Forwarded-For names the client: only IP addresses are taken. */
const suite = useTestServer({ SSO_TRUST_PROXY: 'true' });
const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

async function signIn(forwardedFor: string) {
  const query = new URLSearchParams({
    grant_type: 'password',
    scope: 'all',
    tenantId: '000000',
    username: 'admin',
    password: md5('wrong'),
  });
  const response = await request(`${suite.server.baseUrl}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: basic, 'x-forwarded-for': forwardedFor },
  });
  return { status: response.statusCode, body: (await response.body.json()) as Record<string, unknown> };
}

describe('X-Forwarded-For', () => {
  it('refuses an entry that is not an IP address with 400 before anything is recorded', async () => {
    const before = await rowCount(suite.server, 'blade_log_login');
    for (const header of ['x'.repeat(300), 'unknown', '10.0.0.1, evil', '10.0.0.1:80']) {
      const answer = await signIn(header);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error_code: 400, error_description: 'X-Forwarded-For 请求头须为逗号分隔的 IP 地址' });
    }
    expect(await rowCount(suite.server, 'blade_log_login')).toBe(before);
  });

  it('takes IPv4 and IPv6 addresses and records the client address', async () => {
    for (const header of ['203.0.113.7', '2001:db8::1, 10.0.0.1']) {
      const answer = await signIn(header);
      expect(answer).toMatchObject({ status: 400, body: { error_description: '用户名或密码错误' } });
    }
    const rows = await suite.server.ctx.db.selectFrom('blade_log_login').select('remoteIp').orderBy('id', 'desc').limit(2).execute();
    expect(rows.map((r) => r.remoteIp).sort()).toEqual(['2001:db8::1', '203.0.113.7']);
  });
});
