import type { SAML } from '@node-saml/node-saml';
import { ACCESS_TOKEN_COOKIE, SAML_LOGIN_PARAM } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, createUserWithRole, signIn, TEST_PASSWORD, type TestUser, useTestServer } from '../api-suite.testkit.js';
import { createApp, grantApp, opensOf, platform, tokenOf } from '../cas/sign-on.testkit.js';
import { CookieBrowser } from '../oidc/browser.testkit.js';
import { samlMessages } from './routes.js';
import { idpCertificates, postedForm, type SpOptions, serviceProvider } from './sp.testkit.js';

/**
 * A browser already signed in to the platform (the web app's token cookie) signs on to a SAML
 * application in one exchange: the single sign-on service answers the page that posts the signed
 * response. Whatever the sign-in page would refuse, a fresh authentication asked for
 * (ForceAuthn), an ended session or one of another tenant sends the browser to the sign-in page
 * as before; a disabled application is refused at the service.
 */
const suite = useTestServer();
const ACS = 'https://one-hop.example.test/saml/acs';
const ENTITY = 'https://one-hop.example.test/sp';
let idpCerts: string[];
let appId: string;
let staff: TestUser;

const sp = (overrides: Partial<SpOptions> = {}) => serviceProvider(suite, { entityId: ENTITY, acs: ACS, idpCerts, ...overrides });

function signedInBrowser(user: TestUser): CookieBrowser {
  const browser = new CookieBrowser();
  browser.plant(ACCESS_TOKEN_COOKIE, tokenOf(user));
  return browser;
}

/** The browser follows the application's AuthnRequest (HTTP-Redirect) to the platform: the form it is answered, or where it is sent. */
async function ssoOnce(browser: CookieBrowser, provider: SAML, relayState = '') {
  const answer = await browser.request(await provider.getAuthorizeUrlAsync(relayState, undefined, {}));
  const location = answer.location ? new URL(answer.location, suite.server.baseUrl) : undefined;
  return {
    status: answer.status,
    form: answer.status === 200 ? postedForm(answer.text) : undefined,
    toSignInPage: location?.pathname === '/login' && Boolean(location.searchParams.get(SAML_LOGIN_PARAM)),
    key: location?.searchParams.get(SAML_LOGIN_PARAM) ?? '',
    body: answer.text,
  };
}

const sidOf = (user: TestUser) => JSON.parse(Buffer.from(tokenOf(user).split('.')[1] ?? '', 'base64url').toString()).sid as string;

const pendingLogins = async () =>
  (await suite.server.ctx.db.selectFrom('sso_saml_message').select('id').where('kind', '=', 'login').execute()).length;

/** A staff member of their own, granted the application (or not), signed in once. */
async function member(account: string, granted = true): Promise<TestUser> {
  const user = await createUserWithRole(suite.server, { account });
  if (granted) await grantApp(suite, appId, user.id);
  return user;
}

beforeAll(async () => {
  idpCerts = await idpCertificates(suite);
  appId = await createApp(suite, {
    appCode: 'saml_one_hop',
    protocol: 'saml',
    redirectUris: ACS,
    samlEntityId: ENTITY,
    samlNameIdFormat: 'unspecified',
  });
  staff = await member('saml1_staff');
});

describe('SAML, signed in to the platform', () => {
  it('answers the AuthnRequest in one exchange with the page that posts the signed response; the open and the sign-on are recorded once', async () => {
    const browser = signedInBrowser(staff);
    const provider = sp();
    const before = await opensOf(suite, staff.id, appId);
    const pendingBefore = await pendingLogins();
    const answer = await ssoOnce(browser, provider, 'back-to/orders');
    expect(browser.requests).toBe(1);
    expect(answer.status).toBe(200);
    expect(answer.form?.url).toBe(ACS);
    expect(answer.form?.fields.RelayState).toBe('back-to/orders');
    // The service provider checks signature, audience, destination and InResponseTo of its own request.
    const { profile } = await provider.validatePostResponseAsync({ SAMLResponse: answer.form?.fields.SAMLResponse ?? '' });
    expect(profile?.nameID).toBe('saml1_staff');
    expect(await opensOf(suite, staff.id, appId)).toBe(before + 1);
    expect(await pendingLogins()).toBe(pendingBefore);
    const signOns = await suite.server.ctx.db
      .selectFrom('sso_saml_sign_on')
      .select('sessionIndex')
      .where('sessionId', '=', sidOf(staff))
      .where('appId', '=', appId)
      .execute();
    expect(signOns.map((row) => row.sessionIndex)).toContain(profile?.sessionIndex);
  });

  it('takes an AuthnRequest by HTTP-POST in one exchange too', async () => {
    const browser = signedInBrowser(staff);
    const provider = sp({ postBinding: true });
    const form = await provider.getAuthorizeFormAsync('by-post');
    const SAMLRequest = /name="SAMLRequest" value="([^"]+)"/.exec(form)?.[1] ?? '';
    const answer = await browser.request(`${suite.server.baseUrl}/saml/000000/sso`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLRequest, RelayState: 'by-post' }).toString(),
    });
    expect(answer.status).toBe(200);
    const posted = postedForm(answer.text);
    expect(posted.fields.RelayState).toBe('by-post');
    const { profile } = await provider.validatePostResponseAsync({ SAMLResponse: posted.fields.SAMLResponse ?? '' });
    expect(profile?.nameID).toBe('saml1_staff');
  });

  it('sends ForceAuthn="true" to the sign-in page, where the request waits', async () => {
    const browser = signedInBrowser(staff);
    const before = await opensOf(suite, staff.id, appId);
    const answer = await ssoOnce(browser, sp({ forceAuthn: true }));
    expect(answer).toMatchObject({ status: 302, toSignInPage: true, form: undefined });
    expect(await opensOf(suite, staff.id, appId)).toBe(before);
  });

  it('answers ForceAuthn at the sign-in page only with a sign-in made after the request: an older session is asked to sign in again, and the request waits for it', async () => {
    const user = await member('saml1_fresh');
    const answer = await ssoOnce(signedInBrowser(user), sp({ forceAuthn: true }));
    expect(answer).toMatchObject({ status: 302, toSignInPage: true });
    const path = `/api/blade-auth/saml/response?request=${encodeURIComponent(answer.key)}`;
    const before = await opensOf(suite, user.id, appId);
    const stale = await platform(suite, 'POST', path, user);
    expect(stale.status).toBe(400);
    expect(stale.json()).toMatchObject({ msg: samlMessages.signInAgain, data: { signInAgain: true } });
    expect(await opensOf(suite, user.id, appId)).toBe(before);
    // The page signs out and shows its form; the sign-in made there answers the waiting request.
    const fresh: TestUser = { ...user, sdk: await signIn(suite.server, { account: 'saml1_fresh', password: TEST_PASSWORD }) };
    const done = await platform(suite, 'POST', path, fresh);
    expect(done.status).toBe(200);
    expect(done.json()).toMatchObject({ code: 200, data: { url: expect.stringContaining('/saml/000000/post?key=') } });
    expect(await opensOf(suite, user.id, appId)).toBe(before + 1);
    // Answered once: the request is spent.
    expect((await platform(suite, 'POST', path, fresh)).status).toBe(400);
  });

  it('sends a user who may not open the application to the sign-in page, which refuses; nothing is recorded', async () => {
    const outsider = await member('saml1_outsider', false);
    const answer = await ssoOnce(signedInBrowser(outsider), sp());
    expect(answer).toMatchObject({ status: 302, toSignInPage: true, form: undefined });
    expect(await opensOf(suite, outsider.id, appId)).toBe(0);
    // The page's own call refuses as it did before there was a way round it.
    const refused = await platform(suite, 'POST', `/api/blade-auth/saml/response?request=${encodeURIComponent(answer.key)}`, outsider);
    expect(refused.status).toBe(403);
    const signOns = await suite.server.ctx.db
      .selectFrom('sso_saml_sign_on')
      .select('sessionIndex')
      .where('sessionId', '=', sidOf(outsider))
      .execute();
    expect(signOns).toEqual([]);
  });

  it('sends an ended session, a cookie that is no session, and a session of another tenant to the sign-in page', async () => {
    const leaver = await member('saml1_leaver');
    const browser = signedInBrowser(leaver);
    expect((await ssoOnce(browser, sp())).status).toBe(200);
    await leaver.sdk.logout();
    expect(await ssoOnce(browser, sp())).toMatchObject({ status: 302, toSignInPage: true });

    const forged = new CookieBrowser();
    forged.plant(ACCESS_TOKEN_COOKIE, 'not-a-token');
    expect(await ssoOnce(forged, sp())).toMatchObject({ status: 302, toSignInPage: true });

    const foreign = await createTenantWithAdmin(suite.server, '772001');
    expect(await ssoOnce(signedInBrowser(foreign), sp())).toMatchObject({ status: 302, toSignInPage: true });
  });

  it('refuses a disabled application at the service, signed in or not', async () => {
    const user = await member('saml1_disabled');
    const browser = signedInBrowser(user);
    expect((await ssoOnce(browser, sp())).status).toBe(200);
    await suite.admin.call('POST', '/api/blade-aps/app/submit', undefined, { id: appId, status: 0 });
    try {
      const answer = await ssoOnce(browser, sp());
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 400, msg: samlMessages.unknownProvider });
    } finally {
      await suite.admin.call('POST', '/api/blade-aps/app/submit', undefined, { id: appId, status: 1 });
    }
  });
});
