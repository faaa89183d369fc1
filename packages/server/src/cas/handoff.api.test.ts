import { TOKEN_HEADER } from '@sso/shared-api';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, type TestUser, useTestServer } from '../api-suite.testkit.js';
import { appTickets } from './app-tickets.js';
import { createApp, grantApp, platform, startApplication } from './sign-on.testkit.js';

/** BladeX hand-off (grant_type=sso): a token for one application, handed only to that application's registered address. */
const suite = useTestServer();
let staff: TestUser;
let outsider: TestUser;
let bladeApp: Awaited<ReturnType<typeof startApplication>>;
let otherApp: Awaited<ReturnType<typeof startApplication>>;
let signed = 0;

const WEB_CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/**
 * What a BladeX-style application does with the hand-off: take `access_token` from its address,
 * verify it against the platform's JWKS with its own code as the audience, and show the user.
 */
async function bladeApplication(appCode: string) {
  return startApplication(async (request, response, origin) => {
    const token = new URL(request.url ?? '/', origin).searchParams.get('access_token') ?? '';
    const jwks = createRemoteJWKSet(new URL(`${suite.server.baseUrl}/api/blade-auth/oauth/jwks`));
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: suite.server.ctx.issuer, audience: appCode });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ account: payload.account }));
    } catch (error) {
      response.writeHead(401).end(String((error as Error).message));
    }
  });
}

/** The web sign-in page's call: the signed-in user's session, the web's own client. */
const handOff = (user: TestUser | undefined, appCode: string, referer: string) =>
  platform(
    suite,
    'POST',
    `/api/blade-auth/oauth/token?grant_type=sso&appCode=${encodeURIComponent(appCode)}&referer=${encodeURIComponent(referer)}`,
    user,
    undefined,
    { authorization: WEB_CLIENT },
  );

const appName = async (appCode: string) =>
  (
    await platform(suite, 'POST', '/api/blade-auth/oauth/getAppNameByAppCode', undefined, JSON.stringify({ appCode }), {
      'content-type': 'application/json',
    })
  ).json().data;

beforeAll(async () => {
  bladeApp = await bladeApplication('bx_mes');
  otherApp = await bladeApplication('bx_other');
  staff = await createUserWithRole(suite.server, { account: 'bx_staff' });
  outsider = await createUserWithRole(suite.server, { account: 'bx_outsider' });
  const mes = await createApp(suite, {
    appCode: 'bx_mes',
    appName: '生产执行系统',
    protocol: 'token',
    redirectUris: `${bladeApp.origin}/sso`,
  });
  await grantApp(suite, mes, staff.id);
  const other = await createApp(suite, { appCode: 'bx_other', protocol: 'token', redirectUris: `${otherApp.origin}/sso` });
  await grantApp(suite, other, staff.id);
  const off = await createApp(suite, {
    appCode: 'bx_off',
    appName: '停用系统',
    protocol: 'token',
    redirectUris: `${otherApp.origin}/off`,
    status: 0,
  });
  await grantApp(suite, off, staff.id);
  const cas = await createApp(suite, { appCode: 'bx_cas', protocol: 'cas', redirectUris: `${otherApp.origin}/cas` });
  await grantApp(suite, cas, staff.id);
  const tokens = suite.server.ctx.tokens;
  const issue = tokens.issue.bind(tokens);
  tokens.issue = (claims, ttl, audience) => {
    signed++;
    return issue(claims, ttl, audience);
  };
});
afterAll(async () => {
  await bladeApp?.close();
  await otherApp?.close();
});

describe('BladeX hand-off', () => {
  it('names the application asking, and answers alike for a missing and a disabled one', async () => {
    expect(await appName('bx_mes')).toBe('生产执行系统');
    expect(await appName('bx_off')).toBe('');
    expect(await appName('bx_missing')).toBe('');
    // As the sign-in page asks: in the query, no body.
    const asked = await platform(suite, 'POST', '/api/blade-auth/oauth/getAppNameByAppCode?appCode=bx_mes', undefined, undefined, {
      'tenant-id': '000000',
    });
    expect([asked.status, asked.json().data]).toEqual([200, '生产执行系统']);
  });

  it('hands a token whose audience is the application to its registered address; the application verifies it against the JWKS', async () => {
    const answer = await handOff(staff, 'bx_mes', `${bladeApp.origin}/sso?next=/orders`);
    expect(answer.status).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      app_code: 'bx_mes',
      redirect_uri: expect.stringContaining(`${bladeApp.origin}/sso?next=%2Forders&access_token=`),
    });
    const shown = await fetch(String(body.redirect_uri));
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({ account: 'bx_staff' });
    // The same token is refused by an application it was not made for.
    const elsewhere = await fetch(`${otherApp.origin}/sso?access_token=${body.access_token}`);
    expect(elsewhere.status).toBe(401);
    // Nor is it a key to the platform's own API: an application holding it cannot act as the user here.
    const onPlatform = await fetch(`${suite.server.baseUrl}/api/blade-user/info`, {
      headers: { [TOKEN_HEADER]: `bearer ${String(body.access_token)}` },
    });
    expect(onPlatform.status).toBe(401);
    const log = await suite.server.ctx.db
      .selectFrom('blade_app_login_log')
      .select(['appCode', 'account'])
      .where('account', '=', 'bx_staff')
      .execute();
    expect(log).toEqual([{ appCode: 'bx_mes', account: 'bx_staff' }]);
  });

  it('signs nothing for another application’s or an unregistered address, an ungranted user, a disabled app, another protocol, or no session', async () => {
    const before = signed;
    const refusals = [
      [staff, 'bx_mes', `${otherApp.origin}/sso`, 400],
      [staff, 'bx_mes', 'https://evil.example.com/sso', 400],
      [staff, 'bx_mes', `${bladeApp.origin}/ssox`, 400],
      [outsider, 'bx_mes', `${bladeApp.origin}/sso`, 403],
      [staff, 'bx_off', `${otherApp.origin}/off`, 400],
      [staff, 'bx_cas', `${otherApp.origin}/cas`, 400],
      [staff, 'bx_missing', `${bladeApp.origin}/sso`, 400],
      [undefined, 'bx_mes', `${bladeApp.origin}/sso`, 401],
    ] as const;
    for (const [user, appCode, referer, status] of refusals) {
      const answer = await handOff(user, appCode, referer);
      expect([appCode, referer, answer.status]).toEqual([appCode, referer, status]);
      expect(answer.json()).not.toHaveProperty('access_token');
    }
    expect(signed).toBe(before);
    const log = await suite.server.ctx.db.selectFrom('blade_app_login_log').select('id').where('account', '=', 'bx_outsider').execute();
    expect(log).toEqual([]);
  });
});

describe('BladeX hand-off with a one-time code', () => {
  let secret = '';
  let codeAppId = '';
  let otherSecret = '';
  const exchange = (code: string, credentials: string) =>
    platform(suite, 'POST', '/api/blade-auth/oauth/handoff/exchange', undefined, new URLSearchParams({ code }).toString(), {
      authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    });
  const codeFor = async (user: TestUser) => {
    const answer = await handOff(user, 'bx_code', `${bladeApp.origin}/code-in`);
    expect(answer.status).toBe(200);
    return new URL(String(answer.json().redirect_uri)).searchParams.get('code') ?? '';
  };

  beforeAll(async () => {
    const submit = (body: Record<string, unknown>) =>
      suite.admin.call('POST', '/api/blade-aps/app/submit', undefined, {
        appType: '1',
        appCategory: '1',
        protocol: 'token',
        handoffMode: 'code',
        status: 1,
        ...body,
      }) as Promise<{ id: string; clientSecret: string }>;
    const app = await submit({ appCode: 'bx_code', appName: '编码交接', redirectUris: `${bladeApp.origin}/code-in` });
    secret = app.clientSecret;
    codeAppId = String(app.id);
    await grantApp(suite, codeAppId, staff.id);
    const other = await submit({ appCode: 'bx_code2', appName: '另一应用', redirectUris: `${otherApp.origin}/code-in` });
    otherSecret = other.clientSecret;
  });

  it('puts a code, not a token, in the address; the application’s server exchanges it once with its secret for the same kind of token', async () => {
    expect(secret).toMatch(/.{20,}/);
    const answer = await handOff(staff, 'bx_code', `${bladeApp.origin}/code-in`);
    const body = answer.json();
    expect(body).not.toHaveProperty('access_token');
    expect(String(body.redirect_uri)).not.toContain('access_token');
    const code = new URL(String(body.redirect_uri)).searchParams.get('code') ?? '';
    expect(code).toMatch(/^HC-/);
    const exchanged = await exchange(code, `bx_code:${secret}`);
    expect(exchanged.status).toBe(200);
    const token = String(exchanged.json().access_token);
    const jwks = createRemoteJWKSet(new URL(`${suite.server.baseUrl}/api/blade-auth/oauth/jwks`));
    const { payload } = await jwtVerify(token, jwks, { issuer: suite.server.ctx.issuer, audience: 'bx_code' });
    expect(payload.account).toBe('bx_staff');
    // Replayed: the code was spent by the first exchange.
    expect((await exchange(code, `bx_code:${secret}`)).status).toBe(400);
  });

  it('refuses a wrong secret (and spends nothing), another application’s credentials, and an expired code', async () => {
    const code = await codeFor(staff);
    expect((await exchange(code, `bx_code:${secret}x`)).status).toBe(401);
    expect((await exchange(code, `bx_code2:${otherSecret}`)).status).toBe(400);
    // The other application's attempt spent it.
    expect((await exchange(code, `bx_code:${secret}`)).status).toBe(400);
    const late = await codeFor(staff);
    const tickets = appTickets(suite.server.ctx);
    const now = tickets.now;
    tickets.now = () => now() + 31_000;
    try {
      expect((await exchange(late, `bx_code:${secret}`)).status).toBe(400);
    } finally {
      tickets.now = now;
    }
  });

  it('gives an ungranted user no code, and a code whose user lost the grant no token', async () => {
    const refused = await handOff(outsider, 'bx_code', `${bladeApp.origin}/code-in`);
    expect(refused.status).toBe(403);
    expect(refused.json()).not.toHaveProperty('code');
    const leaver = await createUserWithRole(suite.server, { account: 'bx_code_leaver' });
    await grantApp(suite, codeAppId, leaver.id);
    const code = await codeFor(leaver);
    const grant = await suite.server.ctx.db
      .selectFrom('blade_app_user')
      .select('id')
      .where('userId', '=', leaver.id)
      .executeTakeFirstOrThrow();
    await suite.admin.call('POST', '/api/blade-aps/appuser/remove', { ids: String(grant.id) });
    expect((await exchange(code, `bx_code:${secret}`)).status).toBe(403);
  });
});
