import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, type TestUser, useTestServer } from '../api-suite.testkit.js';
import { appTickets } from './app-tickets.js';
import { casMessages } from './routes.js';
import { createApp, grantApp, platform, startApplication } from './sign-on.testkit.js';

/** CAS 2.0/3.0: a Java-style CAS client on 127.0.0.1 signs a staff member on through the platform. */
const suite = useTestServer();
let staff: TestUser;
let outsider: TestUser;
let client: Awaited<ReturnType<typeof startApplication>>;
let other: Awaited<ReturnType<typeof startApplication>>;
let erpId: string;

/**
 * What a CAS client filter does: without a ticket, redirect the browser to /cas/login?service=<this
 * address>; with one, validate it server-side against /cas/p3/serviceValidate for the same service
 * and show the user and attributes it answers (or the failure code).
 */
async function casClient(request: IncomingMessage, response: ServerResponse, origin: string) {
  const url = new URL(request.url ?? '/', origin);
  const ticket = url.searchParams.get('ticket');
  url.searchParams.delete('ticket');
  const service = url.href;
  if (!ticket) {
    response.writeHead(302, { location: `${suite.server.baseUrl}/cas/login?service=${encodeURIComponent(service)}` }).end();
    return;
  }
  const check = `${suite.server.baseUrl}/cas/p3/serviceValidate?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket)}`;
  const xml = await (await fetch(check)).text();
  const user = /<cas:user>([^<]*)<\/cas:user>/.exec(xml)?.[1];
  const failure = /<cas:authenticationFailure code="([A-Z_]+)"/.exec(xml)?.[1];
  const attributes = [...xml.matchAll(/<cas:(account|name|tenant|department|roles)>([^<]*)</g)].map((m) => `${m[1]}=${m[2]}`);
  response.writeHead(user ? 200 : 401, { 'content-type': 'application/json' });
  response.end(JSON.stringify(user ? { user, attributes } : { failure }));
}

/** The web sign-in page's part: with the session's token, a ticketed service address. */
const ticketFor = (user: TestUser, service: string, extra = '') =>
  platform(suite, 'POST', `/api/blade-auth/cas/ticket?service=${encodeURIComponent(service)}${extra}`, user);

const validate = async (path: string, service: string, ticket: string) =>
  (await platform(suite, 'GET', `${path}?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket)}`)).text;

const ticketIn = (url: string) => new URL(url).searchParams.get('ticket') ?? '';

async function issueTicket(user: TestUser, service: string): Promise<string> {
  const answer = await ticketFor(user, service);
  expect(answer.status).toBe(200);
  return ticketIn(String((answer.json().data as { url: string }).url));
}

beforeAll(async () => {
  client = await startApplication(casClient);
  other = await startApplication(casClient);
  staff = await createUserWithRole(suite.server, { account: 'cas_staff' });
  outsider = await createUserWithRole(suite.server, { account: 'cas_outsider' });
  erpId = await createApp(suite, { appCode: 'cas_erp', appName: 'ERP <旧系统>', protocol: 'cas', redirectUris: `${client.origin}/` });
  await grantApp(suite, erpId, staff.id);
  const disabled = await createApp(suite, { appCode: 'cas_off', protocol: 'cas', redirectUris: `${other.origin}/off`, status: 0 });
  await grantApp(suite, disabled, staff.id);
  const oidc = await createApp(suite, { appCode: 'cas_oidc', protocol: 'oidc', redirectUris: `${other.origin}/oidc` });
  await grantApp(suite, oidc, staff.id);
});
afterAll(async () => {
  await client?.close();
  await other?.close();
});

describe('CAS sign-on', () => {
  it('takes the browser from the client to the sign-in page and back with a ticket the client validates with attributes', async () => {
    const start = await fetch(`${client.origin}/orders?id=7`, { redirect: 'manual' });
    const login = start.headers.get('location') ?? '';
    expect(login).toBe(`${suite.server.baseUrl}/cas/login?service=${encodeURIComponent(`${client.origin}/orders?id=7`)}`);
    const toWeb = await fetch(login, { redirect: 'manual' });
    expect(toWeb.status).toBe(302);
    const page = new URL(toWeb.headers.get('location') ?? '', suite.server.baseUrl);
    expect(page.pathname).toBe('/login');
    const service = page.searchParams.get('cas') ?? '';
    expect(service).toBe(`${client.origin}/orders?id=7`);

    const issued = await ticketFor(staff, service);
    expect(issued.status).toBe(200);
    const url = String((issued.json().data as { url: string }).url);
    expect(url).toMatch(new RegExp(`^${client.origin}/orders\\?id=7&ticket=ST-[\\w-]{27,}$`));
    const shown = await (await fetch(url)).json();
    expect(shown).toEqual({
      user: 'cas_staff',
      attributes: ['account=cas_staff', 'name=cas_staff', 'tenant=000000', 'roles=cas_staff_role'],
    });
    const log = await suite.server.ctx.db
      .selectFrom('blade_app_login_log')
      .select(['appCode', 'account'])
      .where('account', '=', 'cas_staff')
      .execute();
    expect(log).toEqual([{ appCode: 'cas_erp', account: 'cas_staff' }]);
  });

  it('answers CAS 2.0 with the user only and CAS 3.0 with attributes; the ticket itself is never stored', async () => {
    const service = `${client.origin}/a?x=1`;
    const ticket = await issueTicket(staff, service);
    const stored = await sql<{ idHash: string }>`select id_hash from sso_app_ticket`.execute(suite.server.ctx.db);
    expect(stored.rows.map((row) => row.idHash)).not.toContain(ticket);
    expect(stored.rows.length).toBeGreaterThan(0);
    const v2 = await validate('/cas/serviceValidate', service, ticket);
    expect(v2).toContain('<cas:user>cas_staff</cas:user>');
    expect(v2).not.toContain('<cas:attributes>');
    const v3 = await validate('/cas/p3/serviceValidate', service, await issueTicket(staff, service));
    expect(v3).toContain('<cas:attributes>');
    expect(v3).toContain('<cas:tenant>000000</cas:tenant>');
  });

  it('escapes what it echoes in XML', async () => {
    const xml = await validate('/cas/serviceValidate', 'http://127.0.0.1/', 'ST-<script>&"');
    expect(xml).toContain('code="INVALID_TICKET"');
    expect(xml).toContain('ST-&lt;script&gt;&amp;&quot;');
    expect(xml).not.toContain('<script>');
  });

  it('refuses a replayed ticket, a ticket for another service, an expired ticket and a request without one', async () => {
    const service = `${client.origin}/`;
    const issue = () => issueTicket(staff, service);

    const once = await issue();
    expect(await validate('/cas/p3/serviceValidate', service, once)).toContain('<cas:user>cas_staff</cas:user>');
    expect(await validate('/cas/p3/serviceValidate', service, once)).toContain('code="INVALID_TICKET"');

    const elsewhere = await issue();
    expect(await validate('/cas/p3/serviceValidate', `${client.origin}/other`, elsewhere)).toContain('code="INVALID_SERVICE"');
    // A ticket presented for the wrong service is spent too.
    expect(await validate('/cas/p3/serviceValidate', service, elsewhere)).toContain('code="INVALID_TICKET"');

    const late = await issue();
    const tickets = appTickets(suite.server.ctx);
    const realNow = tickets.now;
    const issuedAt = Date.now();
    tickets.now = () => issuedAt + 10_001;
    try {
      expect(await validate('/cas/p3/serviceValidate', service, late)).toContain('code="INVALID_TICKET"');
    } finally {
      tickets.now = realNow;
    }

    const bare = await platform(suite, 'GET', `/cas/serviceValidate?service=${encodeURIComponent(service)}`);
    expect(bare.text).toContain('code="INVALID_REQUEST"');
    expect(bare.status).toBe(200);
  });

  it('issues no ticket to an ungranted user, a disabled or unregistered service, or an application of another protocol', async () => {
    expect((await ticketFor(outsider, `${client.origin}/`)).status).toBe(403);
    for (const service of [
      `${other.origin}/off`,
      `${other.origin}/oidc`,
      'https://evil.example.com/',
      `${client.origin.replace('127.0.0.1', 'localhost')}/`,
    ]) {
      const refused = await ticketFor(staff, service);
      expect(refused.status).toBe(400);
      expect((await platform(suite, 'GET', `/cas/login?service=${encodeURIComponent(service)}`)).status).toBe(400);
    }
    expect((await platform(suite, 'POST', `/api/blade-auth/cas/ticket?service=${encodeURIComponent(`${client.origin}/`)}`)).status).toBe(
      401,
    );
    const log = await suite.server.ctx.db.selectFrom('blade_app_login_log').select('id').where('account', '=', 'cas_outsider').execute();
    expect(log).toEqual([]);
  });

  it('passes renew and gateway to the sign-in page, and a renew ticket is issued only from a sign-in that presented a credential', async () => {
    const service = encodeURIComponent(`${client.origin}/`);
    expect((await platform(suite, 'GET', `/cas/login?service=${service}&renew=true`)).location).toBe(`/login?cas=${service}&renew=true`);
    expect((await platform(suite, 'GET', `/cas/login?service=${service}&gateway=true`)).location).toBe(
      `/login?cas=${service}&gateway=true`,
    );
    const renewing = await createUserWithRole(suite.server, { account: 'cas_renewing' });
    await grantApp(suite, erpId, renewing.id);
    const fresh = await ticketFor(renewing, `${client.origin}/`, '&renew=true');
    expect(fresh.status).toBe(200);
    const ticket = ticketIn(String((fresh.json().data as { url: string }).url));
    expect(await validate('/cas/serviceValidate', `${client.origin}/`, `${ticket}`)).toContain('cas_renewing');
    // staff's session has issued tickets before: it is a single sign-on session, not a fresh sign-in.
    const reused = await ticketFor(staff, `${client.origin}/`, '&renew=true');
    expect(reused.status).toBe(400);
    expect(reused.json().msg).toBe(casMessages.renewNeedsSignIn);
  });

  it('sends a gateway request without a session back to a registered service with no ticket, and nowhere else', async () => {
    const service = `${client.origin}/orders`;
    const back = await platform(suite, 'POST', `/api/blade-auth/cas/gateway?service=${encodeURIComponent(service)}`);
    expect(back.json().data).toEqual({ url: service });
    for (const elsewhere of ['https://evil.example.com/', `${other.origin}/off`]) {
      const refused = await platform(suite, 'POST', `/api/blade-auth/cas/gateway?service=${encodeURIComponent(elsewhere)}`);
      expect(refused.status).toBe(400);
    }
    expect((await platform(suite, 'POST', '/api/blade-auth/cas/gateway')).status).toBe(400);
  });

  it('answers CAS 1.0 validation with yes and the account once, then no', async () => {
    const service = `${client.origin}/`;
    const ticket = await issueTicket(staff, service);
    expect(await validate('/cas/validate', `${client.origin}/elsewhere`, ticket)).toBe('no\n\n');
    const again = await issueTicket(staff, service);
    expect(await validate('/cas/validate', service, again)).toBe('yes\ncas_staff\n');
    expect(await validate('/cas/validate', service, again)).toBe('no\n\n');
    expect(await validate('/cas/validate', service, 'ST-forged')).toBe('no\n\n');
    expect((await platform(suite, 'GET', `/cas/validate?service=${encodeURIComponent(service)}`)).text).toBe('no\n\n');
  });

  it('signs out through the sign-in page and goes back only to a registered service', async () => {
    const service = `${client.origin}/`;
    expect((await platform(suite, 'GET', `/cas/logout?service=${encodeURIComponent(service)}`)).location).toBe(
      `/login?casLogout=${encodeURIComponent(service)}`,
    );
    const leaving = await createUserWithRole(suite.server, { account: 'cas_leaving' });
    const out = await platform(suite, 'POST', `/api/blade-auth/cas/logout?service=${encodeURIComponent(service)}`, leaving);
    expect(out.json().data).toEqual({ url: service });
    expect((await platform(suite, 'GET', '/api/blade-auth/oauth/user-info', leaving)).status).toBe(401);
    const evil = await platform(suite, 'POST', `/api/blade-auth/cas/logout?service=${encodeURIComponent('https://evil.example.com/')}`);
    expect(evil.json().data).toEqual({ url: '' });
  });
});
