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

/** One code flow through the development forms: the tokens, with a refresh token. */
export async function bareCodeFlow(base) {
  const jar = cookieJar();
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
