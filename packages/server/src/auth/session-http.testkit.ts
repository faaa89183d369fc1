import { md5, toBase64 } from '@sso/shared-api';
import { request } from 'undici';

/**
 * Raw HTTP for session suites: tokens are handled by hand (the SDK refreshes on a 401, which
 * would hide what the server answered).
 */

export interface Tokens {
  access: string;
  refresh: string;
  sid: string;
  isInitPassword: string;
}

export interface Answer {
  status: number;
  body: { code?: number; msg?: string; data?: unknown } & Record<string, unknown>;
}

const basic = `Basic ${toBase64('saber:saber_secret')}`;

export async function call(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['blade-auth'] = `bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await request(`${baseUrl}${path}${query}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.body.text();
  return { status: response.statusCode, body: text ? JSON.parse(text) : {} };
}

const decodeSid = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()).sid as string;

function tokensOf(answer: Answer): Tokens {
  if (answer.status !== 200) throw new Error(`token endpoint answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const access = answer.body.access_token as string;
  return {
    access,
    refresh: answer.body.refresh_token as string,
    sid: decodeSid(access),
    isInitPassword: answer.body.is_init_password as string,
  };
}

export async function passwordSignIn(
  baseUrl: string,
  input: { account: string; password: string; tenantId?: string; ip?: string },
): Promise<Tokens> {
  return tokensOf(await passwordGrant(baseUrl, input));
}

export function passwordGrant(baseUrl: string, input: { account: string; password: string; tenantId?: string; ip?: string }) {
  return call(baseUrl, 'POST', '/api/blade-auth/oauth/token', {
    query: {
      grant_type: 'password',
      scope: 'all',
      tenantId: input.tenantId ?? '000000',
      username: input.account,
      password: md5(input.password),
    },
    headers: { authorization: basic, ...(input.ip ? { 'x-forwarded-for': input.ip } : {}) },
  });
}

export function refreshGrant(baseUrl: string, refreshToken: string): Promise<Answer> {
  return call(baseUrl, 'POST', '/api/blade-auth/oauth/token', {
    query: { grant_type: 'refresh_token', scope: 'all', refresh_token: refreshToken },
    headers: { authorization: basic },
  });
}

export async function refreshed(baseUrl: string, refreshToken: string): Promise<Tokens> {
  return tokensOf(await refreshGrant(baseUrl, refreshToken));
}

/** update-password as the web app sends it. */
export function changeOwnPassword(baseUrl: string, token: string, from: string, to: string): Promise<Answer> {
  return call(baseUrl, 'POST', '/api/blade-user/update-password', {
    token,
    body: { oldPassword: md5(from), newPassword: md5(to), newPassword1: md5(to), passwordBase64: toBase64(to) },
  });
}

/** A call any signed-in administrator may make and that no forced change allows: the parameter list. */
export const PARAM_LIST = '/api/blade-system/param/list';
