import { ApiError } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { isNetworkError, makeRun } from './console.js';

function hooks() {
  const seen: string[] = [];
  return {
    seen,
    notify: (text: string, kind: string) => void seen.push(`${kind}:${text}`),
    sessionEnded: () => void seen.push('signed out'),
    offline: (seconds: number | undefined) => void seen.push(seconds === undefined ? 'online' : `offline ${seconds}s`),
    wait: async () => {},
  };
}
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });

describe('calls of the console', () => {
  it('shows a lost connection, retries it with growing waits and goes on when the server answers', async () => {
    const h = hooks();
    let tries = 0;
    const answer = await makeRun(h)(async () => {
      if (++tries < 4) throw refused();
      return 'rows';
    });
    expect(answer).toBe('rows');
    expect(h.seen).toEqual(['offline 1s', 'offline 2s', 'offline 4s', 'online']);
  });

  it('ends the session on a 401 and puts other refusals in the status area', async () => {
    const h = hooks();
    expect(await makeRun(h)(() => Promise.reject(new ApiError(401, '请求未授权')))).toBeUndefined();
    expect(await makeRun(h)(() => Promise.reject(new ApiError(400, '请输入参数名称')))).toBeUndefined();
    expect(h.seen).toEqual(['signed out', 'error:请输入参数名称']);
  });

  it('tells connection errors from answers', () => {
    expect(isNetworkError(refused())).toBe(true);
    expect(isNetworkError(Object.assign(new Error('x'), { code: 'UND_ERR_SOCKET' }))).toBe(true);
    expect(isNetworkError(new ApiError(503, 'down'))).toBe(true);
    expect(isNetworkError(new ApiError(400, 'bad'))).toBe(false);
    expect(isNetworkError(new TypeError('x is undefined'))).toBe(false);
  });
});
