import { ApiError, memoryStore, type Transport } from '@sso/shared-api';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.js';
import { errorMessage, reportError } from './errors.js';
import { feedback } from './feedback.js';
import { fetchTransport, UnreachableError } from './fetch-transport.js';
import { WebClient } from './web-client.js';

const answer =
  (status: number, body: unknown): Transport =>
  async () => ({ status, body });

describe('response handling', () => {
  it('toasts the msg of any code other than 200, then rejects', async () => {
    const shown = vi.spyOn(feedback.message, 'error').mockImplementation(() => undefined as never);
    const client = new WebClient({ baseUrl: '', transport: answer(400, { code: 400, success: false, data: null, msg: '参数键名已存在' }) });
    await expect(client.call('GET', '/api/x')).rejects.toMatchObject({ code: 400, message: '参数键名已存在' });
    expect(shown).toHaveBeenCalledWith('参数键名已存在');
    shown.mockRestore();
  });

  it('leaves a refused hand-off to its caller, which names the address for longer', async () => {
    const shown = vi.spyOn(feedback.message, 'error').mockImplementation(() => undefined as never);
    const client = new WebClient({
      baseUrl: '',
      transport: answer(400, { code: 400, success: false, data: null, msg: '跳转地址未登记，已拒绝: x' }),
    });
    await expect(client.handoff('x')).rejects.toMatchObject({ code: 400 });
    expect(shown).not.toHaveBeenCalled();
    shown.mockRestore();
  });

  it('takes error_description, then 未知错误, when there is no msg', () => {
    expect(errorMessage(new ApiError(400, 'bad grant'))).toBe('bad grant');
    expect(errorMessage(undefined)).toBe('未知错误');
  });

  it('says a request that got no answer could not reach the server, in the language on screen', async () => {
    const unreachable = fetchTransport();
    const failing = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = await unreachable({ method: 'GET', url: '/api/blade-system/menu/routes', headers: {} }).catch(
      (error: unknown) => error,
    );
    failing.mockRestore();
    expect(failure).toBeInstanceOf(UnreachableError);
    expect(errorMessage(failure)).toBe('无法连接服务器，请检查网络后重试');
    await i18n.changeLanguage('en');
    try {
      expect(errorMessage(failure)).toBe('The server could not be reached: check the network and try again');
      expect(errorMessage(undefined)).toBe('Unknown error');
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });

  it('rejects whitelisted codes without a toast', () => {
    const shown = vi.spyOn(feedback.message, 'error').mockImplementation(() => undefined as never);
    reportError(new ApiError(409, 'conflict'), [409]);
    expect(shown).not.toHaveBeenCalled();
    reportError(new ApiError(500, '服务器异常'), [409]);
    expect(shown).toHaveBeenCalledWith('服务器异常');
    shown.mockRestore();
  });

  it('ends the session on a 401 that a refresh cannot cure', async () => {
    const onSignedOut = vi.fn();
    const store = memoryStore({
      token: { access_token: 'a', refresh_token: 'r', tenant_id: '000000' },
      expiresAt: Date.now() + 3_600_000,
    } as never);
    const transport: Transport = async (request) =>
      request.url.includes('/oauth/token')
        ? { status: 400, body: { error_code: 400, error_description: '刷新令牌无效或已过期' } }
        : { status: 401, body: { code: 401, success: false, data: null, msg: '请求未授权' } };
    const client = new WebClient({ baseUrl: '', transport, store, onSignedOut }, () => undefined);
    await expect(client.call('GET', '/api/x')).rejects.toMatchObject({ code: 401 });
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(store.load()).toBeUndefined();
  });
});
