import { request as httpRequest } from 'node:http';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, failure, signIn, TEST_PASSWORD, type TestUser, useTestServer } from '../api-suite.testkit.js';
import { patchAppRow, storedApp } from '../apps/catalogue.testkit.js';
import { CookieBrowser } from './browser.testkit.js';
import {
  bladeAuth,
  frontChannel,
  grantUser,
  logoutReceiver,
  type RegisteredApp,
  registerApp,
  relyingParty,
  SCOPE,
  staffMember,
} from './rp.testkit.js';

/** What the provider refuses or pins so that a real relying party and an attacker get the same answers. */
const suite = useTestServer();

let app: RegisteredApp;
let staff: Awaited<ReturnType<typeof staffMember>>;
let receiver: Awaited<ReturnType<typeof logoutReceiver>>;
let otherTenant: TestUser;

beforeAll(async () => {
  receiver = await logoutReceiver();
  app = await registerApp(suite, { backchannelLogoutUri: receiver.url });
  staff = await staffMember(suite, 'hardening_staff');
  await grantUser(suite, app.id, staff.id);
  otherTenant = await createTenantWithAdmin(suite.server, '700002', 'hardening_b_admin');
});
afterAll(() => receiver?.close());

/** Discovery as a client that reached the server under `host` sees it (a raw request: fetch would not send another Host). */
function discovery(host?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const { hostname, port } = new URL(suite.server.baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { hostname, port, path: '/.well-known/openid-configuration', headers: host ? { host } : {} },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function signedOn(target: RegisteredApp, sdk = staff.sdk) {
  const config = await relyingParty(suite, target);
  const flow = await frontChannel(suite, config, sdk, { redirectUri: target.redirectUri });
  const tokens = await client.authorizationCodeGrant(config, flow.callback as URL, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
  });
  return { config, flow, tokens };
}

/** The OAuth error code a call fails with. */
async function oauthError(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e as { error?: string },
  );
  if (!error) throw new Error('expected the call to fail');
  return error.error ?? 'unknown';
}

describe('the issuer', () => {
  it('is the same for every Host header, and no made-up host ever gets a 404', async () => {
    const expected = `${suite.server.baseUrl}/`;
    for (let i = 0; i < 12; i++) {
      const { status, body } = await discovery(`evil${i}.example`);
      expect(status).toBe(200);
      expect(body.issuer).toBe(expected);
      for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint', 'userinfo_endpoint']) {
        expect(String(body[endpoint]).startsWith(expected), `${endpoint} for Host evil${i}.example`).toBe(true);
      }
    }
  });

  it('advertises only the code flow, the grants it serves and the S256 challenge', async () => {
    const { body } = await discovery();
    expect(body.response_types_supported).toEqual(['code']);
    expect(body.grant_types_supported).not.toContain('implicit');
    expect([...(body.grant_types_supported as string[])].sort()).toEqual(['authorization_code', 'client_credentials', 'refresh_token']);
    expect(body.code_challenge_methods_supported).toEqual(['S256']);
  });
});

describe('PKCE', () => {
  const authorize = async (extra: Record<string, string>) => {
    const params = new URLSearchParams({
      client_id: app.appCode,
      response_type: 'code',
      scope: SCOPE,
      redirect_uri: app.redirectUri,
      state: 's1',
      ...extra,
    });
    return new CookieBrowser().request(`${suite.server.baseUrl}/oidc/auth?${params}`);
  };

  it('refuses an authorization request without a code challenge, sending no code', async () => {
    const answer = await authorize({});
    const back = new URL(answer.location ?? '', suite.server.baseUrl);
    expect(back.href.startsWith(app.redirectUri)).toBe(true);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('refuses the plain challenge method', async () => {
    const answer = await authorize({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' });
    const back = new URL(answer.location ?? '', suite.server.baseUrl);
    expect(back.searchParams.get('error')).toBe('invalid_request');
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; a spent one revokes the grant and every token under it', async () => {
    const { config, tokens } = await signedOn(app);
    const first = tokens.refresh_token as string;
    const second = await client.refreshTokenGrant(config, first);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first);
    const third = await client.refreshTokenGrant(config, second.refresh_token as string);
    // The first one again: somebody kept a copy. The whole grant goes.
    expect(await oauthError(client.refreshTokenGrant(config, first))).toBe('invalid_grant');
    expect(await oauthError(client.refreshTokenGrant(config, third.refresh_token as string))).toBe('invalid_grant');
    const me = await fetch(`${suite.server.baseUrl}/oidc/me`, { headers: { authorization: `Bearer ${third.access_token}` } });
    expect(me.status).toBe(401);
  });
});

describe('a refresh token spent by the statement that reads it', () => {
  it('serves two refreshes with one token one after the other: never both succeed', async () => {
    const { config, tokens } = await signedOn(app);
    const token = tokens.refresh_token as string;
    const outcomes = await Promise.allSettled([client.refreshTokenGrant(config, token), client.refreshTokenGrant(config, token)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeLessThanOrEqual(1);
  });

  it('sends one statement fewer per refresh: the read marks it consumed, the provider has nothing left to write', async () => {
    const { config, tokens } = await signedOn(app);
    const statements: string[] = [];
    const db = suite.server.ctx.db as unknown as { executeQuery: (query: { sql: string }) => Promise<unknown> };
    const execute = db.executeQuery.bind(db);
    db.executeQuery = (query) => {
      if (/sso_oidc_object/.test(query.sql)) statements.push(query.sql);
      return execute(query);
    };
    try {
      await client.refreshTokenGrant(config, tokens.refresh_token as string);
    } finally {
      db.executeQuery = execute;
    }
    expect(statements.filter((sql) => /^\s*update sso_oidc_object set consumed_at/i.test(sql))).toEqual([]);
    expect(statements.some((sql) => /for update/.test(sql))).toBe(true);
  });
});

describe('an authorization code spent by the statement that reads it', () => {
  /** Every statement on the provider's table that `work` sends. */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const statements: string[] = [];
    const db = suite.server.ctx.db as unknown as { executeQuery: (query: { sql: string }) => Promise<unknown> };
    const execute = db.executeQuery.bind(db);
    db.executeQuery = (query) => {
      // The purge of expired rows, at most once a minute on some write, is not the request's own.
      if (/sso_oidc_object/.test(query.sql) && !/where expires_at < \$1/.test(query.sql)) statements.push(query.sql);
      return execute(query);
    };
    try {
      await work();
    } finally {
      db.executeQuery = execute;
    }
    return statements;
  }

  it('serves two redemptions of one code one after the other: never both get tokens', async () => {
    const config = await relyingParty(suite, app);
    const flow = await frontChannel(suite, config, staff.sdk, { redirectUri: app.redirectUri });
    const redeem = () =>
      client.authorizationCodeGrant(config, flow.callback as URL, { pkceCodeVerifier: flow.verifier, expectedState: flow.state });
    const outcomes = await Promise.allSettled([redeem(), redeem()]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBe(1);
    // And the code is gone for good: a third try is refused.
    expect(await oauthError(redeem())).toBe('invalid_grant');
  });

  it('reads and spends the code in one statement, then writes the tokens in one more', async () => {
    const config = await relyingParty(suite, app);
    const flow = await frontChannel(suite, config, staff.sdk, { redirectUri: app.redirectUri });
    const statements = await statementsOf(() =>
      client.authorizationCodeGrant(config, flow.callback as URL, { pkceCodeVerifier: flow.verifier, expectedState: flow.state }),
    );
    expect(statements.filter((sql) => /^\s*update sso_oidc_object set consumed_at/i.test(sql))).toEqual([]);
    expect(statements.filter((sql) => /for update/.test(sql))).toHaveLength(1);
    expect(statements).toHaveLength(2);
  });

  it('is spent by a redemption with a wrong verifier, so the right one cannot follow it', async () => {
    const config = await relyingParty(suite, app);
    const flow = await frontChannel(suite, config, staff.sdk, { redirectUri: app.redirectUri });
    const wrong = client.authorizationCodeGrant(config, flow.callback as URL, {
      pkceCodeVerifier: client.randomPKCECodeVerifier(),
      expectedState: flow.state,
    });
    expect(await oauthError(wrong)).toBe('invalid_grant');
    const right = client.authorizationCodeGrant(config, flow.callback as URL, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
    });
    expect(await oauthError(right)).toBe('invalid_grant');
  });
});

describe('browsers of other origins', () => {
  const preflight = (origin: string) =>
    fetch(`${suite.server.baseUrl}/oidc/token`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  it('get no preflight answer for the token endpoint unless their origin is a registered redirect origin', async () => {
    const refused = await preflight('https://evil.example');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const registered = await preflight(new URL(app.redirectUri).origin);
    expect(registered.headers.get('access-control-allow-origin')).toBe(new URL(app.redirectUri).origin);
  });
});

describe('client credentials in a Basic header', () => {
  const malformed = `Basic ${Buffer.from('tok1:%E0%A4%A').toString('base64')}`;

  it('answer 401, never 500, when their escapes are broken, at the hand-off exchange and the token endpoints', async () => {
    const exchange = await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/handoff/exchange`, {
      method: 'POST',
      headers: { authorization: malformed, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=abc',
    });
    expect(exchange.status).toBe(401);
    const platform = await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: { authorization: malformed, 'tenant-id': '000000', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=admin&password=x',
    });
    expect(platform.status).toBe(401);
    const provider = await fetch(`${suite.server.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { authorization: malformed, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(provider.status).toBe(400);
  });

  it('are percent-decoded as OAuth clients encode them', async () => {
    const encoded = `Basic ${Buffer.from(`${encodeURIComponent(app.appCode)}:${encodeURIComponent(app.secret)}`).toString('base64')}`;
    const answer = await fetch(`${suite.server.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { authorization: encoded, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(answer.status).toBe(200);
  });
});

describe('back-channel logout addresses', () => {
  it("are checked against the application's own tenant when saved: another tenant may not name loopback", async () => {
    const refused = await failure(
      otherTenant.sdk,
      otherTenant.sdk.call('POST', '/api/blade-aps/app/submit', undefined, {
        appCode: 'b_loopback_rp',
        appName: 'B',
        protocol: 'oidc',
        redirectUris: 'https://b.example/cb',
        backchannelLogoutUri: receiver.url,
        status: 1,
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain('127.0.0.1');
    expect(await storedApp(suite.server, { appCode: 'b_loopback_rp' })).toBeUndefined();
  });

  it("are posted as the client's own tenant, never with the allowance of a platform application at the same address", async () => {
    const made = (await otherTenant.sdk.call('POST', '/api/blade-aps/app/submit', undefined, {
      appCode: 'b_same_address_rp',
      appName: 'B',
      protocol: 'oidc',
      redirectUris: 'https://b.example/cb',
      status: 1,
    })) as { id: string; clientSecret: string };
    // Saved before the rule existed: the same loopback address the platform's own application registered.
    await patchAppRow(suite.server, String(made.id), { backchannelLogoutUri: receiver.url });
    await otherTenant.sdk.call('POST', '/api/blade-aps/appuser/submit', undefined, { appId: String(made.id), userId: otherTenant.id });
    const tenantApp: RegisteredApp = {
      id: String(made.id),
      appCode: 'b_same_address_rp',
      secret: made.clientSecret,
      redirectUri: 'https://b.example/cb',
    };
    const { flow } = await signedOn(tenantApp, otherTenant.sdk);
    expect(flow.callback).toBeDefined();

    const refusals: string[] = [];
    const log = suite.server.ctx.log as unknown as { warn: (details: unknown, message?: string) => void };
    const warn = log.warn;
    log.warn = (details, message) => {
      refusals.push(`${message}: ${String((details as { err?: Error }).err?.message)}`);
    };
    const posted = receiver.tokens.length;
    try {
      await suite.server.ctx.sessions.endForUser(otherTenant.id, { reason: 'test' });
    } finally {
      log.warn = warn;
    }
    expect(refusals).toEqual([expect.stringMatching(/^back-channel logout not delivered: .*127\.0\.0\.1/)]);
    expect(receiver.tokens.length).toBe(posted);
  });
});

describe('single logout from an application', () => {
  it('ends the platform session of the browser and tells the other applications; the next sign-on needs the password again', async () => {
    const person = await staffMember(suite, 'hardening_slo');
    const other = await registerApp(suite, { backchannelLogoutUri: receiver.url });
    await grantUser(suite, app.id, person.id);
    await grantUser(suite, other.id, person.id);
    const browser = new CookieBrowser();
    const first = await relyingParty(suite, app);
    const flow = await frontChannel(suite, first, person.sdk, { redirectUri: app.redirectUri, browser });
    const tokens = await client.authorizationCodeGrant(first, flow.callback as URL, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
    });
    const second = await relyingParty(suite, other);
    const otherFlow = await frontChannel(suite, second, person.sdk, { redirectUri: other.redirectUri, browser });
    const otherTokens = await client.authorizationCodeGrant(second, otherFlow.callback as URL, {
      pkceCodeVerifier: otherFlow.verifier,
      expectedState: otherFlow.state,
    });
    const before = receiver.tokens.length;

    const page = await browser.request(
      client.buildEndSessionUrl(first, { id_token_hint: tokens.id_token as string, post_logout_redirect_uri: app.redirectUri }).href,
    );
    const action = /action="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const confirmed = await browser.request(new URL(action, suite.server.baseUrl).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirmed.status).toBe(303);

    // The platform session that signed the browser on is over: its token no longer answers.
    const info = await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/user-info`, { headers: bladeAuth(person.sdk) });
    expect(info.status).toBe(401);
    // Both applications were told, and the other one's tokens are revoked.
    await receiver.next();
    await receiver.next();
    expect(receiver.tokens.length).toBeGreaterThanOrEqual(before + 2);
    expect(await oauthError(client.refreshTokenGrant(second, otherTokens.refresh_token as string))).toBe('invalid_grant');
    // The interaction can no longer be finished with the ended session.
    const again = await frontChannel(suite, first, person.sdk, { redirectUri: app.redirectUri, browser });
    expect(again.callback).toBeUndefined();
  });

  it("leaves the account's platform session and sign-ons in another browser signed in", async () => {
    const person = await staffMember(suite, 'hard_two');
    await grantUser(suite, app.id, person.id);
    const laptop = await signIn(suite.server, { account: 'hard_two', password: TEST_PASSWORD });
    const config = await relyingParty(suite, app);
    const phoneFlow = await frontChannel(suite, config, person.sdk, { redirectUri: app.redirectUri });
    const phone = await client.authorizationCodeGrant(config, phoneFlow.callback as URL, {
      pkceCodeVerifier: phoneFlow.verifier,
      expectedState: phoneFlow.state,
    });
    const laptopFlow = await frontChannel(suite, config, laptop, { redirectUri: app.redirectUri });
    const onLaptop = await client.authorizationCodeGrant(config, laptopFlow.callback as URL, {
      pkceCodeVerifier: laptopFlow.verifier,
      expectedState: laptopFlow.state,
    });
    // Signing out of the platform on the phone ends the phone's sign-on only.
    await person.sdk.logout();
    expect(await oauthError(client.refreshTokenGrant(config, phone.refresh_token as string))).toBe('invalid_grant');
    expect((await client.refreshTokenGrant(config, onLaptop.refresh_token as string)).access_token).toBeTruthy();
    const info = await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/user-info`, { headers: bladeAuth(laptop) });
    expect(info.status).toBe(200);
  });
});
