import { HANDOFF_PATH, messageIn, redirectMessages, TOKEN_HEADER } from '@sso/shared-api';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUserWithRole,
  failure,
  type TestUser,
  tableSnapshot,
  useTestServer,
} from '../api-suite.testkit.js';

/** Single sign-on hand-off: a token only ever goes to a redirect URI registered on an enabled client. */
const suite = useTestServer();
let staff: TestUser;
/** A platform administrator who manages the clients. */
let operator: TestUser;
let clientId: string;
let issued = 0;

const REGISTERED = 'https://erp.example.com/sso,http://127.0.0.1:9/app';
const clients = () => operator.sdk.system.client;

beforeAll(async () => {
  staff = await createUserWithRole(suite.server, { account: 'handoff_staff' });
  operator = await createUserWithRole(suite.server, { account: 'handoff_operator', administrator: true });
  const row = await clients().submit({
    clientId: 'erp',
    scope: 'all',
    authorizedGrantTypes: 'password,refresh_token',
    accessTokenValidity: 600,
    refreshTokenValidity: 3600,
    webServerRedirectUri: REGISTERED,
  });
  clientId = row.id;
  // Count every access token the server signs, to prove a refusal makes none.
  const tokens = suite.server.ctx.tokens;
  const issue = tokens.issue.bind(tokens);
  tokens.issue = (claims, ttl) => {
    issued++;
    return issue(claims, ttl);
  };
});

/** The raw answer of the hand-off route (status and envelope). */
async function rawHandoff(redirect: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${suite.server.baseUrl}${HANDOFF_PATH}?redirect=${encodeURIComponent(redirect)}`, {
    method: 'POST',
    headers,
  });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: unknown } };
}

const refused = (address: string) => bad(`${redirectMessages.notRegistered}: ${address}`);

describe('hand-off to a registered address', () => {
  it('answers the address with a fresh access token of the session that verifies and works', async () => {
    const { url } = await staff.sdk.handoff('https://erp.example.com/sso/landing?next=%2Fhome#top');
    const answered = new URL(url);
    expect(`${answered.origin}${answered.pathname}`).toBe('https://erp.example.com/sso/landing');
    expect(answered.searchParams.get('next')).toBe('/home');
    expect(answered.hash).toBe('#top');
    const token = answered.searchParams.get('access_token') ?? '';

    const jwks = createRemoteJWKSet(new URL(`${suite.server.baseUrl}/api/blade-auth/oauth/jwks`));
    const { payload } = await jwtVerify(token, jwks, { issuer: suite.server.ctx.issuer });
    const session = staff.sdk.session?.token;
    expect(payload).toMatchObject({ sid: expect.any(String), user_id: staff.id, account: 'handoff_staff', client_id: 'saber' });
    expect(payload.jti).not.toBe(session?.jti);

    const info = await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/user-info`, { headers: { [TOKEN_HEADER]: `bearer ${token}` } });
    expect(((await info.json()) as { data: { account: string } }).data.account).toBe('handoff_staff');
    // The refresh token of the session was not rotated: it still works once.
    await expect(staff.sdk.refresh()).resolves.toMatchObject({ account: 'handoff_staff' });
  });

  it('follows the registered port and path prefix, with default ports normalised', async () => {
    await expect(staff.sdk.handoff('http://127.0.0.1:9/app/x?y=1')).resolves.toMatchObject({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:9\/app\/x\?y=1&access_token=/),
    });
    await expect(staff.sdk.handoff('https://erp.example.com:443/sso')).resolves.toMatchObject({
      url: expect.stringMatching(/^https:\/\/erp\.example\.com\/sso\?access_token=/),
    });
  });

  it('replaces an access_token the address already carries', async () => {
    const { url } = await staff.sdk.handoff('https://erp.example.com/sso?access_token=planted');
    expect(new URL(url).searchParams.getAll('access_token')).toEqual([expect.not.stringMatching(/^planted$/)]);
  });
});

describe('the hand-off route in the API documentation', () => {
  it('is listed with its redirect parameter', async () => {
    const spec = (await (await fetch(`${suite.server.baseUrl}/doc.html/json`)).json()) as {
      paths: Record<string, { post?: { parameters?: { name: string; in: string }[] } }>;
    };
    expect(spec.paths[HANDOFF_PATH]?.post?.parameters).toEqual([expect.objectContaining({ name: 'redirect', in: 'query' })]);
  });
});

describe('hand-off refusals', () => {
  it.each([
    'https://evil.example/sso',
    'https://erp.example.com.evil.example/sso',
    'https://erp.example.com@evil.example/sso',
    '//evil.example/sso',
    'https://erp.example.com/ssoextra',
    'https://erp.example.com/sso/../admin',
    'https://erp.example.com/sso/%2e%2e/admin',
    'http://127.0.0.1:8080/app',
    'javascript:alert(1)',
  ])('refuses %s with a 400 naming it, and makes no token', async (target) => {
    const before = issued;
    expect(await failure(staff.sdk, staff.sdk.handoff(target))).toEqual(refused(target));
    expect(issued).toBe(before);
  });

  it('says it in English too', async () => {
    const { status, body } = await rawHandoff('https://evil.example/x', {
      [TOKEN_HEADER]: `bearer ${staff.sdk.session?.token.access_token}`,
      'Accept-Language': 'en',
    });
    expect(status).toBe(400);
    expect(body.msg).toBe(`${messageIn(redirectMessages.say.notRegistered, 'en')}: https://evil.example/x`);
  });

  it('asks for the address when it is missing', async () => {
    const response = await fetch(`${suite.server.baseUrl}${HANDOFF_PATH}`, {
      method: 'POST',
      headers: { [TOKEN_HEADER]: `bearer ${staff.sdk.session?.token.access_token}` },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { msg: string }).msg).toContain(redirectMessages.redirectRequired);
  });

  it('answers 400 to an address given twice or far too long, making no token', async () => {
    const before = issued;
    const auth = { [TOKEN_HEADER]: `bearer ${staff.sdk.session?.token.access_token}` };
    const twice = await fetch(`${suite.server.baseUrl}${HANDOFF_PATH}?redirect=https://erp.example.com/sso&redirect=https://evil.example`, {
      method: 'POST',
      headers: auth,
    });
    expect(twice.status).toBe(400);
    const long = await rawHandoff(`https://erp.example.com/sso/${'a'.repeat(5000)}`, auth);
    expect(long.status).toBe(400);
    expect(issued).toBe(before);
  });

  it('answers 401 to a caller who is not signed in, making no token', async () => {
    const before = issued;
    const { status, body } = await rawHandoff('https://erp.example.com/sso');
    expect(status).toBe(401);
    expect(body.code).toBe(401);
    expect(issued).toBe(before);
  });

  it('refuses the addresses of a disabled client, and follows them again once it is enabled', async () => {
    await clients().submit({ id: clientId, status: 0 });
    expect(await failure(staff.sdk, staff.sdk.handoff('https://erp.example.com/sso'))).toEqual(refused('https://erp.example.com/sso'));
    await clients().submit({ id: clientId, status: 1 });
    await expect(staff.sdk.handoff('https://erp.example.com/sso')).resolves.toMatchObject({ url: expect.any(String) });
  });

  it('refuses an address removed from the client, and every address of a removed client', async () => {
    await clients().submit({ id: clientId, webServerRedirectUri: 'https://erp.example.com/sso' });
    expect(await failure(staff.sdk, staff.sdk.handoff('http://127.0.0.1:9/app'))).toEqual(refused('http://127.0.0.1:9/app'));
    await clients().remove([clientId]);
    expect(await failure(staff.sdk, staff.sdk.handoff('https://erp.example.com/sso'))).toEqual(refused('https://erp.example.com/sso'));
  });
});

describe('registering redirect URIs on a client', () => {
  it.each([
    'https://*.example.com/cb',
    'https://a.example/cb#frag',
    'https://user@a.example/cb',
    '//a.example/cb',
    'a.example/cb',
    'javascript:alert(1)',
  ])('refuses %s with a 400 naming it and changes nothing', async (uri) => {
    const before = await tableSnapshot(suite.server, 'blade_client');
    const submit = clients().submit({
      clientId: 'bad_uris',
      scope: 'all',
      authorizedGrantTypes: 'password',
      accessTokenValidity: 600,
      refreshTokenValidity: 3600,
      webServerRedirectUri: `https://ok.example/cb,${uri}`,
    });
    expect(await failure(operator.sdk, submit)).toEqual(bad(`${redirectMessages.badRedirectUri}: ${uri}`));
    expect(await tableSnapshot(suite.server, 'blade_client')).toEqual(before);
  });
});

describe('an address registered by another tenant', () => {
  it("never carries a token of the platform tenant's caller to another tenant's registered host", async () => {
    const tenantAdmin = await createTenantWithAdmin(suite.server, '700001', 'handoff_b_admin');
    await tenantAdmin.sdk.call('POST', '/api/blade-aps/app/submit', undefined, {
      appCode: 'attacker_app',
      appName: 'Attacker',
      protocol: 'token',
      redirectUris: 'https://attacker.example/',
      status: 1,
    });
    const before = issued;
    // The platform's own staff and administrators are refused: tenant 700001 vouches for nobody else.
    expect(await failure(operator.sdk, operator.sdk.handoff('https://attacker.example/x'))).toEqual(refused('https://attacker.example/x'));
    expect(await failure(staff.sdk, staff.sdk.handoff('https://attacker.example/x'))).toEqual(refused('https://attacker.example/x'));
    expect(issued).toBe(before);
    // The tenant that registered it hands its own callers there.
    const handed = await tenantAdmin.sdk.handoff('https://attacker.example/x');
    expect(new URL(handed.url).searchParams.get('access_token')).toBeTruthy();
  });
});
