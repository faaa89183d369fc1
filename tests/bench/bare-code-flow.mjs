// The code flow against the bare provider (bare-provider.mjs): its development forms sign in any
// login name and grant what the client asks, so the flow needs no platform account.
import { BARE_CLIENT } from './bare-provider.mjs';
import { authorizationQuery, cookieJar, exchangeCode, pkcePair } from './oidc-client.mjs';

const FORM = 'application/x-www-form-urlencoded';
/** Redirects followed at most: authorize → login form → back → consent form → back → the client. */
const MAX_HOPS = 10;

export const bareApp = {
  ...BARE_CLIENT,
  basic: `Basic ${Buffer.from(`${BARE_CLIENT.appCode}:${BARE_CLIENT.secret}`).toString('base64')}`,
};

/** Answers the form at `path` (login or consent, whichever the page asks) and answers where it sends the browser. */
async function submitForm(base, path, jar) {
  const page = await fetch(`${base}${path}`, { headers: { cookie: jar.header() } });
  jar.keep(page);
  const prompt = /name="prompt" value="(\w+)"/.exec(await page.text())?.[1];
  if (!prompt) throw new Error(`no form at ${path}`);
  const answer = await fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': FORM },
    body: new URLSearchParams({ prompt, login: 'bench', password: 'bench' }),
  });
  jar.keep(answer);
  return answer.headers.get('location');
}

/**
 * One code flow through the development forms: the tokens, with a refresh token. Given the jar of
 * a browser that already signed in and consented (a worker's own), the provider answers the code
 * straight from the authorization endpoint, as it does for a signed-in user.
 */
export async function bareCodeFlow(base, jar = cookieJar()) {
  const { verifier, challenge } = pkcePair();
  let location = `${base}/auth?${authorizationQuery(bareApp, challenge)}`;
  for (let hop = 0; hop < MAX_HOPS && !location.startsWith(bareApp.redirectUri); hop++) {
    const url = new URL(location, base);
    if (url.pathname.startsWith('/interaction/')) {
      location = await submitForm(base, url.pathname, jar);
      continue;
    }
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.keep(response);
    location = response.headers.get('location');
    if (!location) throw new Error(`${url.pathname} answered ${response.status} without a redirect`);
  }
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`no code: ${location}`);
  return exchangeCode(`${base}/token`, bareApp, code, verifier);
}

/** A signed-in user's sign-on at the bare provider, shaped like the platform bench's: code, token, then userinfo. */
export function bareSignedInFlow(base) {
  const jar = cookieJar();
  return async () => {
    const tokens = await bareCodeFlow(base, jar);
    const me = await fetch(`${base}/me`, { headers: { authorization: `Bearer ${tokens?.access_token}` } });
    return Boolean((await me.json()).sub);
  };
}

/** A client-credentials grant at the bare provider. */
export async function bareClientCredentials(base) {
  const response = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { authorization: bareApp.basic, 'content-type': FORM },
    body: 'grant_type=client_credentials',
  });
  await response.arrayBuffer();
  return response.ok;
}
