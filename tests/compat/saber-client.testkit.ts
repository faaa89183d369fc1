import { createHash } from 'node:crypto';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { afterAll, beforeAll, expect } from 'vitest';

/**
 * A stand-in for the Saber (BladeX) admin front end at the HTTP level: the headers its axios
 * instance sends, its sign-in call, and its way of reading answers (`res.data.data`). The suites
 * replay what each screen calls when it loads, saves and opens its dialogs.
 */

/** Saber's client credentials (saber:saber_secret), sent on every call. */
const BASIC = 'Basic c2FiZXI6c2FiZXJfc2VjcmV0';
const TENANT = '000000';

export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface SaberSession {
  readonly server: TestServer;
  readonly token: string;
  /** `request({ url, method: 'get', params })`, answering the envelope; fails on anything but code 200. */
  get<T = unknown>(url: string, params?: Record<string, unknown>): Promise<T>;
  /** `request({ url, method: 'post', params, data })`; fails on anything but code 200. */
  post<T = unknown>(url: string, options?: { params?: Record<string, unknown>; data?: unknown }): Promise<T>;
  /** The raw answer of a call, for refusals. */
  raw(method: 'GET' | 'POST', url: string, options?: { params?: Record<string, unknown>; data?: unknown }): Promise<Envelope>;
}

/** Query text as axios writes `params`: undefined and null left out, arrays as repeated keys joined. */
function queryOf(params: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Signs in as Saber's login page does (password grant, md5 of the password, tenant header). */
export async function signIn(baseUrl: string, account: string, password: string): Promise<string> {
  const params = {
    tenantId: TENANT,
    username: account,
    password: createHash('md5').update(password).digest('hex'),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  };
  const response = await fetch(`${baseUrl}/api/blade-auth/oauth/token${queryOf(params)}`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Tenant-Id': TENANT },
  });
  const body = (await response.json()) as { access_token?: string; error_description?: string };
  if (!body.access_token) throw new Error(`sign-in refused: ${body.error_description}`);
  return body.access_token;
}

function sessionOn(server: TestServer, token: string): SaberSession {
  const raw: SaberSession['raw'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { Authorization: BASIC, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': TENANT };
    if (options.data !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
    const response = await fetch(`${server.baseUrl}${url}${queryOf(options.params)}`, {
      method,
      headers,
      body: options.data === undefined ? undefined : JSON.stringify(options.data),
    });
    return (await response.json()) as Envelope;
  };
  const answer = async <T>(method: 'GET' | 'POST', url: string, options?: { params?: Record<string, unknown>; data?: unknown }) => {
    const envelope = await raw(method, url, options);
    // Saber's axios interceptor shows msg and rejects anything but code 200.
    expect({ url, code: envelope.code, msg: envelope.msg }).toEqual({ url, code: 200, msg: envelope.msg });
    return envelope.data as T;
  };
  return {
    server,
    token,
    raw,
    get: (url, params) => answer('GET', url, { params }),
    post: (url, options) => answer('POST', url, options),
  };
}

/** One server for the suite file and admin signed in through Saber's call; ready inside hooks and tests. */
export function useSaberSession(): { readonly saber: SaberSession } {
  let session: SaberSession | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    session = sessionOn(server, await signIn(server.baseUrl, 'admin', 'admin'));
  });
  afterAll(() => server?.close());
  return {
    get saber() {
      if (!session) throw new Error('the Saber session starts in beforeAll');
      return session;
    },
  };
}

/** A paged answer as Saber's lists read it: `data.records` and `data.total`. */
export interface Page<T = Row> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}
export type Row = Record<string, unknown>;

/** Every node of a tree answer, depth first. */
export function flatten(nodes: Row[]): Row[] {
  return nodes.flatMap((node) => [node, ...flatten((node.children as Row[] | undefined) ?? [])]);
}

/** Fields a screen reads from each row: present on every row (a column shows blank otherwise). */
export function expectFields(rows: Row[], fields: readonly string[]): void {
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) for (const field of fields) expect(row, `field ${field}`).toHaveProperty(field);
}

/**
 * Display names the screens show as tags or text: present and non-empty on every row. These rely
 * on the display names produced beside ids (`roleName`, `deptName`, `statusName` …).
 */
export function expectNames(rows: Row[], fields: readonly string[]): void {
  expectFields(rows, fields);
  for (const row of rows)
    for (const field of fields)
      expect(typeof row[field] === 'string' && (row[field] as string).length > 0, `${field} of ${JSON.stringify(row).slice(0, 200)}`).toBe(
        true,
      );
}
