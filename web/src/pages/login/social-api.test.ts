import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../api/errors.js';
import { UnreachableError } from '../../api/fetch-transport.js';
import i18n from '../../i18n/index.js';
import { providerAddress, redeemSocialSignIn } from './social-api.js';

/** The page's fetch answering `body` with `status`, recording the headers each request carried. */
function answering(status: number, body: unknown): Headers[] {
  const sent: Headers[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
    sent.push(new Headers(init.headers));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh-CN');
});

describe('the sign-in page’s social calls', () => {
  it('go through the SDK’s transport: a request that got no answer says the server could not be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await providerAddress('p1', '000000').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnreachableError);
    expect(errorMessage(failure)).toBe('无法连接服务器，请检查网络后重试');
    const redeemed = await redeemSocialSignIn({ source: 'oidc', code: 'c', state: 's', tenantId: '000000' }).catch(
      (error: unknown) => error,
    );
    expect(redeemed).toBeInstanceOf(UnreachableError);
  });

  it('ask in the language on screen, and word a refusal without a message in it too', async () => {
    await i18n.changeLanguage('en');
    const sent = answering(400, { code: 400, success: false, data: null });
    await expect(providerAddress('p1', '000000')).rejects.toThrow('Unknown error');
    expect(await redeemSocialSignIn({ source: 'oidc', code: 'c', state: 's', tenantId: '000000' })).toEqual({
      kind: 'refused',
      message: 'Unknown error',
    });
    expect(sent.map((headers) => headers.get('accept-language'))).toEqual(['en', 'en']);
    expect(sent[1].get('tenant-id')).toBe('000000');
    expect(sent[1].get('authorization')).toMatch(/^Basic /);
  });

  it('hand on the server’s own message when it gives one', async () => {
    answering(200, { code: 400, success: false, data: null, msg: '该登录方式已停用' });
    await expect(providerAddress('p1', '000000')).rejects.toThrow('该登录方式已停用');
    answering(400, { error: 'invalid_grant', error_description: '授权码已失效' });
    expect(await redeemSocialSignIn({ source: 'oidc', code: 'c', state: 's', tenantId: '000000' })).toEqual({
      kind: 'refused',
      message: '授权码已失效',
    });
  });
});
