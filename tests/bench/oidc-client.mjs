// The OpenID Connect client side of the bench: a cookie jar, PKCE, the code flow of a browser
// signed in to the platform, client-credentials grants and refresh grants.
import { createHash, randomBytes } from 'node:crypto';

const INTERACTION = '/api/blade-auth/oidc/interaction';
/** The cookie the web app keeps its access token in. */
const ACCESS_TOKEN_COOKIE = 'sso-access-token';
const FORM = 'application/x-www-form-urlencoded';

/** Cookies by name, sent back on every request (the paths here all lie under the cookies' own). */
export function cookieJar() {
  const cookies = new Map();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    keep(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
    },
  };
}

/** A PKCE S256 verifier and its challenge: the platform's provider (and the bare one) require them. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorization request's query for `app` (scopes as the platform's applications ask them). */
export function authorizationQuery(app, challenge) {
  return new URLSearchParams({
    client_id: app.appCode,
    response_type: 'code',
    redirect_uri: app.redirectUri,
    scope: 'openid profile email phone',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
}

/** The token endpoint's answer to the code, or undefined when it refuses. */
export async function exchangeCode(tokenUrl, app, code, verifier) {
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { authorization: app.basic, 'content-type': FORM },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, code_verifier: verifier }),
  });
  const tokens = await response.json();
  return response.ok ? tokens : undefined;
}

/** The code of a redirect back to the application, or undefined when the browser is sent elsewhere. */
function codeIn(response, app) {
  const location = response.headers.get('location');
  if (!location?.startsWith(app.redirectUri)) return undefined;
  return new URL(location).searchParams.get('code') ?? undefined;
}

/**
 * One complete code flow of a browser signed in to the platform (the web app's token cookie):
 * authorize → redirect with the code → token → userinfo. A build that sends such a browser to the
 * sign-in page instead is followed through it (the interaction call, back into the provider), so
 * that an older build is measured on the same flow. The tokens, or undefined when userinfo names no one.
 */
export async function codeFlow(base, app, bearer) {
  codeFlow.started++;
  const jar = cookieJar();
  const { verifier, challenge } = pkcePair();
  const start = await fetch(`${base}/oidc/auth?${authorizationQuery(app, challenge)}`, {
    redirect: 'manual',
    headers: { cookie: `${ACCESS_TOKEN_COOKIE}=${bearer}` },
  });
  let code = codeIn(start, app);
  if (!code) {
    codeFlow.throughSignInPage++;
    jar.keep(start);
    const uid = new URL(start.headers.get('location'), base).searchParams.get('uid');
    const finish = await fetch(`${base}${INTERACTION}?uid=${uid}`, {
      method: 'POST',
      headers: { cookie: jar.header(), 'blade-auth': `bearer ${bearer}` },
    });
    jar.keep(finish);
    const { data } = await finish.json();
    const resume = await fetch(data.url, { redirect: 'manual', headers: { cookie: jar.header() } });
    code = codeIn(resume, app);
  }
  const tokens = await exchangeCode(`${base}/oidc/token`, app, code, verifier);
  const me = await fetch(`${base}/oidc/me`, { headers: { authorization: `Bearer ${tokens?.access_token}` } });
  const claims = await me.json();
  return claims.sub ? tokens : undefined;
}

/** How many flows started, and how many of them went through the sign-in page. */
codeFlow.started = 0;
codeFlow.throughSignInPage = 0;

export async function clientCredentials(base, app) {
  const response = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { authorization: app.basic, 'content-type': FORM },
    body: 'grant_type=client_credentials',
  });
  await response.arrayBuffer();
  return response.ok;
}

/** One refresh grant at `tokenUrl`: the answer (with the next refresh token), or undefined when refused. */
export async function refreshGrant(tokenUrl, app, refreshToken) {
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { authorization: app.basic, 'content-type': FORM },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  const tokens = await response.json();
  return response.ok && tokens.access_token ? tokens : undefined;
}
