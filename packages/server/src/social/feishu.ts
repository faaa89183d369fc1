import { endpoint, jsonObject, type SocialAdapter, SocialExchangeError, text } from './adapter.js';

const AUTHORIZE_HOST = 'https://accounts.feishu.cn';
const API_HOST = 'https://open.feishu.cn';

/**
 * Feishu / Lark (飞书) sign-in: the browser goes to open-apis/authen/v1/authorize; the code is
 * exchanged at open-apis/authen/v2/oauth/token and the user read from open-apis/authen/v1/user_info
 * (answers `{ code: 0, data }`). Lark uses accounts.larksuite.com and open.larksuite.com as hosts.
 * The union_id identifies the person; with an organisation configured, its tenant_key must match.
 */
export const feishuAdapter: SocialAdapter = {
  async authorizeUrl(provider, checks) {
    const url = endpoint(provider.authorizeUrl || AUTHORIZE_HOST, 'open-apis/authen/v1/authorize');
    const query = new URLSearchParams({ client_id: provider.clientId, redirect_uri: checks.redirectUri, state: checks.state });
    if (provider.scopes?.trim()) query.set('scope', provider.scopes.trim());
    url.search = query.toString();
    return url;
  },

  async exchange(provider, callbackUrl, checks, fetch) {
    const code = callbackUrl.searchParams.get('code') ?? '';
    const api = provider.apiUrl || API_HOST;
    const token = await jsonObject(
      await fetch(endpoint(api, 'open-apis/authen/v2/oauth/token'), {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({
          grant_type: 'authorization_code',
          client_id: provider.clientId,
          client_secret: provider.clientSecret ?? '',
          code,
          redirect_uri: checks.redirectUri,
        }),
      }),
      'oauth/token',
    );
    const accessToken = text(token.access_token);
    if (token.code !== 0 || !accessToken) {
      throw new SocialExchangeError(`oauth/token: ${String(token.code)} ${String(token.error_description ?? token.msg ?? '')}`);
    }
    const answer = await jsonObject(
      await fetch(endpoint(api, 'open-apis/authen/v1/user_info'), { headers: { authorization: `Bearer ${accessToken}` } }),
      'user_info',
    );
    const data = (answer.data && typeof answer.data === 'object' ? answer.data : {}) as Record<string, unknown>;
    const id = text(data.union_id) ?? text(data.open_id);
    if (answer.code !== 0 || !id) throw new SocialExchangeError(`user_info: ${String(answer.code)} ${String(answer.msg ?? '')}`);
    if (provider.corpId && data.tenant_key !== provider.corpId) throw new SocialExchangeError('user_info: another organisation');
    return {
      id,
      username: text(data.user_id) ?? text(data.email),
      nickname: text(data.name) ?? text(data.en_name),
      avatar: text(data.avatar_url),
      email: text(data.email) ?? text(data.enterprise_email),
    };
  },
};
