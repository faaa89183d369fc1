import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TOKEN_HEADER } from '@sso/shared-api';
import type { ApiSuite, TestUser } from '../api-suite.testkit.js';

/** Setup shared by the CAS and hand-off suites: applications made through the catalogue's contract, and small HTTP helpers. */
type Row = Record<string, unknown>;

export async function createApp(suite: ApiSuite, body: Row): Promise<string> {
  const row = (await suite.admin.call('POST', '/api/blade-aps/app/submit', undefined, {
    appName: body.appCode,
    appType: '1',
    appCategory: '4',
    status: 1,
    ...body,
  })) as Row;
  return String(row.id);
}

export async function grantApp(suite: ApiSuite, appId: string, userId: string): Promise<void> {
  await suite.admin.call('POST', '/api/blade-aps/appuser/submit', undefined, { appId, userId });
}

/** How many opens of the application the login log holds for the user (the portal's "recently visited" counts them). */
export async function opensOf(suite: ApiSuite, userId: string, appId: string): Promise<number> {
  const rows = await suite.server.ctx.db
    .selectFrom('blade_app_login_log')
    .select('id')
    .where('userId', '=', userId)
    .where('appId', '=', appId)
    .execute();
  return rows.length;
}

export const tokenOf = (user: TestUser) => user.sdk.session?.token.access_token ?? '';

/** A request to the platform with a user's session token (or none), without following redirects. */
export async function platform(suite: ApiSuite, method: string, path: string, user?: TestUser, body?: string, headers: Row = {}) {
  const response = await fetch(`${suite.server.baseUrl}${path}`, {
    method,
    redirect: 'manual',
    body,
    headers: { ...(user ? { [TOKEN_HEADER]: `bearer ${tokenOf(user)}` } : {}), ...(headers as Record<string, string>) },
  });
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location') ?? '', text, json: () => JSON.parse(text) as Row };
}

/** An HTTP server on 127.0.0.1 (a stand-in business application), closed by the returned function. */
export async function startApplication(
  handle: (request: IncomingMessage, response: ServerResponse, origin: string) => Promise<void>,
): Promise<{ origin: string; close: () => Promise<void> }> {
  let origin = '';
  const server: Server = createServer((request, response) => {
    handle(request, response, origin).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
