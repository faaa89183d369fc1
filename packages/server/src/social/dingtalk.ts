import { endpoint, jsonObject, type SocialAdapter, SocialExchangeError, text } from './adapter.js';

const AUTHORIZE_HOST = 'https://login.dingtalk.com';
const API_HOST = 'https://api.dingtalk.com';

/**
 * DingTalk (钉钉) sign-in: the browser goes to oauth2/auth; the code is exchanged at
 * v1.0/oauth2/userAccessToken (JSON, AppKey as clientId) and the user read from
 * v1.0/contact/users/me with the x-acs-dingtalk-access-token header. The unionId identifies the
 * person; with an organisation configured, the token must be for that corpId.
 */
export const dingtalkAdapter: SocialAdapter = {
  async authorizeUrl(provider, checks) {
    const url = endpoint(provider.authorizeUrl || AUTHORIZE_HOST, 'oauth2/auth');
    url.search = new URLSearchParams({
      redirect_uri: checks.redirectUri,
      response_type: 'code',
      client_id: provider.clientId,
      scope: provider.scopes?.trim() || (provider.corpId ? 'openid corpid' : 'openid'),
      state: checks.state,
      prompt: 'consent',
    }).toString();
    return url;
  },

  async exchange(provider, callbackUrl, _checks, fetch) {
    const code = callbackUrl.searchParams.get('authCode') ?? callbackUrl.searchParams.get('code') ?? '';
    const api = provider.apiUrl || API_HOST;
    const tokenResponse = await fetch(endpoint(api, 'v1.0/oauth2/userAccessToken'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: provider.clientId,
        clientSecret: provider.clientSecret ?? '',
        code,
        grantType: 'authorization_code',
      }),
    });
    const token = await jsonObject(tokenResponse, 'userAccessToken');
    const accessToken = text(token.accessToken);
    if (!tokenResponse.ok || !accessToken) {
      throw new SocialExchangeError(`userAccessToken: ${String(token.code ?? tokenResponse.status)} ${String(token.message ?? '')}`);
    }
    if (provider.corpId && token.corpId !== provider.corpId) throw new SocialExchangeError('userAccessToken: another organisation');
    const meResponse = await fetch(endpoint(api, 'v1.0/contact/users/me'), { headers: { 'x-acs-dingtalk-access-token': accessToken } });
    const me = await jsonObject(meResponse, 'users/me');
    const id = text(me.unionId) ?? text(me.openId);
    if (!meResponse.ok || !id)
      throw new SocialExchangeError(`users/me: ${String(me.code ?? meResponse.status)} ${String(me.message ?? '')}`);
    return { id, username: text(me.mobile) ?? text(me.email), nickname: text(me.nick), avatar: text(me.avatarUrl), email: text(me.email) };
  },
};
