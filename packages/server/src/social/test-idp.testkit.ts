import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for tests: one confidential client
 * that must use PKCE, people added with `addPerson`. Its sign-in page is a plain form asking for
 * the person's id; with `autoSignIn` set, the page signs that person in at once (API suites).
 */
export interface TestIdp {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** Who the sign-in page signs in without asking (unset: the form asks). */
  autoSignIn?: string;
  addPerson(sub: string, claims: { name?: string; email?: string; preferred_username?: string }): void;
  /**
   * Follows the provider's redirects from its authorize address, with its cookies, until it sends
   * the browser back to the relying party; answers that address (code and state in its query).
   */
  signIn(authorizeUrl: string): Promise<URL>;
  close(): Promise<void>;
}

const page = (uid: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><h1>Test identity provider</h1><form method="post" action="/interaction/${uid}/login">
<label for="login">Person id</label> <input id="login" name="login" autocomplete="off">
<button type="submit">Sign in</button></form></body></html>`;

async function bodyOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestIdp(options: { redirectUri: string; clientId?: string; clientSecret?: string }): Promise<TestIdp> {
  const people = new Map<string, Record<string, unknown>>();
  let provider: Provider | undefined;
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const idp = {
    clientId: options.clientId ?? 'sso-platform',
    clientSecret: options.clientSecret ?? 'test-idp-secret',
    addPerson: (sub: string, claims: Record<string, unknown>) => {
      people.set(sub, claims);
    },
  } as unknown as TestIdp;

  const finish = async (request: IncomingMessage, response: ServerResponse, accountId: string) => {
    if (!provider) throw new Error('provider not started');
    const details = await provider.interactionDetails(request, response);
    const clientId = String(details.params.client_id);
    const grant = new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://idp');
    const interaction = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    const run = async () => {
      if (interaction?.[2] && request.method === 'POST') {
        const login = (await bodyOf(request)).get('login')?.trim() ?? '';
        if (!people.has(login)) {
          response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
          return response.end(`${page(interaction[1] ?? '')}<p role="alert">Unknown person</p>`);
        }
        return finish(request, response, login);
      }
      if (interaction && request.method === 'GET') {
        if (idp.autoSignIn) return finish(request, response, idp.autoSignIn);
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(page(interaction[1] ?? ''));
      }
      handler?.(request, response);
    };
    run().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => (people.has(sub) ? { accountId: sub, claims: async () => ({ sub, ...people.get(sub) }) } : undefined),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-idp-cookie-key'] },
  };
  provider = new Provider(issuer, configuration);
  handler = provider.callback() as unknown as (req: IncomingMessage, res: ServerResponse) => void;
  idp.issuer = issuer;
  idp.discoveryUrl = `${issuer}/.well-known/openid-configuration`;
  idp.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  idp.signIn = async (authorizeUrl: string) => {
    const cookies = new Map<string, string>();
    let next = new URL(authorizeUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (next.origin !== issuer) return next;
      const answer = await fetch(next, { redirect: 'manual', headers: { cookie: [...cookies.values()].join('; ') } });
      for (const line of answer.headers.getSetCookie()) {
        const pair = line.split(';')[0] ?? '';
        cookies.set(pair.split('=')[0] ?? '', pair);
      }
      const location = answer.headers.get('location');
      if (!location) throw new Error(`the provider stopped at ${next.pathname} (${answer.status}): ${await answer.text()}`);
      next = new URL(location, next);
    }
    throw new Error('too many redirects at the provider');
  };
  return idp;
}
