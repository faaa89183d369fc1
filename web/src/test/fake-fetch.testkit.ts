import { vi } from 'vitest';

/**
 * Component tests only: the app's fetch answered like the server for the few calls a test needs
 * (the browser suite runs against the real server). A handler gets the query and the JSON body
 * and returns the envelope's data, or `{ status, body }` for a full answer.
 */
export type Route = (query: URLSearchParams, body: unknown) => unknown;

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export function fakeFetch(routes: Record<string, Route>): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://test.local');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const route = routes[`${method} ${url.pathname}`];
    let status = 200;
    let payload: unknown = { code: 404, success: false, data: null, msg: '资源不存在' };
    if (route) {
      const answer = route(url.searchParams, body) as { status?: number; body?: unknown } | undefined;
      if (answer && typeof answer === 'object' && 'status' in answer && 'body' in answer) ({ status = 200, body: payload } = answer);
      else payload = { code: 200, success: true, data: answer ?? null, msg: '操作成功' };
    }
    return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** A page answer as the server sends it. */
export const page = <T>(records: T[], current = 1, size = 10, total = records.length) => ({
  records,
  total,
  size,
  current,
  pages: Math.ceil(total / size),
});
