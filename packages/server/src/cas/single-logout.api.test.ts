import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appMessages } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUserWithRole,
  failure,
  signIn,
  TEST_PASSWORD,
  type TestUser,
  useTestServer,
} from '../api-suite.testkit.js';
import { createApp, grantApp } from './sign-on.testkit.js';
import { casLogoutOutbox } from './single-logout.js';

/**
 * CAS single logout (CAS 3.0 §2.3.3): when a platform session ends, each service a ticket was
 * issued to from it receives a SAML LogoutRequest naming that ticket, in the background and
 * through the outbound guard as the application's tenant; an application may opt out.
 */
const suite = useTestServer();

interface Received {
  path: string;
  contentType: string;
  xml: string;
}

/** A CAS application's server on 127.0.0.1 that records the logout requests posted to it. */
async function logoutReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const xml = new URLSearchParams(body).get('logoutRequest') ?? '';
      received.push({ path: request.url ?? '', contentType: request.headers['content-type'] ?? '', xml });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Receiver = Awaited<ReturnType<typeof logoutReceiver>>;
let erp: Receiver;
let crm: Receiver;
let quiet: Receiver;
let tenantApp: Receiver;
let staff: TestUser;
/** The applications' ids by code. */
const appIds = new Map<string, string>();

const sessionIndexOf = (xml: string) => /<samlp:SessionIndex>([^<]*)<\/samlp:SessionIndex>/.exec(xml)?.[1];

async function ticket(token: string, service: string): Promise<string> {
  const answer = await fetch(`${suite.server.baseUrl}/api/blade-auth/cas/ticket?service=${encodeURIComponent(service)}`, {
    method: 'POST',
    headers: { 'blade-auth': `bearer ${token}` },
  });
  expect(answer.status).toBe(200);
  const { data } = (await answer.json()) as { data: { url: string } };
  return new URL(data.url).searchParams.get('ticket') ?? '';
}

/** The web sign-in page's sign-out (/login?casLogout=): POST cas/logout with the session's token ends the session. */
async function casSignOut(token: string): Promise<void> {
  const out = await fetch(`${suite.server.baseUrl}/api/blade-auth/cas/logout`, {
    method: 'POST',
    headers: { 'blade-auth': `bearer ${token}` },
  });
  expect(out.status).toBe(200);
  await casLogoutOutbox(suite.server.ctx).idle();
}

const signedIn = async (token: string) =>
  (await fetch(`${suite.server.baseUrl}/api/blade-auth/oauth/user-info`, { headers: { 'blade-auth': `bearer ${token}` } })).status === 200;

const signOnRows = () => suite.server.ctx.db.selectFrom('sso_cas_sign_on').select(['ticket', 'sessionId']).execute();

beforeAll(async () => {
  [erp, crm, quiet, tenantApp] = await Promise.all([logoutReceiver(), logoutReceiver(), logoutReceiver(), logoutReceiver()]);
  staff = await createUserWithRole(suite.server, { account: 'slo_staff' });
  for (const [code, receiver, extra] of [
    ['slo_erp', erp, {}],
    ['slo_crm', crm, {}],
    ['slo_quiet', quiet, { casSingleLogout: 0 }],
  ] as const) {
    const id = await createApp(suite, { appCode: code, protocol: 'cas', redirectUris: `${receiver.origin}/`, ...extra });
    appIds.set(code, id);
    await grantApp(suite, id, staff.id);
  }
});
afterAll(async () => {
  for (const receiver of [erp, crm, quiet, tenantApp]) await receiver?.close();
});

describe('CAS single logout', () => {
  it('tells every service the ended session signed on to, naming its ticket, except one that opted out; other sessions stay', async () => {
    const mine = staff.sdk.session?.token.access_token ?? '';
    const otherBrowser = await signIn(suite.server, { account: 'slo_staff', password: TEST_PASSWORD });
    const theirs = otherBrowser.session?.token.access_token ?? '';
    const erpTicket = await ticket(mine, `${erp.origin}/orders?id=7`);
    const crmTicket = await ticket(mine, `${crm.origin}/`);
    await ticket(mine, `${quiet.origin}/`);
    const theirErpTicket = await ticket(theirs, `${erp.origin}/home`);

    const before = Date.now();
    await casSignOut(mine);
    expect(await signedIn(mine)).toBe(false);
    expect(erp.received.map((r) => sessionIndexOf(r.xml))).toEqual([erpTicket]);
    expect(crm.received.map((r) => sessionIndexOf(r.xml))).toEqual([crmTicket]);
    expect(quiet.received).toEqual([]);

    const [request] = erp.received;
    expect(request?.path).toBe('/orders?id=7');
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    expect(request?.xml).toMatch(/^<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"/);
    expect(request?.xml).toMatch(/ ID="LR-[0-9a-f-]{36}" Version="2\.0" IssueInstant="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/);
    const instant = Date.parse(/IssueInstant="([^"]+)"/.exec(request?.xml ?? '')?.[1] ?? '');
    expect(instant).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(request?.xml).toContain('<saml:NameID>slo_staff</saml:NameID>');

    // The other browser's session and its sign-on are untouched until it signs out too.
    expect(await signedIn(theirs)).toBe(true);
    expect((await signOnRows()).map((row) => row.ticket)).toEqual([theirErpTicket]);
    await otherBrowser.logout();
    await casLogoutOutbox(suite.server.ctx).idle();
    expect(erp.received.map((r) => sessionIndexOf(r.xml))).toEqual([erpTicket, theirErpTicket]);
    expect(await signOnRows()).toEqual([]);
  });

  it('keeps the opt-out on the application, and refuses a value other than 0 or 1', async () => {
    const quietApp = (await suite.admin.call('GET', '/api/blade-aps/app/detail', { id: appIds.get('slo_quiet') ?? '' })) as {
      casSingleLogout?: unknown;
    };
    expect(quietApp.casSingleLogout).toBe(0);
    const refused = await failure(
      suite.admin,
      suite.admin.call('POST', '/api/blade-aps/app/submit', undefined, {
        appCode: 'slo_bad',
        appName: 'slo_bad',
        protocol: 'cas',
        redirectUris: 'http://127.0.0.1:9/bad/',
        casSingleLogout: 2,
      }),
    );
    expect(refused).toEqual(bad(appMessages.casSingleLogout));
  });

  it("sends a tenant's logout requests through the outbound guard as that tenant: loopback only when allow-listed", async () => {
    const tenantAdmin = await createTenantWithAdmin(suite.server, '500500');
    const member = await createUserWithRole(suite.server, { tenantId: '500500', account: 'slo_member' });
    const row = (await tenantAdmin.sdk.call('POST', '/api/blade-aps/app/submit', undefined, {
      appCode: 'slo_tenant',
      appName: 'slo_tenant',
      appType: '1',
      appCategory: '4',
      protocol: 'cas',
      status: 1,
      redirectUris: `${tenantApp.origin}/`,
    })) as { id: string };
    await tenantAdmin.sdk.call('POST', '/api/blade-aps/appuser/submit', undefined, { appId: row.id, userId: member.id });

    await ticket(member.sdk.session?.token.access_token ?? '', `${tenantApp.origin}/`);
    await casSignOut(member.sdk.session?.token.access_token ?? '');
    expect(tenantApp.received).toEqual([]);
    expect(await signOnRows()).toEqual([]);

    await setAllowHosts('127.0.0.1');
    try {
      const again = await signIn(suite.server, { tenantId: '500500', account: 'slo_member', password: TEST_PASSWORD });
      const allowed = await ticket(again.session?.token.access_token ?? '', `${tenantApp.origin}/`);
      await casSignOut(again.session?.token.access_token ?? '');
      expect(tenantApp.received.map((r) => sessionIndexOf(r.xml))).toEqual([allowed]);
    } finally {
      await setAllowHosts('-');
    }
  });
});

async function setAllowHosts(value: string) {
  const [row] = (await suite.admin.system.param.list({ paramKey: 'outbound.allowHosts' })).records;
  await suite.admin.system.param.submit({
    id: row?.id,
    paramName: String(row?.paramName ?? 'outbound.allowHosts'),
    paramKey: 'outbound.allowHosts',
    paramValue: value,
  } as never);
}
