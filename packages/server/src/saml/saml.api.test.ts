import { deflateRawSync } from 'node:zlib';
import type { SAML } from '@node-saml/node-saml';
import { ValidateInResponseTo } from '@node-saml/node-saml';
import { appMessages } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bad, createTenantWithAdmin, createUserWithRole, failure, type TestUser, useTestServer } from '../api-suite.testkit.js';
import { storedApp } from '../apps/catalogue.testkit.js';
import { createApp, grantApp, platform, startApplication } from '../cas/sign-on.testkit.js';
import type { SamlKey } from './keys.js';
import { samlMessages } from './routes.js';
import { samlLogoutsIdle } from './single-logout.js';
import { idpCertificates, logoutReceiver, postedForm, serviceProvider, spKey } from './sp.testkit.js';

/**
 * The platform as a SAML 2.0 identity provider, checked by an independent service provider
 * implementation (@node-saml/node-saml): signed and encrypted assertions verify; tampered,
 * replayed, misdirected and wrapped ones are refused, and so are requests the platform must not
 * answer (unregistered ACS, replayed ID, unsigned when the SP's certificate is known, hostile XML).
 */
const suite = useTestServer();
const ACS = 'https://crm.example.test/saml/acs';
const ENC_ACS = 'https://hr.example.test/saml/acs';
let staff: TestUser;
let outsider: TestUser;
let idpCerts: string[];
let crmId: string;
let spKeys: SamlKey;
let receiver: Awaited<ReturnType<typeof logoutReceiver>>;

const crmSp = (overrides: Partial<Parameters<typeof serviceProvider>[1]> = {}) =>
  serviceProvider(suite, { entityId: 'https://crm.example.test/sp', acs: ACS, idpCerts, ...overrides });
const hrSp = () =>
  serviceProvider(suite, {
    entityId: 'https://hr.example.test/sp',
    acs: ENC_ACS,
    idpCerts,
    key: spKeys,
    signRequests: true,
    // The application asks for the assertion alone to be signed.
    wantResponseSigned: false,
  });

/** What the browser does: follows the AuthnRequest to the platform, which sends it to the sign-in page with a key. */
async function pendingKey(authorizeUrl: string): Promise<{ status: number; key: string; body: string }> {
  const answer = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = answer.headers.get('location') ?? '';
  const body = answer.status === 302 ? '' : await answer.text();
  return { status: answer.status, key: new URL(location || '/', suite.server.baseUrl).searchParams.get('saml') ?? '', body };
}

/**
 * The sign-in page's part: with the session's token, the address of the page that posts the
 * response; then the browser's: that page, a form of hidden fields aimed at the application.
 */
async function responseFor(user: TestUser, query: string) {
  const answer = await platform(suite, 'POST', `/api/blade-auth/saml/response?${query}`, user);
  if (answer.status !== 200) return { status: answer.status, msg: String(answer.json().msg ?? ''), data: undefined };
  const fetched = await fetch(`${suite.server.baseUrl}${String((answer.json().data as { url: string }).url)}`);
  expect(fetched.status).toBe(200);
  const page = { text: await fetched.text(), policy: fetched.headers.get('content-security-policy') ?? '' };
  const { url, fields } = postedForm(page.text);
  return { status: answer.status, msg: '', data: { url, fields, policy: page.policy } };
}

async function signOn(sp: SAML, user: TestUser, relayState = '') {
  const { key } = await pendingKey(await sp.getAuthorizeUrlAsync(relayState, undefined, {}));
  expect(key).not.toBe('');
  return responseFor(user, `request=${encodeURIComponent(key)}`);
}

const decoded = (response: string) => Buffer.from(response, 'base64').toString('utf8');
const encoded = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
const redirectRequest = (xml: string) =>
  `${suite.server.baseUrl}/saml/000000/sso?SAMLRequest=${encodeURIComponent(deflateRawSync(xml).toString('base64'))}`;

beforeAll(async () => {
  receiver = await logoutReceiver();
  spKeys = await spKey();
  staff = await createUserWithRole(suite.server, { account: 'saml_staff' });
  await suite.server.ctx.db
    .updateTable('blade_user')
    .set({ email: 'staff@example.test', phone: '13800000001' })
    .where('id', '=', staff.id)
    .execute();
  outsider = await createUserWithRole(suite.server, { account: 'saml_outsider' });
  idpCerts = await idpCertificates(suite);
  crmId = await createApp(suite, {
    appCode: 'saml_crm',
    protocol: 'saml',
    redirectUris: ACS,
    samlEntityId: 'https://crm.example.test/sp',
    samlNameIdFormat: 'unspecified',
    samlLogoutUrl: `${receiver.origin}/saml/logout`,
  });
  await grantApp(suite, crmId, staff.id);
  const hrId = await createApp(suite, {
    appCode: 'saml_hr',
    protocol: 'saml',
    redirectUris: ENC_ACS,
    samlEntityId: 'https://hr.example.test/sp',
    samlSpCertificate: spKeys.certificate,
    samlEncryptAssertion: 1,
    samlSigning: 'assertion',
    samlLogoutUrl: 'https://hr.example.test/saml/logout',
  });
  await grantApp(suite, hrId, staff.id);
});
afterAll(async () => {
  await receiver?.close();
});

describe('SAML identity provider', () => {
  it('publishes per-tenant metadata whose entity ID is its address, with both bindings and the signing certificate', async () => {
    const answer = await fetch(`${suite.server.baseUrl}/saml/000000/metadata`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('samlmetadata+xml');
    const xml = await answer.text();
    expect(xml).toContain(`entityID="${suite.server.baseUrl}/saml/000000/metadata"`);
    expect(xml).toContain(`Location="${suite.server.baseUrl}/saml/000000/sso"`);
    expect(xml).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect');
    expect(xml).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(xml).toContain(`Location="${suite.server.baseUrl}/saml/000000/slo"`);
    expect(idpCerts).toHaveLength(1);
    expect((await fetch(`${suite.server.baseUrl}/saml/nosuch/metadata`)).status).toBe(400);
  });

  it('signs a staff member on (SP-initiated, HTTP-Redirect): the SP verifies the signed response and reads the attributes', async () => {
    const sp = crmSp();
    const answer = await signOn(sp, staff, 'back-to/orders');
    expect(answer.status).toBe(200);
    expect(answer.data?.url).toBe(ACS);
    expect(answer.data?.fields.RelayState).toBe('back-to/orders');
    // The posting page may post to the application's origin alone.
    expect(answer.data?.policy).toMatch(/form-action https:\/\/crm\.example\.test(;|$)/);
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: answer.data?.fields.SAMLResponse ?? '' });
    expect(profile?.nameID).toBe('saml_staff');
    expect(profile?.account).toBe('saml_staff');
    expect(profile?.name).toBe('saml_staff');
    expect(profile?.email).toBe('staff@example.test');
    expect(profile?.phone).toBe('13800000001');
    expect(profile?.roles).toBe('saml_staff_role');
    expect(profile?.sessionIndex).toMatch(/^_/);
  });

  it('encrypts the assertion with the SP certificate and verifies its signed AuthnRequests; an unsigned one is refused', async () => {
    const sp = hrSp();
    const answer = await signOn(sp, staff);
    expect(answer.status).toBe(200);
    const xml = decoded(answer.data?.fields.SAMLResponse ?? '');
    expect(xml).toContain('EncryptedAssertion');
    expect(xml).not.toContain('saml_staff');
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: answer.data?.fields.SAMLResponse ?? '' });
    // Persistent by default: opaque, the same on every sign-on to this application.
    expect(profile?.nameID).toMatch(/^[\w-]{43}$/);
    const hr = hrSp();
    const again = await signOn(hr, staff);
    const second = await hr.validatePostResponseAsync({ SAMLResponse: again.data?.fields.SAMLResponse ?? '' });
    expect(second.profile?.nameID).toBe(profile?.nameID);

    const unsigned = serviceProvider(suite, { entityId: 'https://hr.example.test/sp', acs: ENC_ACS, idpCerts, key: spKeys });
    const refused = await pendingKey(await unsigned.getAuthorizeUrlAsync('', undefined, {}));
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 400, success: false, msg: samlMessages.refused });
  });

  it('takes a signed AuthnRequest by HTTP-POST (enveloped signature) and refuses it once altered', async () => {
    const sp = serviceProvider(suite, {
      entityId: 'https://hr.example.test/sp',
      acs: ENC_ACS,
      idpCerts,
      key: spKeys,
      signRequests: true,
      wantResponseSigned: false,
      postBinding: true,
    });
    const form = await sp.getAuthorizeFormAsync('from-post');
    const request = /name="SAMLRequest" value="([^"]+)"/.exec(form)?.[1] ?? '';
    expect(request).not.toBe('');
    const post = (SAMLRequest: string) =>
      fetch(`${suite.server.baseUrl}/saml/000000/sso`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ SAMLRequest, RelayState: 'from-post' }).toString(),
      });
    const altered = encoded(decoded(request).replace(ENC_ACS, `${ENC_ACS}?x=1`));
    expect((await post(altered)).status).toBe(400);
    const accepted = await post(request);
    expect(accepted.status).toBe(302);
    const key = new URL(accepted.headers.get('location') ?? '', suite.server.baseUrl).searchParams.get('saml') ?? '';
    const answer = await responseFor(staff, `request=${encodeURIComponent(key)}`);
    expect(answer.data?.fields.RelayState).toBe('from-post');
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: answer.data?.fields.SAMLResponse ?? '' });
    expect(profile?.nameID).toMatch(/^[\w-]{43}$/);
  });

  it('ends the platform session on a signed LogoutRequest from the application and answers a signed LogoutResponse', async () => {
    const leaver = await createUserWithRole(suite.server, { account: 'saml_hr_leaver' });
    const hrId = String((await storedApp(suite.server, { appCode: 'saml_hr' }))?.id);
    await grantApp(suite, hrId, leaver.id);
    const sp = hrSp();
    const answer = await signOn(sp, leaver);
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: answer.data?.fields.SAMLResponse ?? '' });
    const logoutUrl = await sp.getLogoutUrlAsync(profile as never, 'after-logout', {});
    const asked = await fetch(logoutUrl, { redirect: 'manual' });
    expect(asked.status).toBe(302);
    const key = new URL(asked.headers.get('location') ?? '', suite.server.baseUrl).searchParams.get('samlLogout') ?? '';
    expect(key).not.toBe('');
    const out = await platform(suite, 'POST', `/api/blade-auth/saml/logout?request=${encodeURIComponent(key)}`, leaver);
    expect(out.status).toBe(200);
    const back = new URL(String((out.json().data as { url: string }).url));
    expect(`${back.origin}${back.pathname}`).toBe('https://hr.example.test/saml/logout');
    expect(back.searchParams.get('SAMLResponse')).toBeTruthy();
    expect(back.searchParams.get('Signature')).toBeTruthy();
    expect(back.searchParams.get('RelayState')).toBe('after-logout');
    // The platform session is over.
    expect((await platform(suite, 'GET', '/api/blade-auth/oauth/user-info', leaver)).status).toBe(401);
    // The request's key is spent.
    expect((await platform(suite, 'POST', `/api/blade-auth/saml/logout?request=${encodeURIComponent(key)}`)).json().data).toEqual({});
  });

  it("keeps tenants apart: each has its own keys, and another tenant's user cannot answer a request", async () => {
    const foreigner = await createTenantWithAdmin(suite.server, '880001', 'saml_foreign_admin');
    const theirs = await idpCertificates(suite, '880001');
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).not.toBe(idpCerts[0]);
    const { key } = await pendingKey(await crmSp().getAuthorizeUrlAsync('', undefined, {}));
    const refused = await responseFor(foreigner, `request=${encodeURIComponent(key)}`);
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe(samlMessages.otherTenant);
    // Nor by naming the application: the other tenant has no saml_crm.
    expect((await responseFor(foreigner, 'appCode=saml_crm')).status).toBe(400);
  });

  it('accepts an AuthnRequest once: the same request presented again is refused', async () => {
    const url = await crmSp().getAuthorizeUrlAsync('', undefined, {});
    expect((await pendingKey(url)).status).toBe(302);
    const replay = await pendingKey(url);
    expect(replay.status).toBe(400);
  });

  it('refuses a response that was tampered with, one for another SP, and a signature-wrapped one', async () => {
    const sp = crmSp();
    const answer = await signOn(sp, staff);
    const xml = decoded(answer.data?.fields.SAMLResponse ?? '');
    const tampered = xml.replace('>saml_staff<', '>saml_admin<');
    expect(tampered).not.toBe(xml);
    await expect(sp.validatePostResponseAsync({ SAMLResponse: encoded(tampered) })).rejects.toThrow();

    // Another service provider (another audience) must not take this assertion.
    const other = serviceProvider(suite, {
      entityId: 'https://other.example.test/sp',
      acs: ACS,
      idpCerts,
      validateInResponseTo: ValidateInResponseTo.never,
    });
    await expect(other.validatePostResponseAsync({ SAMLResponse: answer.data?.fields.SAMLResponse ?? '' })).rejects.toThrow();

    // Wrapping: the signed assertion is moved aside and a forged one put where the SP reads.
    const assertion = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)?.[0] ?? '';
    const forged = assertion
      .replace(/ID="[^"]+"/, 'ID="_forged"')
      .replace('>saml_staff<', '>saml_admin<')
      .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');
    const wrapped = xml.replace(assertion, `${forged}<samlp:Extensions>${assertion}</samlp:Extensions>`);
    await expect(sp.validatePostResponseAsync({ SAMLResponse: encoded(wrapped) })).rejects.toThrow();

    // Replayed at the SP: the request it answered is spent there.
    await sp.validatePostResponseAsync({ SAMLResponse: answer.data?.fields.SAMLResponse ?? '' }).catch(() => undefined);
    await expect(sp.validatePostResponseAsync({ SAMLResponse: answer.data?.fields.SAMLResponse ?? '' })).rejects.toThrow();
  });

  it('refuses a user the application is not granted to, and an ACS address the application did not register', async () => {
    const refused = await signOn(crmSp(), outsider);
    expect(refused.status).toBe(403);
    const elsewhere = crmSp({ acs: 'https://crm.example.test/saml/acs/evil' });
    const answer = await pendingKey(await elsewhere.getAuthorizeUrlAsync('', undefined, {}));
    expect(answer.status).toBe(400);
    const foreign = crmSp({ acs: 'https://evil.example.test/acs' });
    expect((await pendingKey(await foreign.getAuthorizeUrlAsync('', undefined, {}))).status).toBe(400);
  });

  it('answers the portal open of a saml application with an address that posts an unsolicited response', async () => {
    const open = await platform(suite, 'GET', `/api/blade-portal/client/app/open?id=${crmId}`, staff);
    expect(open.status).toBe(200);
    expect((open.json().data as { url: string }).url).toBe('/login?samlApp=saml_crm');
    const answer = await responseFor(staff, 'appCode=saml_crm');
    expect(answer.status).toBe(200);
    const sp = crmSp({ validateInResponseTo: ValidateInResponseTo.ifPresent });
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: answer.data?.fields.SAMLResponse ?? '' });
    expect(profile?.nameID).toBe('saml_staff');
    expect((await responseFor(outsider, 'appCode=saml_crm')).status).toBe(403);
  });

  it('refuses hostile XML with a 400: entity expansion, external entities, a DTD, garbage', async () => {
    const issuer = '<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">https://crm.example.test/sp</saml:Issuer>';
    const request = (prolog: string, issuerText = issuer) =>
      `${prolog}<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_x${Date.now()}" Version="2.0" IssueInstant="${new Date().toISOString()}">${issuerText}</samlp:AuthnRequest>`;
    const bombs = [
      request(
        '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>',
      ),
      request('<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>', issuer.replace('https://crm.example.test/sp', '&x;')),
      request('<!DOCTYPE r SYSTEM "http://127.0.0.1:1/evil.dtd">'),
      'not xml at all <<<',
    ];
    for (const xml of bombs) {
      const answer = await fetch(redirectRequest(xml), { redirect: 'manual' });
      expect(answer.status, xml).toBe(400);
    }
    // A deflate bomb: a few kilobytes that would inflate to megabytes.
    const bomb = deflateRawSync(Buffer.alloc(8 * 1024 * 1024, 32)).toString('base64');
    expect(
      (await fetch(`${suite.server.baseUrl}/saml/000000/sso?SAMLRequest=${encodeURIComponent(bomb)}`, { redirect: 'manual' })).status,
    ).toBe(400);
    const garbage = await fetch(`${suite.server.baseUrl}/saml/000000/sso?SAMLRequest=%%%`, { redirect: 'manual' });
    expect(garbage.status).toBe(400);
    const post = await fetch(`${suite.server.baseUrl}/saml/000000/sso`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLRequest: encoded(bombs[0] ?? '') }).toString(),
    });
    expect(post.status).toBe(400);
  });

  it('refuses a comment inside the Issuer (it would name one SP to one reader and another to the next)', async () => {
    const xml = `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_c${Date.now()}" Version="2.0" IssueInstant="${new Date().toISOString()}"><saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">https://crm.example.test/sp<!-- -->.evil</saml:Issuer></samlp:AuthnRequest>`;
    const answer = await fetch(redirectRequest(xml), { redirect: 'manual' });
    expect(answer.status).toBe(400);
  });

  it("imports another tenant's service provider from an allow-listed internal address, the allow-list read in the save's transaction", async () => {
    const key = await spKey();
    const sp = serviceProvider(suite, { entityId: 'https://mes.example.test/sp', acs: 'https://mes.example.test/acs', idpCerts, key });
    const metadata = sp.generateServiceProviderMetadata(key.certificate, key.certificate);
    const served = await startApplication(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadata);
    });
    try {
      // Saving the parameter empties the cache: the import reads it afresh while the save's transaction is open.
      const param = (await suite.admin.system.param.list({ paramKey: 'outbound.allowHosts' })).records[0];
      const allow = { paramName: 'outbound.allowHosts', paramKey: 'outbound.allowHosts', paramValue: '127.0.0.1' };
      await suite.admin.system.param.submit(param ? { ...allow, id: param.id } : allow);
      const plant = await createTenantWithAdmin(suite.server, '620001');
      const row = (await plant.sdk.call('POST', '/api/blade-aps/app/submit', undefined, {
        appCode: 'saml_mes',
        appName: 'saml_mes',
        appType: '1',
        appCategory: '4',
        status: 1,
        protocol: 'saml',
        samlMetadataUrl: `${served.origin}/metadata`,
      })) as Record<string, string>;
      const saved = (await plant.sdk.call('GET', `/api/blade-aps/app/detail?id=${row.id}`)) as Record<string, string>;
      expect(saved.samlEntityId).toBe('https://mes.example.test/sp');
    } finally {
      await served.close();
    }
  });

  it('imports a service provider from its metadata address: entity ID, ACS, certificate, logout address', async () => {
    const key = await spKey();
    const sp = serviceProvider(suite, { entityId: 'https://wiki.example.test/sp', acs: 'https://wiki.example.test/acs', idpCerts, key });
    const metadata = sp.generateServiceProviderMetadata(key.certificate, key.certificate);
    const served = await startApplication(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadata);
    });
    try {
      const id = await createApp(suite, { appCode: 'saml_wiki', protocol: 'saml', samlMetadataUrl: `${served.origin}/metadata` });
      const row = (await suite.admin.call('GET', `/api/blade-aps/app/detail?id=${id}`)) as Record<string, string>;
      expect(row.samlEntityId).toBe('https://wiki.example.test/sp');
      expect(row.redirectUris).toBe('https://wiki.example.test/acs');
      expect(row.samlSpCertificate?.replace(/\s+/g, '')).toBe(key.certificate.replace(/\s+/g, ''));
    } finally {
      await served.close();
    }
    // The same document pasted into the form.
    const other = serviceProvider(suite, { entityId: 'https://blog.example.test/sp', acs: 'https://blog.example.test/acs', idpCerts, key });
    const pastedId = await createApp(suite, {
      appCode: 'saml_blog',
      protocol: 'saml',
      samlMetadataXml: other.generateServiceProviderMetadata(key.certificate, key.certificate),
    });
    const pasted = (await suite.admin.call('GET', `/api/blade-aps/app/detail?id=${pastedId}`)) as Record<string, string>;
    expect([pasted.samlEntityId, pasted.redirectUris]).toEqual(['https://blog.example.test/sp', 'https://blog.example.test/acs']);
    const hostile = await failure(
      suite.admin,
      suite.admin.call('POST', '/api/blade-aps/app/submit', undefined, {
        appCode: 'saml_xxe',
        appName: 'saml_xxe',
        protocol: 'saml',
        samlMetadataXml: '<!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]><EntityDescriptor entityID="&x;"/>',
      }),
    );
    expect(hostile).toEqual(bad(appMessages.samlMetadataUnreadable));
    // An address that answers no metadata: refused with a 400 saying so, nothing saved.
    const notMetadata = await startApplication(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>hello</body></html>');
    });
    try {
      const refused = await failure(
        suite.admin,
        suite.admin.call('POST', '/api/blade-aps/app/submit', undefined, {
          appCode: 'saml_bad',
          appName: 'saml_bad',
          protocol: 'saml',
          samlMetadataUrl: `${notMetadata.origin}/metadata`,
        }),
      );
      expect(refused).toEqual(bad(appMessages.samlMetadataUnreadable));
    } finally {
      await notMetadata.close();
    }
  });

  it('rotates the signing key with overlap: the next key is published beside the current one, then signs', async () => {
    const first = (await suite.admin.call('POST', '/api/blade-auth/saml/rotate-key')) as { current: string; next?: string };
    expect(first.next).toBeDefined();
    const published = await idpCertificates(suite);
    expect(published).toHaveLength(2);
    const second = (await suite.admin.call('POST', '/api/blade-auth/saml/rotate-key')) as { current: string; next?: string };
    expect(second.current).toBe(first.next);
    expect(second.next).toBeUndefined();
    const now = await idpCertificates(suite);
    expect(now).toHaveLength(1);
    // A service provider that learnt the next key during the overlap verifies the responses now signed with it.
    const sp = serviceProvider(suite, { entityId: 'https://crm.example.test/sp', acs: ACS, idpCerts: published });
    const answer = await signOn(sp, staff);
    expect((await sp.validatePostResponseAsync({ SAMLResponse: answer.data?.fields.SAMLResponse ?? '' })).profile?.nameID).toBe(
      'saml_staff',
    );
    // One that knows only the retired key refuses them.
    const stale = serviceProvider(suite, { entityId: 'https://crm.example.test/sp', acs: ACS, idpCerts });
    const refused = await signOn(stale, staff);
    await expect(stale.validatePostResponseAsync({ SAMLResponse: refused.data?.fields.SAMLResponse ?? '' })).rejects.toThrow();
    idpCerts = now;
  });

  it('tells the application when the platform session that signed on ends (single logout, SOAP, signed)', async () => {
    const session = await createUserWithRole(suite.server, { account: 'saml_leaver' });
    await grantApp(suite, crmId, session.id);
    const sp = crmSp();
    const answer = await signOn(sp, session);
    expect(answer.status).toBe(200);
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: answer.data?.fields.SAMLResponse ?? '' });
    const before = receiver.received.length;
    const out = await platform(suite, 'POST', '/api/blade-auth/saml/logout', session);
    expect(out.status).toBe(200);
    await samlLogoutsIdle(suite.server.ctx);
    const sent = receiver.received.slice(before);
    expect(sent).toHaveLength(1);
    const logoutRequest = /<samlp:LogoutRequest[\s\S]*<\/samlp:LogoutRequest>/.exec(sent[0] ?? '')?.[0] ?? '';
    expect(logoutRequest).toContain('<ds:Signature');
    const checked = await crmSp().validatePostRequestAsync({ SAMLRequest: encoded(logoutRequest) });
    expect(checked.profile?.nameID).toBe('saml_leaver');
    expect(checked.profile?.sessionIndex).toBe(profile?.sessionIndex);
  });
});
