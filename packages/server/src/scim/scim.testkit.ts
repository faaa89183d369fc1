import { expect } from 'vitest';
import type { ApiSuite, TrackedClient } from '../api-suite.testkit.js';
import type { TestServer } from '../testing.js';

/** A SCIM client of the suites: raw HTTP against /scim/v2, as a provisioning client speaks it. */

export interface ScimAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in the tests
  body: any;
}

export type ScimCall = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<ScimAnswer>;

export function scimClient(server: TestServer, token: string | undefined): ScimCall {
  return async (method, path, body, headers = {}) => {
    const response = await fetch(`${server.baseUrl}/scim/v2${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
}

let serial = 0;

/** A new link application of the signed-in administrator's tenant; its id. */
export async function createApp(sdk: TrackedClient): Promise<string> {
  const code = `scim_app_${++serial}_${Date.now().toString(36)}`;
  const row = (await sdk.call('POST', '/api/blade-aps/app/submit', undefined, {
    appCode: code,
    appName: `下游应用${serial}`,
    protocol: 'link',
    appUrl: 'https://downstream.example.com/',
    status: 1,
  })) as { id: string };
  return String(row.id);
}

/** Mints the SCIM token of an application through the contract's endpoint. */
export async function mintToken(sdk: TrackedClient, appId: string): Promise<string> {
  const answer = (await sdk.call('POST', '/api/blade-aps/app/scim-token', { id: appId })) as { token: string };
  return answer.token;
}

/** A new application of the suite's administrator and a SCIM client holding its token. */
export async function scimOfNewApp(suite: ApiSuite): Promise<{ appId: string; token: string; scim: ScimCall }> {
  const appId = await createApp(suite.admin);
  const token = await mintToken(suite.admin, appId);
  return { appId, token, scim: scimClient(suite.server, token) };
}

export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PLATFORM_GROUP = 'urn:sso:params:scim:schemas:extension:platform:2.0:Group';
export const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** Asserts a SCIM error answer: status, body schema and (when given) scimType. */
export function expectScimError(answer: ScimAnswer, status: number, scimType?: string): void {
  expect({ status: answer.status, type: answer.headers.get('content-type') }).toEqual({
    status,
    type: expect.stringContaining('application/scim+json'),
  });
  expect(answer.body).toMatchObject({ schemas: [SCIM_ERROR], status: String(status), detail: expect.any(String) });
  if (scimType) expect(answer.body.scimType).toBe(scimType);
}

export const patchBody = (...Operations: unknown[]) => ({ schemas: [PATCH], Operations });

/** The access token a signed-in client holds. */
export function accessTokenOf(sdk: TrackedClient): string {
  const token = (sdk as unknown as { session?: { token: { access_token: string } } }).session?.token.access_token;
  if (!token) throw new Error('the client is not signed in');
  return token;
}

/** The HTTP status the platform answers a signed-in client's access token with now (401 once its session ended). */
export async function accessStatus(server: TestServer, sdk: TrackedClient): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/blade-user/info`, { headers: { 'blade-auth': `bearer ${accessTokenOf(sdk)}` } });
  await response.arrayBuffer();
  return response.status;
}
