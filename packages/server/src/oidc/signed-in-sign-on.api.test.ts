import { ACCESS_TOKEN_COOKIE, OIDC_INTERACTION_PATH } from '@sso/shared-api';
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, signIn, TEST_PASSWORD, type TrackedClient, useTestServer } from '../api-suite.testkit.js';
import { changeOwnPassword } from '../auth/session-http.testkit.js';
import { createApp, grantApp, opensOf } from '../cas/sign-on.testkit.js';
import { CookieBrowser } from './browser.testkit.js';
import { bladeAuth, grantUser, type RegisteredApp, registerApp, relyingParty, SCOPE, staffMember } from './rp.testkit.js';

/**
 * A browser already signed in to the platform (the web app's token cookie) signs on without the
 * sign-in page: OpenID Connect in three exchanges (authorize → redirect with a code, token,
 * userinfo), CAS in one (login → the service with a ticket). Every rule of the sign-in page's way
 * still holds: whatever it would refuse, and a fresh sign-in asked for, send the browser there.
 */
const suite = useTestServer();

let app: RegisteredApp;
let staff: Awaited<ReturnType<typeof staffMember>>;
let outsider: Awaited<ReturnType<typeof staffMember>>;
/** The administrator of another tenant. */
let foreign: TrackedClient;

beforeAll(async () => {
  foreign = (await createTenantWithAdmin(suite.server, '771001')).sdk;
  app = await registerApp(suite);
  staff = await staffMember(suite, 'one_hop_staff');
  outsider = await staffMember(suite, 'one_hop_outsider');
  await grantUser(suite, app.id, staff.id);
});

const accessToken = (sdk: TrackedClient) => sdk.session?.token.access_token ?? '';
const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid as string;

/** A browser where the web app has stored this session's token (or any value) in its cookie. */
function signedInBrowser(token: string): CookieBrowser {
  const browser = new CookieBrowser();
  browser.plant(ACCESS_TOKEN_COOKIE, token);
  return browser;
}

const configs = new Map<string, client.Configuration>();
async function configOf(target: RegisteredApp): Promise<client.Configuration> {
  const known = configs.get(target.appCode);
  if (known) return known;
  const config = await relyingParty(suite, target);
  configs.set(target.appCode, config);
  return config;
}

/** One authorization request (code + PKCE) of the browser: where it is sent, and the code when it went back to the application. */
async function authorize(browser: CookieBrowser, target: RegisteredApp, params: Record<string, string> = {}) {
  const config = await configOf(target);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: target.redirectUri,
    scope: SCOPE,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...params,
  });
  const answer = await browser.request(url.href);
  const location = answer.location ? new URL(answer.location, suite.server.baseUrl) : undefined;
  const backToApp = location !== undefined && `${location.origin}${location.pathname}` === target.redirectUri;
  return {
    config,
    verifier,
    state,
    status: answer.status,
    location,
    code: backToApp ? (location.searchParams.get('code') ?? undefined) : undefined,
    error: backToApp ? (location.searchParams.get('error') ?? undefined) : undefined,
    toSignInPage: location?.pathname === OIDC_INTERACTION_PATH,
  };
}

/** How many grants the platform session of this token has made. */
const grantsOf = async (token: string) =>
  (await suite.server.ctx.db.selectFrom('sso_oidc_grant_session').select('grantId').where('sessionId', '=', sidOf(token)).execute()).length;

/** A staff member of their own, granted `target`, signed in once: their SDK and a browser holding their session. */
async function signedInMember(account: string, target: RegisteredApp = app) {
  const member = await staffMember(suite, account);
  await grantUser(suite, target.id, member.id);
  return { ...member, browser: signedInBrowser(accessToken(member.sdk)) };
}

describe('OpenID Connect, signed in to the platform', () => {
  it('takes one exchange from the authorization request to the application with a code, then token and userinfo: three in all', async () => {
    const browser = signedInBrowser(accessToken(staff.sdk));
    const flow = await authorize(browser, app);
    expect(browser.requests).toBe(1);
    expect(flow.status).toBe(303);
    expect(flow.code).toEqual(expect.any(String));
    expect(flow.location?.searchParams.get('state')).toBe(flow.state);

    let exchanges = 0;
    const counting: client.CustomFetch = (url, options) => {
      exchanges++;
      return fetch(url, options as RequestInit);
    };
    flow.config[client.customFetch] = counting;
    try {
      const tokens = await client.authorizationCodeGrant(flow.config, flow.location as URL, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
      });
      const claims = tokens.claims();
      const me = await client.fetchUserInfo(flow.config, tokens.access_token, claims?.sub ?? '');
      expect(exchanges).toBe(2);
      expect(me).toMatchObject({ sub: staff.id, preferred_username: 'one_hop_staff', email: 'one_hop_staff@example.com' });
    } finally {
      delete flow.config[client.customFetch];
    }

    // The provider's session is the platform session's: same account, authenticated when it signed in.
    const platformSession = await suite.server.ctx.db
      .selectFrom('sso_session')
      .select('createdAt')
      .where('id', '=', sidOf(accessToken(staff.sdk)))
      .executeTakeFirstOrThrow();
    const providerSessions = await suite.server.ctx.db
      .selectFrom('sso_oidc_object')
      .select('payload')
      .where('model', '=', 'Session')
      .where('accountId', '=', staff.id)
      .execute();
    expect(providerSessions.map((row) => JSON.parse(row.payload).loginTs)).toEqual([
      Math.floor(new Date(platformSession.createdAt).getTime() / 1000),
    ]);

    // Recorded once (the same visit), and the grant belongs to the platform session that made it.
    expect(await opensOf(suite, staff.id, app.id)).toBe(1);
    const again = await authorize(browser, app);
    expect(again.code).toEqual(expect.any(String));
    expect(browser.requests).toBe(2);
    expect(await opensOf(suite, staff.id, app.id)).toBe(1);
    expect(await grantsOf(accessToken(staff.sdk))).toBe(2);
  });

  it('answers prompt=none with a code when signed in, and login_required without a session', async () => {
    expect((await authorize(signedInBrowser(accessToken(staff.sdk)), app, { prompt: 'none' })).code).toEqual(expect.any(String));
    const anonymous = await authorize(new CookieBrowser(), app, { prompt: 'none' });
    expect(anonymous).toMatchObject({ code: undefined, error: 'login_required' });
  });

  it('sends a browser without a live platform session to the sign-in page', async () => {
    for (const browser of [new CookieBrowser(), signedInBrowser('not-a-token'), signedInBrowser(`${accessToken(staff.sdk)}x`)]) {
      const flow = await authorize(browser, app);
      expect(flow).toMatchObject({ status: 303, toSignInPage: true, code: undefined });
    }
  });

  it('sends the browser to the sign-in page when a fresh sign-in is asked for: prompt=login, max_age=0 (and prompt=consent)', async () => {
    const browser = signedInBrowser(accessToken(staff.sdk));
    const grantsBefore = await grantsOf(accessToken(staff.sdk));
    expect(await authorize(browser, app, { prompt: 'login' })).toMatchObject({ toSignInPage: true, code: undefined });
    expect(await authorize(browser, app, { max_age: '0' })).toMatchObject({ toSignInPage: true, code: undefined });
    expect(await authorize(browser, app, { prompt: 'consent' })).toMatchObject({ toSignInPage: true, code: undefined });
    // Nothing is granted before the sign-in page has had its say.
    expect(await grantsOf(accessToken(staff.sdk))).toBe(grantsBefore);
    // A sign-in within the age asked for is enough.
    expect((await authorize(browser, app, { max_age: '3600' })).code).toEqual(expect.any(String));
  });

  it('finishes a fresh sign-in asked for only with a sign-in made after the request, whose time the ID token carries', async () => {
    const member = await signedInMember('one_hop_fresh');
    // The browser's session signed in a while before the requests (the request's time is kept in seconds).
    const staleSid = sidOf(accessToken(member.sdk));
    await suite.server.ctx.db
      .updateTable('sso_session')
      .set({ createdAt: new Date(Date.now() - 5_000) })
      .where('id', '=', staleSid)
      .execute();
    suite.server.ctx.sessions.forget(staleSid);
    for (const asked of [{ prompt: 'login' }, { max_age: '0' }] as Record<string, string>[]) {
      const flow = await authorize(member.browser, app, asked);
      expect(flow.toSignInPage).toBe(true);
      const finish = (sdk: TrackedClient) =>
        member.browser.request(`${suite.server.baseUrl}${OIDC_INTERACTION_PATH}?uid=${flow.location?.searchParams.get('uid')}`, {
          method: 'POST',
          headers: bladeAuth(sdk),
        });
      // The session the browser had signed in before the request: back to the form, nothing granted.
      const stale = await finish(member.sdk);
      expect(stale.status).toBe(400);
      expect(JSON.parse(stale.text)).toMatchObject({ data: { signInAgain: true } });
      expect(await grantsOf(accessToken(member.sdk))).toBe(0);

      const fresh = await signIn(suite.server, { account: 'one_hop_fresh', password: TEST_PASSWORD });
      const done = await finish(fresh);
      expect(done.status).toBe(200);
      const back = await member.browser.request(JSON.parse(done.text).data.url);
      const location = new URL(back.location ?? '', suite.server.baseUrl);
      expect(location.searchParams.get('code')).toEqual(expect.any(String));
      const tokens = await client.authorizationCodeGrant(flow.config, location, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
      });
      const session = await suite.server.ctx.db
        .selectFrom('sso_session')
        .select('createdAt')
        .where('id', '=', sidOf(accessToken(fresh)))
        .executeTakeFirstOrThrow();
      if (asked.max_age) expect(tokens.claims()?.auth_time).toBe(Math.floor(new Date(session.createdAt).getTime() / 1000));
    }
  });

  it('never signs on a user who may not open the application: the sign-in page refuses as it does', async () => {
    const browser = signedInBrowser(accessToken(outsider.sdk));
    const flow = await authorize(browser, app);
    expect(flow).toMatchObject({ toSignInPage: true, code: undefined });
    const finish = await browser.request(`${suite.server.baseUrl}${OIDC_INTERACTION_PATH}?uid=${flow.location?.searchParams.get('uid')}`, {
      method: 'POST',
      headers: bladeAuth(outsider.sdk),
    });
    expect(finish.status).toBe(403);
    expect(await opensOf(suite, outsider.id, app.id)).toBe(0);
  });

  it('stops at once when the grant is revoked, and refuses a disabled application', async () => {
    const target = await registerApp(suite);
    const member = await signedInMember('one_hop_revoked', target);
    expect((await authorize(member.browser, target)).code).toEqual(expect.any(String));
    const grant = await suite.server.ctx.db
      .selectFrom('blade_app_user')
      .select('id')
      .where('appId', '=', target.id)
      .where('userId', '=', member.id)
      .executeTakeFirstOrThrow();
    await suite.admin.call('POST', '/api/blade-aps/appuser/remove', { ids: String(grant.id) });
    expect(await authorize(member.browser, target)).toMatchObject({ toSignInPage: true, code: undefined });

    await grantUser(suite, target.id, member.id);
    expect((await authorize(member.browser, target)).code).toEqual(expect.any(String));
    await suite.admin.call('POST', '/api/blade-aps/app/submit', undefined, { id: target.id, status: 0 });
    expect(await authorize(member.browser, target)).toMatchObject({ status: 400, code: undefined });
  });

  it('ends with the platform session: signed out, password changed, or ended on another node', async () => {
    const signedOut = await signedInMember('one_hop_signed_out');
    expect((await authorize(signedOut.browser, app)).code).toEqual(expect.any(String));
    await signedOut.sdk.logout();
    expect(await authorize(signedOut.browser, app)).toMatchObject({ toSignInPage: true, code: undefined });

    // The password changed in another session of the account ends this one.
    const changed = await signedInMember('one_hop_changed');
    expect((await authorize(changed.browser, app)).code).toEqual(expect.any(String));
    const elsewhere = await signIn(suite.server, { account: 'one_hop_changed', password: TEST_PASSWORD });
    const answer = await changeOwnPassword(suite.server.baseUrl, accessToken(elsewhere), TEST_PASSWORD, 'Other@2024x');
    expect(answer.body.code).toBe(200);
    expect(await authorize(changed.browser, app)).toMatchObject({ toSignInPage: true, code: undefined });

    // Another node ends the session: it writes the end down and tells every node; its own
    // clean-up of the provider's sessions is not waited for.
    const remote = await signedInMember('one_hop_remote');
    expect((await authorize(remote.browser, app)).code).toEqual(expect.any(String));
    const sid = sidOf(accessToken(remote.sdk));
    await suite.server.ctx.db
      .updateTable('sso_session')
      .set({ revokedAt: new Date(), revokeReason: 'logout' })
      .where('id', '=', sid)
      .execute();
    await suite.server.ctx.bus.publish('sessions', { type: 'ended', sessionIds: [sid] });
    expect(await authorize(remote.browser, app)).toMatchObject({ toSignInPage: true, code: undefined });
  });

  it('leaves a provider session of another account to the sign-in page', async () => {
    const first = await signedInMember('one_hop_first');
    expect((await authorize(first.browser, app)).code).toEqual(expect.any(String));
    first.browser.plant(ACCESS_TOKEN_COOKIE, accessToken(staff.sdk));
    expect(await authorize(first.browser, app)).toMatchObject({ toSignInPage: true, code: undefined });
  });

  it("never gives a session of another tenant a code for this tenant's application", async () => {
    const browser = signedInBrowser(accessToken(foreign));
    expect(await authorize(browser, app)).toMatchObject({ toSignInPage: true, code: undefined });
  });
});

describe('CAS, signed in to the platform', () => {
  const service = 'http://127.0.0.1:9/one-hop-cas/home';
  let casAppId: string;
  beforeAll(async () => {
    casAppId = await createApp(suite, { appCode: 'one_hop_cas', protocol: 'cas', redirectUris: 'http://127.0.0.1:9/one-hop-cas/' });
    await grantApp(suite, casAppId, staff.id);
  });

  const login = (browser: CookieBrowser, query: string) => browser.request(`${suite.server.baseUrl}/cas/login?${query}`);
  const loginFor = (target: string, extra = '') => `service=${encodeURIComponent(target)}${extra}`;
  const ticketOf = (location: string | undefined) => {
    const url = new URL(location ?? '/', suite.server.baseUrl);
    return `${url.origin}${url.pathname}` === service ? (url.searchParams.get('ticket') ?? undefined) : undefined;
  };
  const toSignInPage = (location: string | undefined) => new URL(location ?? '/', suite.server.baseUrl).pathname === '/login';

  it('issues the ticket from /cas/login in one exchange, validated for the service, with the open recorded', async () => {
    const browser = signedInBrowser(accessToken(staff.sdk));
    const answer = await login(browser, loginFor(service));
    expect(browser.requests).toBe(1);
    const ticket = ticketOf(answer.location);
    expect(ticket).toMatch(/^ST-/);
    const validation = await fetch(
      `${suite.server.baseUrl}/cas/serviceValidate?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket ?? '')}`,
    );
    expect(await validation.text()).toContain('<cas:user>one_hop_staff</cas:user>');
    expect(await opensOf(suite, staff.id, casAppId)).toBe(1);
    // gateway=true with a session is a sign-on too.
    expect(ticketOf((await login(browser, loginFor(service, '&gateway=true'))).location)).toMatch(/^ST-/);
  });

  it('sends renew=true, no session, a user who may not open it and another tenant to the sign-in page', async () => {
    const renew = await login(signedInBrowser(accessToken(staff.sdk)), loginFor(service, '&renew=true'));
    expect(toSignInPage(renew.location)).toBe(true);
    expect(new URL(renew.location ?? '', suite.server.baseUrl).searchParams.get('renew')).toBe('true');
    for (const browser of [new CookieBrowser(), signedInBrowser(accessToken(outsider.sdk)), signedInBrowser(accessToken(foreign))]) {
      const answer = await login(browser, loginFor(service));
      expect(ticketOf(answer.location)).toBeUndefined();
      expect(toSignInPage(answer.location)).toBe(true);
    }
    expect(await opensOf(suite, outsider.id, casAppId)).toBe(0);

    const member = await signedInMember('one_hop_cas_leaver');
    await grantApp(suite, casAppId, member.id);
    expect(ticketOf((await login(member.browser, loginFor(service))).location)).toMatch(/^ST-/);
    await member.sdk.logout();
    expect(toSignInPage((await login(member.browser, loginFor(service))).location)).toBe(true);
  });
});
