import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts } from '../e2e/browser.testkit.js';
import { keepJournal } from '../e2e/page-journal.testkit.js';
import { step } from '../e2e/steps.testkit.js';
import { type ApacheServer, explainedByLog, startApache } from './apache.testkit.js';
import { type InteropPlatform, interopPrerequisites, useInteropPlatform } from './interop.testkit.js';
import { freePort } from './net.testkit.js';
import { backchannelUri, type OidcApplication, oidcSiteConfig, REDIRECT_PATH, registeredUris } from './oidc-site.testkit.js';
import { type Person, platformAdmin, platformToken, signInOnPlatformPage, userInfoStatus } from './platform.testkit.js';
import { expectLanding, landing, settledValue } from './sign-on.testkit.js';
import { PROTECTED_PATH, SIGNED_OUT_PATH, siteFiles, whoamiOf } from './whoami.testkit.js';

/**
 * Debian's Apache httpd with mod_auth_openidc in front of two applications (two virtual hosts),
 * signing staff on through the platform's OpenID Connect provider and its real sign-in page.
 */
const prerequisites = interopPrerequisites('OpenID Connect through mod_auth_openidc', ['auth_openidc']);
let platform: InteropPlatform;
useInteropPlatform(prerequisites, (ready) => (platform = ready));

const ROLE = 'interop_oidc_staff';
const STAFF: Person = { account: 'oidc_interop_staff', password: 'Staff@2024', realName: 'Ann Staff' };
const OUTSIDER: Person = { account: 'oidc_interop_outsider', password: 'Outsider@2024', realName: 'Bob Outer' };

let apache: ApacheServer;
let first: OidcApplication;
let second: OidcApplication;
/** A third application whose server reaches the platform by another name (localhost) than browsers do (127.0.0.1). */
let elsewhere: OidcApplication;
let staffId: string;
let context: BrowserContext;
let page: Page;
/** Every authorization request the staff member's browser sent (to whichever origin discovery named). */
const authorizationRequests: URL[] = [];
/** The path of every request the browser makes to the platform, in order. */
const platformRequests: string[] = [];

beforeAll(async () => {
  if (!prerequisites.runnable) return;
  const ports = [await freePort(), await freePort(), await freePort()];
  const admin = await platformAdmin(platform.server);
  staffId = await admin.addPerson(STAFF, ROLE);
  await admin.addPerson(OUTSIDER, ROLE);
  const { baseUrl } = platform.server;
  const providerOrigins = [baseUrl, baseUrl, baseUrl.replace('127.0.0.1', 'localhost')];
  const apps: OidcApplication[] = [];
  for (const [index, port] of ports.entries()) {
    const origin = `http://127.0.0.1:${port}`;
    const appCode = `interop_oidc_${index + 1}`;
    const app = await admin.addApplication({
      appCode,
      appName: `Apache OIDC ${index + 1}`,
      protocol: 'oidc',
      appUrl: `${origin}${PROTECTED_PATH}`,
      redirectUris: registeredUris(origin),
      backchannelLogoutUri: backchannelUri(origin),
    });
    // Granted to the staff member only: the outsider holds the same role but no grant.
    await admin.grant(app.id, staffId);
    apps.push({ appCode, origin, clientSecret: app.clientSecret, providerOrigin: providerOrigins[index] ?? '' });
  }
  [first, second, elsewhere] = apps as [OidcApplication, OidcApplication, OidcApplication];
  apache = await startApache({
    modules: ['auth_openidc'],
    ports,
    files: siteFiles,
    config: (root) => oidcSiteConfig(root, apps),
  });
  context = await platform.browser.newContext();
  page = await context.newPage();
  await keepJournal(page);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/oidc/auth') authorizationRequests.push(url);
    if (url.origin === platform.server.baseUrl) platformRequests.push(url.pathname);
  });
});

afterAll(async () => {
  await context?.close();
  if (apache) writeFileSync(join(artifacts, 'interop-oidc-apache-error.log'), apache.errorLog());
  await apache?.stop();
});

const protectedPage = (app: OidcApplication) => `${app.origin}${PROTECTED_PATH}`;
/** Asks the platform's userinfo endpoint with an access token an application holds: the status. */
const userinfoStatus = async (accessToken: string) =>
  (await fetch(`${platform.server.baseUrl}/oidc/me`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

describe.skipIf(!prerequisites.runnable)('Apache mod_auth_openidc signs staff on through the platform', () => {
  it("shows the first application the staff member's claims after a sign-in on the platform's page, by code flow with PKCE S256", async () => {
    await explainedByLog(apache, 'auth_openidc', () =>
      step(page, 'interop-oidc-01-first-application', async () => {
        await page.goto(protectedPage(first));
        await page.waitForURL(`${platform.server.baseUrl}/login?oidc=**`);
        await signInOnPlatformPage(page, STAFF);
        await page.waitForURL(protectedPage(first));
        const handed = await whoamiOf(page);
        expect(handed).toMatchObject({
          REMOTE_USER: STAFF.account,
          OIDC_CLAIM_sub: staffId,
          OIDC_CLAIM_preferred_username: STAFF.account,
          OIDC_CLAIM_name: STAFF.realName,
          OIDC_CLAIM_iss: `${platform.server.baseUrl}/`,
        });
        expect(handed.OIDC_CLAIM_roles?.split(',')).toContain(ROLE);
      }),
    );
    const [request] = authorizationRequests;
    expect(request?.searchParams.get('client_id')).toBe(first.appCode);
    expect(request?.searchParams.get('response_type')).toBe('code');
    expect(request?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(request?.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('refreshes the access token before it expires on every visit, with the refresh token the platform last issued', async () => {
    const accessTokens = new Set<string>();
    const refreshTokens = new Set<string>();
    const before = authorizationRequests.length;
    await explainedByLog(apache, 'auth_openidc', async () => {
      for (let visit = 1; visit <= 3; visit++) {
        await step(page, `interop-oidc-02-refresh-${visit}`, async () => {
          await page.goto(protectedPage(first));
          await expectLanding(page, first.origin, PROTECTED_PATH, 'application');
          const handed = await whoamiOf(page);
          expect(handed.REMOTE_USER).toBe(STAFF.account);
          accessTokens.add(handed.OIDC_access_token ?? '');
          refreshTokens.add(handed.OIDC_refresh_token ?? '');
        });
      }
    });
    // A new access token and a new (rotated) refresh token each visit, and no new sign-on to get them.
    expect(accessTokens.size).toBe(3);
    expect(refreshTokens.size).toBe(3);
    expect(authorizationRequests.length).toBe(before);
  });

  it('signs the staff member on to the second application without a password, the platform answering the code at once', async () => {
    const before = platformRequests.length;
    await explainedByLog(apache, 'auth_openidc', () =>
      step(page, 'interop-oidc-03-second-application', async () => {
        await page.goto(protectedPage(second));
        await expectLanding(page, second.origin, PROTECTED_PATH, 'application');
        expect(await whoamiOf(page)).toMatchObject({ REMOTE_USER: STAFF.account, OIDC_CLAIM_sub: staffId });
      }),
    );
    // Signed in to the platform: its authorization endpoint alone, no sign-in page in between.
    expect(platformRequests.slice(before)).toEqual(['/oidc/auth']);
  });

  it("sends the browser to the platform's public address when the application's server discovered it under another name", async () => {
    const before = authorizationRequests.length;
    await explainedByLog(
      apache,
      'auth_openidc',
      () =>
        step(page, 'interop-oidc-04-discovered-elsewhere', async () => {
          await page.goto(protectedPage(elsewhere));
          await expectLanding(page, elsewhere.origin, PROTECTED_PATH, 'application');
          expect(await whoamiOf(page)).toMatchObject({ REMOTE_USER: STAFF.account, OIDC_CLAIM_iss: `${platform.server.baseUrl}/` });
        }),
      // The discovery document the module read, which names the endpoints it sends browsers to.
      /response=\{"authorization_endpoint"/,
    );
    // Discovery answers the same endpoints whatever Host it was asked by: the browser's session is at the public address.
    expect(authorizationRequests.slice(before).map((url) => url.origin)).toEqual([platform.server.baseUrl]);
  });

  it('refuses a person the application is not granted to: no code reaches it, the sign-in page says why', async () => {
    const outsider = await platform.browser.newContext();
    const outsiderPage = await outsider.newPage();
    await keepJournal(outsiderPage);
    const served: string[] = [];
    outsiderPage.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === first.origin && url.pathname.startsWith('/secure/'))
        served.push(`${response.status()} ${url.pathname}${url.search}`);
    });
    try {
      await step(outsiderPage, 'interop-oidc-05-not-granted', async () => {
        await outsiderPage.goto(protectedPage(first));
        await outsiderPage.waitForURL(`${platform.server.baseUrl}/login?oidc=**`);
        await signInOnPlatformPage(outsiderPage, OUTSIDER);
        await expect
          .poll(() => outsiderPage.locator('.oidc-refused').textContent())
          .toMatch(/您没有使用该应用的权限|not allowed to use this application/);
      });
      // Only the first visit reached the application, which sent the browser to the platform.
      expect(served).toEqual([`302 ${PROTECTED_PATH}`]);
    } finally {
      await outsider.close();
    }
  });

  it('ends both applications and the platform session when the first application logs out through its redirect URI', async () => {
    // Before: both applications and the platform know the staff member.
    await page.goto(protectedPage(first));
    const firstToken = (await whoamiOf(page)).OIDC_access_token ?? '';
    await page.goto(protectedPage(second));
    const secondToken = (await whoamiOf(page)).OIDC_access_token ?? '';
    const platformSession = (await platformToken(page, platform.server.baseUrl)) ?? '';
    expect(await userInfoStatus(platform.server, platformSession)).toBe(200);
    expect(await userinfoStatus(firstToken)).toBe(200);

    await explainedByLog(apache, 'auth_openidc', () =>
      step(page, 'interop-oidc-06-logout', async () => {
        const back = `${first.origin}${SIGNED_OUT_PATH}`;
        await page.goto(`${first.origin}${REDIRECT_PATH}?logout=${encodeURIComponent(back)}`);
        // The provider's end_session asks the person to confirm, as it does any browser.
        await page.waitForURL(`${platform.server.baseUrl}/oidc/session/end**`);
        await page.locator('button[name="logout"]').click();
        await page.waitForURL(back);
      }),
    );

    // After: nobody is signed in, wherever the staff member or an application asks.
    const visit = async (app: OidcApplication, name: string) => {
      let landed = '';
      await step(page, name, async () => {
        await page.goto(protectedPage(app));
        landed = await landing(page, app.origin, PROTECTED_PATH);
      });
      return landed;
    };
    const after = {
      platformSession: await settledValue(() => userInfoStatus(platform.server, platformSession), 401),
      firstAccessToken: await settledValue(() => userinfoStatus(firstToken), 401),
      secondAccessToken: await settledValue(() => userinfoStatus(secondToken), 401),
      firstApplication: await visit(first, 'interop-oidc-07-first-asks-again'),
      secondApplication: await visit(second, 'interop-oidc-08-second-asks-again'),
    };
    expect(after).toEqual({
      platformSession: 401,
      firstAccessToken: 401,
      secondAccessToken: 401,
      firstApplication: 'password form',
      secondApplication: 'password form',
    });
  });
});
