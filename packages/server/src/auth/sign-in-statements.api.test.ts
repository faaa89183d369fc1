import { md5, toBase64 } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { statementsOf } from '../db/statement-count.testkit.js';

const suite = useTestServer();

const passwordSignIn = async () => {
  const query = new URLSearchParams({
    grant_type: 'password',
    scope: 'all',
    tenantId: '000000',
    username: 'admin',
    password: md5('admin'),
  });
  const response = await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: `Basic ${toBase64('saber:saber_secret')}` },
  });
  expect(response.status).toBe(200);
};

describe('a password sign-in', () => {
  it('sends few statements', async () => {
    await passwordSignIn();
    const statements = await statementsOf(passwordSignIn);
    console.log(statements.join('\n'));
    expect(statements.length).toBe(0);
  });
});
