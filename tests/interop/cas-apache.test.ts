import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts } from '../e2e/browser.testkit.js';
import { keepJournal } from '../e2e/page-journal.testkit.js';
import { step } from '../e2e/steps.testkit.js';
import { type ApacheServer, explainedByLog, startApache } from './apache.testkit.js';
import { CACHE_DIR, casSiteConfig, registeredUris, SESSION_COOKIE } from './cas-site.testkit.js';
import { type InteropPlatform, interopPrerequisites, useInteropPlatform } from './interop.testkit.js';
import { freePort } from './net.testkit.js';
import { type Person, platformAdmin, platformToken, signInOnPlatformPage, userInfoStatus } from './platform.testkit.js';
import { expectLanding, landing, settledValue } from './sign-on.testkit.js';
import { OPENSSL, startTlsProxy, type TlsProxy } from './tls-proxy.testkit.js';
import { PROTECTED_PATH, SIGNED_OUT_PATH, siteFiles, whoamiOf } from './whoami.testkit.js';

/**
 * Debian's Apache httpd with mod_auth_cas in front of an application, signing staff on through
 * the platform's CAS server and its real sign-in page; tickets are validated over HTTPS through a
 * local TLS front of the platform.
 */
const prerequisites = interopPrerequisites('CAS through mod_auth_cas', ['auth_cas'], [OPENSSL]);
let platform: InteropPlatform;
useInteropPlatform(prerequisites, (ready) => (platform = ready));

const ROLE = 'interop_cas_staff';
const STAFF: Person = { account: 'cas_interop_staff', password: 'Staff@2024', realName: 'Cas Staff' };
const OUTSIDER: Person = { account: 'cas_interop_outsider', password: 'Outsider@2024', realName: 'Cas Outer' };
/** Sign-ons in a row, each with a new Apache session: enough that any ticket mod_auth_cas refuses shows. */
const SIGN_ONS = 20;

let tls: TlsProxy;
let apache: ApacheServer;
let origin: string;
let context: BrowserContext;
let page: Page;
/** The path of every request the browser makes to the platform, in order. */
const platformRequests: string[] = [];
/** The tickets the staff member's browser brought to the application, in order, and who waits for the next. */
const ticketsBrought: string[] = [];
let onTicketBrought: (() => void) | undefined;

beforeAll(async () => {
  if (!prerequisites.runnable) return;
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const admin = await platformAdmin(platform.server);
  const staffId = await admin.addPerson(STAFF, ROLE);
  await admin.addPerson(OUTSIDER, ROLE);
  const app = await admin.addApplication({
    appCode: 'interop_cas',
    appName: 'Apache CAS',
    protocol: 'cas',
    appUrl: `${origin}${PROTECTED_PATH}`,
    redirectUris: registeredUris(origin),
  });
  // Granted to the staff member only: the outsider holds the same role but no grant.
  await admin.grant(app.id, staffId);
  tls = await startTlsProxy(platform.server.baseUrl);
  apache = await startApache({
    modules: ['auth_cas'],
    ports: [port],
    files: siteFiles,
    writableDirs: [CACHE_DIR],
    config: (root) =>
      casSiteConfig(root, { platformOrigin: platform.server.baseUrl, validationOrigin: tls.origin, certificateFile: tls.certificateFile }),
  });
  context = await platform.browser.newContext();
  page = await context.newPage();
  await keepJournal(page);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === platform.server.baseUrl) platformRequests.push(url.pathname);
    // A refused ticket stays in the address and the next is appended: the newest is the last.
    const ticket = url.searchParams.getAll('ticket').at(-1);
    if (url.origin !== origin || !ticket) return;
    ticketsBrought.push(ticket);
    onTicketBrought?.();
  });
});

afterAll(async () => {
  await context?.close();
  if (apache) writeFileSync(join(artifacts, 'interop-cas-apache-error.log'), apache.errorLog());
  await apache?.stop();
  await tls?.close();
});

const protectedPage = () => `${origin}${PROTECTED_PATH}`;

/**
 * Resolves once the browser has brought the application a second ticket since it had brought
 * `before`: the module refused the first and sent the browser round for another, which it would go
 * on doing, so the sign-on has failed.
 */
function secondTicketSince(before: number): Promise<'second ticket'> {
  return new Promise((resolve) => {
    onTicketBrought = () => ticketsBrought.length - before > 1 && resolve('second ticket');
  });
}

/** What the application answers a request carrying this Apache session cookie: 200 while the session lives, a redirect to CAS after. */
async function applicationStatus(cookie: string): Promise<number> {
  const response = await fetch(protectedPage(), { redirect: 'manual', headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
  return response.status;
}

describe.skipIf(!prerequisites.runnable)('Apache mod_auth_cas signs staff on through the platform', () => {
  it('hands the application the account and the attributes of /cas/p3/serviceValidate after a sign-in on the platform page', async () => {
    await explainedByLog(apache, 'auth_cas', () =>
      step(page, 'interop-cas-01-sign-in', async () => {
        await page.goto(protectedPage());
        await page.waitForURL(`${platform.server.baseUrl}/login?cas=**`);
        const refused = secondTicketSince(ticketsBrought.length);
        await signInOnPlatformPage(page, STAFF);
        const arrived = page.waitForURL(protectedPage()).then(() => 'application' as const);
        const landed = await Promise.race([arrived.catch(() => 'nowhere'), refused]);
        if (landed !== 'application') await page.goto('about:blank'); // ends the round trips
        expect(landed).toBe('application');
        const handed = await whoamiOf(page);
        expect(handed).toMatchObject({
          REMOTE_USER: STAFF.account,
          HTTP_CAS_USER: STAFF.account,
          HTTP_CAS_ACCOUNT: STAFF.account,
          HTTP_CAS_NAME: STAFF.realName,
        });
        expect(handed.HTTP_CAS_ROLES?.split(',')).toContain(ROLE);
      }),
    );
    expect(ticketsBrought).toHaveLength(1);
  });

  it(`signs on ${SIGN_ONS} times in a row, each with a new Apache session, one exchange with the platform and exactly one ticket`, async () => {
    const outcomes: string[] = [];
    // mod_auth_cas takes a ticket of another alphabet (an '_' in it) for no ticket: it logs, at
    // debug level only, a service address still holding it, and sends the browser back to CAS.
    await explainedByLog(
      apache,
      'auth_cas',
      async () => {
        for (let signOn = 1; signOn <= SIGN_ONS; signOn++) {
          await context.clearCookies({ name: SESSION_COOKIE });
          const before = ticketsBrought.length;
          const platformBefore = platformRequests.length;
          // One sign-on, one ticket.
          const refused = secondTicketSince(before);
          await page.goto(protectedPage());
          const landed = await Promise.race([landing(page, origin, PROTECTED_PATH), refused]);
          const user = landed === 'application' ? (await whoamiOf(page)).REMOTE_USER : undefined;
          const tickets = ticketsBrought.slice(before);
          // Signed in to the platform: its /cas/login alone answers the ticket, no sign-in page in between.
          const atPlatform = platformRequests.slice(platformBefore);
          if (landed !== 'application' || user !== STAFF.account || tickets.length !== 1 || atPlatform.join() !== '/cas/login') {
            outcomes.push(`sign-on ${signOn}: ${landed}, user ${user}, tickets ${tickets.join(' ')}, platform ${atPlatform.join(' ')}`);
            await page.goto('about:blank'); // ends the round trips
          }
        }
        expect(outcomes).toEqual([]);
      },
      /CAS Service '.*ticket%3d/,
    );
  }, 120_000);

  it('refuses a person the application is not granted to: no ticket reaches it, the sign-in page says why', async () => {
    const outsider = await platform.browser.newContext();
    const outsiderPage = await outsider.newPage();
    await keepJournal(outsiderPage);
    const served: string[] = [];
    outsiderPage.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === origin && url.pathname.startsWith('/secure/')) served.push(`${response.status()} ${url.pathname}${url.search}`);
    });
    try {
      await step(outsiderPage, 'interop-cas-03-not-granted', async () => {
        await outsiderPage.goto(protectedPage());
        await outsiderPage.waitForURL(`${platform.server.baseUrl}/login?cas=**`);
        await signInOnPlatformPage(outsiderPage, OUTSIDER);
        await outsiderPage.locator('.sign-on-refused').waitFor();
      });
      // Only the first visit reached the application, which sent the browser to the platform.
      expect(served).toEqual([`302 ${PROTECTED_PATH}`]);
    } finally {
      await outsider.close();
    }
  });

  it("ends the application's session when the staff member signs out of the platform (CAS single logout)", async () => {
    await page.goto(protectedPage());
    await expectLanding(page, origin, PROTECTED_PATH, 'application');
    const apacheSession = (await context.cookies(protectedPage())).find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
    const platformSession = (await platformToken(page, platform.server.baseUrl)) ?? '';
    expect(await applicationStatus(apacheSession)).toBe(200);
    expect(await userInfoStatus(platform.server, platformSession)).toBe(200);

    // A logout request mod_auth_cas received but could not match is logged at debug level only.
    await explainedByLog(
      apache,
      'auth_cas',
      async () => {
        await step(page, 'interop-cas-04-sign-out', async () => {
          const back = `${origin}${SIGNED_OUT_PATH}`;
          await page.goto(`${platform.server.baseUrl}/cas/logout?service=${encodeURIComponent(back)}`);
          await page.waitForURL(back);
        });
        // After: the platform told the application (a logout request POSTed to the service), so
        // the old Apache session is refused, and the next visit asks for the password.
        const after = {
          apacheSession: await settledValue(() => applicationStatus(apacheSession), 302),
          platformSession: await settledValue(() => userInfoStatus(platform.server, platformSession), 401),
          nextVisit: '',
        };
        await step(page, 'interop-cas-05-asks-again', async () => {
          await page.goto(protectedPage());
          after.nextVisit = await landing(page, origin, PROTECTED_PATH);
        });
        expect(after).toEqual({ apacheSession: 302, platformSession: 401, nextVisit: 'password form' });
      },
      /logout/i,
    );
  });
});
