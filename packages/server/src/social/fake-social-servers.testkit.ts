import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for WeCom, DingTalk and Feishu in tests, written from their public
 * documentation (not from the adapters): the browser-facing authorize page signs in whoever
 * `nextUser` names at once and sends the browser back with a single-use code and the state; the
 * API answers in each provider's JSON shape, its errors included. Credentials are checked.
 */
export interface FakePerson {
  /** WeCom userid / DingTalk unionId / Feishu union_id. */
  id: string;
  name: string;
  email?: string;
  avatar?: string;
  /** WeCom: someone outside the organisation (getuserinfo answers an openid, no userid). */
  outsider?: boolean;
  /** DingTalk corpId / Feishu tenant_key of the person's organisation. */
  org?: string;
}

export interface FakeSocialServer {
  /** Base of both the authorize page and the API (configure it as authorize URL and API URL). */
  url: string;
  clientId: string;
  clientSecret: string;
  /** Who the next visit of the authorize page signs in. */
  nextUser: FakePerson;
  /** Requests the API received (path and the credentials or code they carried). */
  calls: string[];
  close(): Promise<void>;
}

type Route = (request: IncomingMessage, url: URL, body: string, fake: FakeSocialServer, response: ServerResponse) => unknown;

const json = (response: ServerResponse, body: unknown, status = 200) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

function parse(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

async function serve(routes: Record<string, Route>, clientId: string, clientSecret: string): Promise<FakeSocialServer> {
  const fake = { clientId, clientSecret, nextUser: { id: 'nobody', name: 'Nobody' }, calls: [] as string[] } as FakeSocialServer;
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.calls.push(url.pathname);
    const route = routes[`${request.method} ${url.pathname}`];
    if (!route) return json(response, { error: 'not found' }, 404);
    route(request, url, Buffer.concat(chunks).toString('utf8'), fake, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** Codes and tokens handed out by one fake server: codes are spent by their first use. */
function ledger() {
  const codes = new Map<string, FakePerson>();
  const tokens = new Map<string, FakePerson>();
  return {
    code(person: FakePerson) {
      const code = randomBytes(12).toString('hex');
      codes.set(code, person);
      return code;
    },
    spend(code: string) {
      const person = codes.get(code);
      codes.delete(code);
      return person;
    },
    token(person?: FakePerson) {
      const token = randomBytes(12).toString('hex');
      if (person) tokens.set(token, person);
      return token;
    },
    holder: (token: string) => tokens.get(token),
  };
}

function sendBack(response: ServerResponse, redirectUri: string, params: Record<string, string>) {
  const target = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  response.writeHead(302, { location: target.href });
  response.end();
}

/**
 * WeCom: wwlogin/sso/login (appid = CorpID, agentid) → redirect_uri?code&state; cgi-bin/gettoken
 * (corpid, corpsecret) → access_token; cgi-bin/auth/getuserinfo (access_token, code) → userid
 * (or openid for outsiders); cgi-bin/user/get (access_token, userid) → the member.
 */
export function startFakeWecom(corpId: string, secret: string, agentId: string): Promise<FakeSocialServer> {
  const book = ledger();
  let appToken = '';
  const people = new Map<string, FakePerson>();
  return serve(
    {
      'GET /wwlogin/sso/login': (_req, url, _body, fake, response) => {
        if (url.searchParams.get('appid') !== corpId || url.searchParams.get('agentid') !== agentId) {
          return json(response, { errcode: 40013, errmsg: 'invalid corpid' }, 400);
        }
        people.set(fake.nextUser.id, fake.nextUser);
        sendBack(response, url.searchParams.get('redirect_uri') ?? '', {
          code: book.code(fake.nextUser),
          state: url.searchParams.get('state') ?? '',
        });
      },
      'GET /cgi-bin/gettoken': (_req, url, _body, _fake, response) => {
        if (url.searchParams.get('corpid') !== corpId || url.searchParams.get('corpsecret') !== secret) {
          return json(response, { errcode: 40001, errmsg: 'invalid credential' });
        }
        appToken = book.token();
        json(response, { errcode: 0, errmsg: 'ok', access_token: appToken, expires_in: 7200 });
      },
      'GET /cgi-bin/auth/getuserinfo': (_req, url, _body, _fake, response) => {
        if (url.searchParams.get('access_token') !== appToken) return json(response, { errcode: 40014, errmsg: 'invalid access_token' });
        const person = book.spend(url.searchParams.get('code') ?? '');
        if (!person) return json(response, { errcode: 40029, errmsg: 'invalid code' });
        if (person.outsider) return json(response, { errcode: 0, errmsg: 'ok', openid: `o-${person.id}`, external_userid: '' });
        json(response, { errcode: 0, errmsg: 'ok', userid: person.id, user_ticket: book.token() });
      },
      'GET /cgi-bin/user/get': (_req, url, _body, _fake, response) => {
        const person = people.get(url.searchParams.get('userid') ?? '');
        if (url.searchParams.get('access_token') !== appToken || !person)
          return json(response, { errcode: 60111, errmsg: 'userid not found' });
        json(response, { errcode: 0, errmsg: 'ok', userid: person.id, name: person.name, email: person.email ?? '', status: 1 });
      },
    },
    corpId,
    secret,
  );
}

/**
 * DingTalk: oauth2/auth (client_id) → redirect_uri?authCode&code&state; POST v1.0/oauth2/userAccessToken
 * ({ clientId, clientSecret, code, grantType }) → { accessToken, corpId }; GET v1.0/contact/users/me
 * (x-acs-dingtalk-access-token) → { nick, unionId, openId, … }. Errors: HTTP 400 { code, message }.
 */
export function startFakeDingtalk(appKey: string, appSecret: string): Promise<FakeSocialServer> {
  const book = ledger();
  return serve(
    {
      'GET /oauth2/auth': (_req, url, _body, fake, response) => {
        if (url.searchParams.get('client_id') !== appKey) return json(response, { code: 'InvalidClient', message: 'bad client_id' }, 400);
        const code = book.code(fake.nextUser);
        sendBack(response, url.searchParams.get('redirect_uri') ?? '', {
          authCode: code,
          code,
          state: url.searchParams.get('state') ?? '',
        });
      },
      'POST /v1.0/oauth2/userAccessToken': (_req, _url, body, _fake, response) => {
        const input = parse(body);
        if (input.clientId !== appKey || input.clientSecret !== appSecret || input.grantType !== 'authorization_code') {
          return json(response, { code: 'InvalidAuthentication', message: 'invalid client' }, 400);
        }
        const person = book.spend(String(input.code ?? ''));
        if (!person) return json(response, { code: 'InvalidAuthCode', message: 'authCode is invalid' }, 400);
        json(response, { accessToken: book.token(person), refreshToken: book.token(), expireIn: 7200, corpId: person.org ?? 'ding-corp' });
      },
      'GET /v1.0/contact/users/me': (request, _url, _body, _fake, response) => {
        const person = book.holder(String(request.headers['x-acs-dingtalk-access-token'] ?? ''));
        if (!person) return json(response, { code: 'InvalidAuthentication', message: 'token invalid' }, 401);
        json(response, {
          nick: person.name,
          avatarUrl: person.avatar ?? '',
          mobile: '13800000000',
          openId: `open-${person.id}`,
          unionId: person.id,
          email: person.email ?? '',
          stateCode: '86',
        });
      },
    },
    appKey,
    appSecret,
  );
}

/**
 * Feishu: open-apis/authen/v1/authorize (client_id) → redirect_uri?code&state; POST
 * open-apis/authen/v2/oauth/token ({ grant_type, client_id, client_secret, code, redirect_uri }) →
 * { code: 0, access_token }; GET open-apis/authen/v1/user_info (Bearer) → { code: 0, data }.
 */
export function startFakeFeishu(appId: string, appSecret: string): Promise<FakeSocialServer> {
  const book = ledger();
  return serve(
    {
      'GET /open-apis/authen/v1/authorize': (_req, url, _body, fake, response) => {
        if (url.searchParams.get('client_id') !== appId) return json(response, { code: 20002, msg: 'invalid client_id' }, 400);
        sendBack(response, url.searchParams.get('redirect_uri') ?? '', {
          code: book.code(fake.nextUser),
          state: url.searchParams.get('state') ?? '',
        });
      },
      'POST /open-apis/authen/v2/oauth/token': (_req, _url, body, _fake, response) => {
        const input = parse(body);
        if (input.client_id !== appId || input.client_secret !== appSecret) {
          return json(response, { code: 20002, error: 'invalid_client', error_description: 'client authentication failed' }, 400);
        }
        const person = input.grant_type === 'authorization_code' ? book.spend(String(input.code ?? '')) : undefined;
        if (!person) return json(response, { code: 20003, error: 'invalid_grant', error_description: 'code is invalid' }, 400);
        json(response, { code: 0, access_token: book.token(person), expires_in: 7200, token_type: 'Bearer', scope: '' });
      },
      'GET /open-apis/authen/v1/user_info': (request, _url, _body, _fake, response) => {
        const person = book.holder(String(request.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!person) return json(response, { code: 99991668, msg: 'Invalid access token' }, 401);
        json(response, {
          code: 0,
          msg: 'success',
          data: {
            name: person.name,
            en_name: person.name,
            avatar_url: person.avatar ?? '',
            open_id: `ou_${person.id}`,
            union_id: person.id,
            email: person.email ?? '',
            user_id: `u_${person.id}`,
            tenant_key: person.org ?? 'feishu-tenant',
          },
        });
      },
    },
    appId,
    appSecret,
  );
}
