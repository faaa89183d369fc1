// SAML 2.0 throughput: complete SP-initiated sign-ons of a browser signed in to the platform
// (AuthnRequest by HTTP-Redirect → the platform's single sign-on service checks it and answers the
// page that posts the signed response, one exchange), beside OpenID Connect code flows on the
// same server in the same run, each per second and per core (completions per CPU-second of the
// server and, on PostgreSQL, of its database backends).
import { randomUUID } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { closedLoop } from './closed-loop.mjs';
import { cpuMeter } from './cpu-meter.mjs';
import { benchStore, startOidcServer } from './oidc-app.mjs';
import { codeFlow } from './oidc-client.mjs';
import { stopProcess } from './processes.mjs';

const SP_ENTITY_ID = 'https://bench-sp.example.com/saml';
const ACS = 'https://bench-sp.example.com/saml/acs';

/** Registers the bench's saml application (its SP signs nothing; the platform signs response and assertion) and grants it to the admin. */
async function registerSamlApp(base, admin) {
  const call = async (path, body) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'blade-auth': `bearer ${admin.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!answer.success) throw new Error(`${path}: ${answer.msg}`);
    return answer.data;
  };
  const row = await call('/api/blade-aps/app/submit', {
    appCode: 'bench_saml',
    appName: '压测 SAML 应用',
    appType: '1',
    appCategory: '1',
    redirectUris: ACS,
    protocol: 'saml',
    samlEntityId: SP_ENTITY_ID,
    samlNameIdFormat: 'persistent',
    samlSigning: 'both',
    status: 1,
  });
  await call('/api/blade-aps/appuser/submit', { appId: String(row.id), userId: String(admin.user_id) });
}

/** An AuthnRequest of the bench's SP, deflated and encoded for the HTTP-Redirect binding (a new ID each time). */
function authnRequest(base) {
  const xml =
    `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"` +
    ` ID="_${randomUUID()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${base}/saml/000000/sso"` +
    ` AssertionConsumerServiceURL="${ACS}" ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST">` +
    `<saml:Issuer>${SP_ENTITY_ID}</saml:Issuer></samlp:AuthnRequest>`;
  return encodeURIComponent(deflateRawSync(xml).toString('base64'));
}

/** The cookie the web app keeps its access token in. */
const ACCESS_TOKEN_COOKIE = 'sso-access-token';

/** The posting page of the HTTP-POST binding, when the platform sent the browser on to the sign-in page. */
async function throughSignInPage(base, bearer, start) {
  const key = new URL(start.headers.get('location') ?? '/', base).searchParams.get('saml');
  if (start.status !== 302 || !key) return undefined;
  const answer = await fetch(`${base}/api/blade-auth/saml/response?request=${encodeURIComponent(key)}`, {
    method: 'POST',
    headers: { 'blade-auth': `bearer ${bearer}` },
  });
  const body = await answer.json();
  if (!answer.ok || !body.data?.url) return undefined;
  const page = await fetch(`${base}${body.data.url}`);
  return page.ok ? page.text() : undefined;
}

/**
 * One complete SP-initiated sign-on of a browser signed in to the platform (the web app's token
 * cookie): the single sign-on service answers the page posting the signed response at once. A
 * build that sends such a browser to the sign-in page instead is followed through it (the page's
 * call, then the posting page), so that an older build is measured on the same sign-on. Whether
 * the page posting a signed response to the ACS came back.
 */
export async function samlSignOn(base, bearer) {
  samlSignOn.started++;
  const start = await fetch(`${base}/saml/000000/sso?SAMLRequest=${authnRequest(base)}`, {
    redirect: 'manual',
    headers: { cookie: `${ACCESS_TOKEN_COOKIE}=${bearer}` },
  });
  let html;
  if (start.status === 200) html = await start.text();
  else {
    samlSignOn.throughSignInPage++;
    html = await throughSignInPage(base, bearer, start);
  }
  return Boolean(html?.includes(`action="${ACS}"`) && html.includes('name="SAMLResponse"'));
}

/** How many sign-ons started, and how many of them went through the sign-in page. */
samlSignOn.started = 0;
samlSignOn.throughSignInPage = 0;

export async function benchSaml({ script, port, seconds }) {
  const store = await benchStore();
  const { server, base, admin, app } = await startOidcServer(script, port, store);
  await registerSamlApp(base, admin);
  const meter = await cpuMeter(server.pid, store.url);
  try {
    const saml = () => () => samlSignOn(base, admin.access_token);
    const oidc = () => () => codeFlow(base, app, admin.access_token);
    const warm = Math.min(2, seconds);
    await closedLoop(meter, warm, 4, saml);
    const signOns = await closedLoop(meter, seconds, 8, saml);
    await closedLoop(meter, warm, 4, oidc);
    const flows = await closedLoop(meter, seconds, 8, oidc);
    const line = (name, r) =>
      console.log(`${name.padEnd(64)} ${r.perSecond.toFixed(0).padStart(7)}/s ${r.perCore.toFixed(0).padStart(7)}/core  errors ${r.bad}`);
    line(`(s1) SAML SP-initiated sign-ons (signed response), ${store.kind}`, signOns);
    console.log(
      `     sign-ons through the sign-in page (three exchanges, not one): ${samlSignOn.throughSignInPage} of ${samlSignOn.started}`,
    );
    line(`(s2) OIDC code flows (auth → token → userinfo), ${store.kind}`, flows);
  } finally {
    await meter.close();
    await stopProcess(server);
    await store.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { join, dirname } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  await benchSaml({
    script: process.env.BENCH_SAML_SERVER ?? join(root, 'packages/server/dist/main.js'),
    port: 18_971,
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
  });
}
