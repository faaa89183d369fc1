import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts } from '../e2e/browser.testkit.js';
import { keepJournal } from '../e2e/page-journal.testkit.js';
import { step } from '../e2e/steps.testkit.js';
import { type ApacheServer, explainedByLog, startApache } from './apache.testkit.js';
import { type InteropPlatform, interopPrerequisites, useInteropPlatform } from './interop.testkit.js';
import {
  ENDPOINT_PATH,
  IDP_METADATA_FILE,
  mellonSiteConfig,
  SESSION_COOKIE,
  SP_CERT_FILE,
  SP_KEY_FILE,
  serviceProviderKeys,
} from './mellon-site.testkit.js';
import { freePort } from './net.testkit.js';
import { type Person, platformAdmin, platformToken, signInOnPlatformPage, userInfoStatus } from './platform.testkit.js';
import { expectLanding, landing, settledValue } from './sign-on.testkit.js';
import { OPENSSL } from './tls-proxy.testkit.js';
import { PROTECTED_PATH, SIGNED_OUT_PATH, siteFiles, whoamiOf } from './whoami.testkit.js';

/**
 * Debian's Apache httpd with mod_auth_mellon (a SAML 2.0 service provider built on Lasso) in front
 * of an application, signing staff on through the platform's SAML identity provider and its real
 * sign-in page. The application is registered from the metadata mod_auth_mellon publishes.
 */
const MODULES = ['auth_mellon', 'env'];
const prerequisites = interopPrerequisites('SAML through mod_auth_mellon', MODULES, [OPENSSL]);
let platform: InteropPlatform;
useInteropPlatform(prerequisites, (ready) => (platform = ready));

const ROLE = 'interop_saml_staff';
const STAFF: Person = { account: 'saml_interop_staff', password: 'Staff@2024', realName: 'Saml Staff' };
const OUTSIDER: Person = { account: 'saml_interop_outsider', password: 'Outsider@2024', realName: 'Saml Outer' };

let apache: ApacheServer;
let origin: string;
let context: BrowserContext;
let page: Page;
/** The paths of the platform the staff member's browser asked for, in order. */
const platformRequests: string[] = [];

beforeAll(async () => {
  if (!prerequisites.runnable) return;
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const admin = await platformAdmin(platform.server);
  const staffId = await admin.addPerson(STAFF, ROLE);
  await admin.addPerson(OUTSIDER, ROLE);
  const idpMetadata = await (await fetch(`${platform.server.baseUrl}/saml/000000/metadata`)).text();
  const sp = serviceProviderKeys();
  apache = await startApache({
    modules: MODULES,
    ports: [port],
    files: {
      ...siteFiles,
      [SP_KEY_FILE]: { content: sp.key, mode: 0o644 },
      [SP_CERT_FILE]: { content: sp.certificate },
      [IDP_METADATA_FILE]: { content: idpMetadata },
    },
    config: (root) => mellonSiteConfig(root),
  });
  // Registered from the service provider's own metadata: entity ID, ACS, certificate, logout address.
  const app = await admin.post('/api/blade-aps/app/submit', {
    appCode: 'interop_saml',
    appName: 'Apache SAML',
    protocol: 'saml',
    appType: '1',
    appCategory: '1',
    status: 1,
    appUrl: `${origin}${PROTECTED_PATH}`,
    samlMetadataUrl: `${origin}${ENDPOINT_PATH}/metadata`,
    samlNameIdFormat: 'unspecified',
  });
  // Granted to the staff member only: the outsider holds the same role but no grant.
  await admin.grant(String(app.id), staffId);
  context = await platform.browser.newContext();
  page = await context.newPage();
  await keepJournal(page);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === platform.server.baseUrl) platformRequests.push(url.pathname);
  });
});

afterAll(async () => {
  await context?.close();
  if (apache) writeFileSync(join(artifacts, 'interop-saml-apache-error.log'), apache.errorLog());
  await apache?.stop();
});

const protectedPage = () => `${origin}${PROTECTED_PATH}`;

/** What the application answers a request carrying this mod_auth_mellon session cookie: 200 while the session lives, a redirect after. */
async function applicationStatus(cookie: string): Promise<number> {
  const response = await fetch(protectedPage(), { redirect: 'manual', headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
  return response.status;
}

const mellonSession = async () => (await context.cookies(protectedPage())).find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';

describe.skipIf(!prerequisites.runnable)('Apache mod_auth_mellon signs staff on through the platform', () => {
  it('shows the application the user and the mapped attributes after a sign-in on the platform page', async () => {
    await explainedByLog(apache, 'auth_mellon', () =>
      step(page, 'interop-saml-01-sign-in', async () => {
        await page.goto(protectedPage());
        await page.waitForURL(`${platform.server.baseUrl}/login?saml=**`);
        await signInOnPlatformPage(page, STAFF);
        await page.waitForURL(protectedPage());
        const handed = await whoamiOf(page);
        expect(handed).toMatchObject({
          REMOTE_USER: STAFF.account,
          MELLON_NAME_ID: STAFF.account,
          MELLON_account: STAFF.account,
          MELLON_name: STAFF.realName,
        });
        expect(handed.MELLON_roles?.split(';')).toContain(ROLE);
      }),
    );
  });

  it('signs on again without a password while the platform session lives, the single sign-on service answering at once', async () => {
    await context.clearCookies({ name: SESSION_COOKIE });
    const before = platformRequests.length;
    await page.goto(protectedPage());
    await expectLanding(page, origin, PROTECTED_PATH, 'application');
    expect((await whoamiOf(page)).REMOTE_USER).toBe(STAFF.account);
    // Signed in to the platform: its single sign-on service alone, no sign-in page in between.
    expect(platformRequests.slice(before)).toEqual(['/saml/000000/sso']);
  });

  it('refuses a person the application is not granted to: no response reaches it, the sign-in page says why', async () => {
    const outsider = await platform.browser.newContext();
    const outsiderPage = await outsider.newPage();
    await keepJournal(outsiderPage);
    const posted: string[] = [];
    outsiderPage.on('request', (request) => {
      if (request.url().startsWith(`${origin}${ENDPOINT_PATH}/postResponse`)) posted.push(request.url());
    });
    try {
      await step(outsiderPage, 'interop-saml-03-not-granted', async () => {
        await outsiderPage.goto(protectedPage());
        await outsiderPage.waitForURL(`${platform.server.baseUrl}/login?saml=**`);
        await signInOnPlatformPage(outsiderPage, OUTSIDER);
        await outsiderPage.locator('.sign-on-refused').waitFor();
      });
      expect(posted).toEqual([]);
    } finally {
      await outsider.close();
    }
  });

  it('ends both sessions when the application signs out (SP-initiated single logout)', async () => {
    await page.goto(protectedPage());
    await expectLanding(page, origin, PROTECTED_PATH, 'application');
    const apacheSession = await mellonSession();
    const platformSession = (await platformToken(page, platform.server.baseUrl)) ?? '';
    expect(await applicationStatus(apacheSession)).toBe(200);
    expect(await userInfoStatus(platform.server, platformSession)).toBe(200);
    await explainedByLog(apache, 'auth_mellon', async () => {
      await step(page, 'interop-saml-04-sign-out', async () => {
        const back = `${origin}${SIGNED_OUT_PATH}`;
        await page.goto(`${origin}${ENDPOINT_PATH}/logout?ReturnTo=${encodeURIComponent(back)}`);
        await page.waitForURL(back);
      });
      const after = {
        apacheSession: await settledValue(() => applicationStatus(apacheSession), 303),
        platformSession: await settledValue(() => userInfoStatus(platform.server, platformSession), 401),
        nextVisit: '',
      };
      await step(page, 'interop-saml-05-asks-again', async () => {
        await page.goto(protectedPage());
        after.nextVisit = await landing(page, origin, PROTECTED_PATH);
      });
      expect(after).toEqual({ apacheSession: 303, platformSession: 401, nextVisit: 'password form' });
    });
  });

  it("ends the application's session when the platform session ends (the platform's single logout, SOAP)", async () => {
    await signInOnPlatformPage(page, STAFF);
    await page.waitForURL(protectedPage());
    const apacheSession = await mellonSession();
    expect(await applicationStatus(apacheSession)).toBe(200);
    await explainedByLog(apache, 'auth_mellon', async () => {
      // The platform's sign-out (no application asked for it): every application signed on from the session is told.
      await page.goto(`${platform.server.baseUrl}/login?samlLogout=`);
      await page.getByLabel('密码').waitFor();
      expect(await settledValue(() => applicationStatus(apacheSession), 303)).toBe(303);
    });
  });
});
