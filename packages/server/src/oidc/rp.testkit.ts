import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { type ApiSuite, createRole, createUser, signIn, TEST_PASSWORD, type TrackedClient } from '../api-suite.testkit.js';
import { CookieBrowser } from './browser.testkit.js';

/**
 * The pieces of an OpenID Connect suite: a relying party (openid-client) of an application made
 * through the catalogue's contract, a back-channel logout receiver on 127.0.0.1, staff members, and
 * the code flow driven as the web sign-in page drives it.
 */
export const SCOPE = 'openid profile email phone';

export interface RegisteredApp {
  id: string;
  appCode: string;
  secret: string;
  redirectUri: string;
}

/**
 * Receives back-channel logout tokens: each POST body's logout_token, in order. With `hold`, it
 * answers none of them until `release()` (an application that is slow to answer).
 */
export async function logoutReceiver(options: { hold?: boolean } = {}): Promise<{
  url: string;
  tokens: string[];
  next(): Promise<string>;
  release(): void;
  close(): Promise<void>;
}> {
  const held: ServerResponse[] = [];
  const tokens: string[] = [];
  const unread: string[] = [];
  const waiting: ((token: string) => void)[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const token = new URLSearchParams(body).get('logout_token') ?? '';
      tokens.push(token);
      const waiter = waiting.shift();
      if (waiter) waiter(token);
      else unread.push(token);
      if (options.hold) held.push(res);
      else res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/backchannel-logout`,
    tokens,
    // The next token not yet taken: one already received, else the one that arrives next.
    next: () => {
      const ready = unread.shift();
      return ready === undefined ? new Promise<string>((resolve) => waiting.push(resolve)) : Promise.resolve(ready);
    },
    release: () => {
      for (const res of held.splice(0)) res.writeHead(200).end();
    },
    close: () => {
      for (const res of held.splice(0)) res.writeHead(200).end();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

let serial = 0;

export async function registerApp(suite: ApiSuite, over: Record<string, unknown> = {}): Promise<RegisteredApp> {
  const appCode = `rp_${++serial}_${Date.now().toString(36)}`;
  const redirectUri = `http://127.0.0.1:9/${appCode}/callback`;
  const row = (await suite.admin.call('POST', '/api/blade-aps/app/submit', undefined, {
    appCode,
    appName: '测试应用',
    appType: '1',
    appCategory: '1',
    appUrl: `http://127.0.0.1:9/${appCode}/`,
    redirectUris: redirectUri,
    protocol: 'oidc',
    status: 1,
    ...over,
  })) as { id: string; clientSecret: string };
  return { id: String(row.id), appCode, secret: row.clientSecret, redirectUri };
}

export async function grantUser(suite: ApiSuite, appId: string, userId: string): Promise<void> {
  await suite.admin.call('POST', '/api/blade-aps/appuser/submit', undefined, { appId, userId });
}

export async function staffMember(suite: ApiSuite, account: string): Promise<{ id: string; sdk: TrackedClient }> {
  const roleId = await createRole(suite.server, { alias: `${account}_role`, name: `${account}角色` });
  const id = await createUser(suite.server, { account, roleId });
  await suite.server.ctx.db
    .updateTable('blade_user')
    .set({ email: `${account}@example.com`, phone: '13800000000' })
    .where('id', '=', id)
    .execute();
  return { id, sdk: await signIn(suite.server, { account, password: TEST_PASSWORD }) };
}

export type AuthMethod = 'basic' | 'post';

export async function relyingParty(suite: ApiSuite, app: Pick<RegisteredApp, 'appCode' | 'secret'>, method: AuthMethod = 'basic') {
  const auth = method === 'basic' ? client.ClientSecretBasic(app.secret) : client.ClientSecretPost(app.secret);
  return client.discovery(new URL(suite.server.baseUrl), app.appCode, undefined, auth, { execute: [client.allowInsecureRequests] });
}

/** The token of a signed-in SDK client, as the web sends it (Blade-Auth). */
export const bladeAuth = (sdk: TrackedClient) => ({ 'blade-auth': `bearer ${sdk.session?.token.access_token}` });

/**
 * The front channel of a code flow with PKCE, as a browser signed in to the platform goes through it:
 * the authorization request, the provider's interaction address, the sign-in page's API call, and
 * back into the provider, which answers the redirect to the application. Answers that redirect (or
 * the failing step's status and body), with what the code exchange needs.
 */
export async function frontChannel(
  suite: ApiSuite,
  config: client.Configuration,
  sdk: TrackedClient,
  options: { redirectUri: string; browser?: CookieBrowser },
) {
  const browser = options.browser ?? new CookieBrowser();
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: options.redirectUri,
    scope: SCOPE,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const start = await browser.request(url.href);
  if (start.status !== 303 || !start.location) return { browser, verifier, state, failed: start };
  const interaction = new URL(start.location, suite.server.baseUrl);
  const toLogin = await browser.request(interaction.href);
  const uid = interaction.searchParams.get('uid') ?? '';
  const finish = await browser.request(`${interaction.origin}${interaction.pathname}?uid=${uid}`, {
    method: 'POST',
    headers: bladeAuth(sdk),
  });
  const answer = JSON.parse(finish.text) as { code: number; msg: string; data?: { url: string } };
  if (finish.status !== 200 || !answer.data) return { browser, verifier, state, uid, toLogin, failed: { ...finish, answer } };
  const resume = await browser.request(answer.data.url);
  return { browser, verifier, state, uid, toLogin, callback: resume.location ? new URL(resume.location) : undefined, resume };
}
