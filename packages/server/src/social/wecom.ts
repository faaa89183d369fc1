import { endpoint, jsonObject, type SocialAdapter, SocialExchangeError, text } from './adapter.js';

const AUTHORIZE_HOST = 'https://login.work.weixin.qq.com';
const API_HOST = 'https://qyapi.weixin.qq.com';

/** WeCom answers `{ errcode, errmsg, … }`; errcode 0 is success. */
function checked(body: Record<string, unknown>, what: string): Record<string, unknown> {
  if (body.errcode !== 0 && body.errcode !== undefined)
    throw new SocialExchangeError(`${what}: ${String(body.errcode)} ${String(body.errmsg ?? '')}`);
  return body;
}

/**
 * WeCom (企业微信) web sign-in: the browser goes to wwlogin/sso/login (CorpID as appid, the
 * application's AgentId); the code is turned into the member's userid with an application access
 * token (cgi-bin/gettoken, then cgi-bin/auth/getuserinfo), and the member read with cgi-bin/user/get.
 * Someone outside the organisation (an openid without a userid) is refused.
 */
export const wecomAdapter: SocialAdapter = {
  async authorizeUrl(provider, checks) {
    const url = endpoint(provider.authorizeUrl || AUTHORIZE_HOST, 'wwlogin/sso/login');
    url.search = new URLSearchParams({
      login_type: 'CorpApp',
      appid: provider.clientId,
      agentid: provider.agentId ?? '',
      redirect_uri: checks.redirectUri,
      state: checks.state,
    }).toString();
    return url;
  },

  async exchange(provider, callbackUrl, _checks, fetch) {
    const code = callbackUrl.searchParams.get('code') ?? '';
    const api = provider.apiUrl || API_HOST;
    const tokenUrl = endpoint(api, 'cgi-bin/gettoken');
    tokenUrl.search = new URLSearchParams({ corpid: provider.clientId, corpsecret: provider.clientSecret ?? '' }).toString();
    const token = checked(await jsonObject(await fetch(tokenUrl), 'gettoken'), 'gettoken');
    const accessToken = text(token.access_token);
    if (!accessToken) throw new SocialExchangeError('gettoken: no access_token');
    const infoUrl = endpoint(api, 'cgi-bin/auth/getuserinfo');
    infoUrl.search = new URLSearchParams({ access_token: accessToken, code }).toString();
    const info = checked(await jsonObject(await fetch(infoUrl), 'getuserinfo'), 'getuserinfo');
    const userId = text(info.userid) ?? text(info.UserId);
    if (!userId) throw new SocialExchangeError('getuserinfo: not a member of the organisation');
    const memberUrl = endpoint(api, 'cgi-bin/user/get');
    memberUrl.search = new URLSearchParams({ access_token: accessToken, userid: userId }).toString();
    // The member's name is a courtesy: WeCom may withhold it from the application.
    const member = await fetch(memberUrl)
      .then((r) => jsonObject(r, 'user/get'))
      .then((body) => (body.errcode === 0 ? body : {}))
      .catch(() => ({}) as Record<string, unknown>);
    return {
      id: userId,
      username: userId,
      nickname: text(member.name),
      avatar: text(member.avatar),
      email: text(member.email) ?? text(member.biz_mail),
    };
  },
};
