import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for WeChat's server API in tests, written from its public documentation (not
 * from the client): `cgi-bin/stable_token` hands out tokens per AppID and secret; every other call
 * checks its `access_token` (40001 unknown or revoked, 42001 expired); followers (`user/get` in
 * pages of at most 10,000 by next_openid, `user/info/batchget` at most 100), remarks and tags,
 * `menu/create`, template and mass messages (msgid per call; clientmsgid seen twice answers 45065)
 * and the mini program `datacube` calls, each answering WeChat's JSON. Tests steer it: revoke
 * tokens, refuse a path with an errcode, make a recipient fail, and read every call it received.
 */
export interface FakeWechat {
  url: string;
  /** AppID → AppSecret of the applications it knows. */
  apps: Map<string, string>;
  /** Followers by AppID, in the order user/get lists them. */
  followers: Map<string, FakeFollower[]>;
  /** Every call: path, query and JSON body (the secret of a token call included, so a test can look for it). */
  calls: { path: string; query: Record<string, string>; body: Record<string, unknown> }[];
  /** The body of the last menu/create per AppID. */
  menus: Map<string, unknown>;
  /** Paths that answer this errcode (once, unless `times` says more) before answering normally. */
  refuse(path: string, errcode: number, errmsg: string, times?: number): void;
  /** Every token handed out so far answers 40001 from now on (as after another party fetched a new one). */
  revokeTokens(): void;
  /** Every token handed out so far answers 42001 (expired). */
  expireTokens(): void;
  /** Template messages or mass batches to this OpenID answer this errcode; `times` limits how often (-1 busy once, say). */
  failRecipient(openId: string, errcode: number, errmsg: string, times?: number): void;
  /** Calls received on a path. */
  count(path: string): number;
  close(): Promise<void>;
}

export interface FakeFollower {
  openid: string;
  unionid?: string;
  remark: string;
  tagid_list: number[];
  subscribe_time: number;
}

type Json = Record<string, unknown>;

const send = (response: ServerResponse, body: unknown) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

/** A day of the figures as WeChat writes it (yyyyMMdd) → a small number that depends on it. */
const seed = (day: string) => Number(day.slice(-2)) + Number(day.slice(4, 6));

function datacube(api: string, begin: string, end: string): Json {
  const n = seed(begin);
  const period = begin === end ? begin : `${begin}-${end}`;
  if (api.includes('retaininfo')) {
    return { ref_date: period, visit_uv_new: [{ key: 0, value: n }], visit_uv: [{ key: 0, value: n * 2 }] };
  }
  if (api.includes('visittrend')) {
    return {
      list: [
        {
          ref_date: period,
          session_cnt: n * 3,
          visit_pv: n * 10,
          visit_uv: n * 2,
          visit_uv_new: n,
          stay_time_uv: 12.5,
          stay_time_session: 8.25,
          visit_depth: 1.5,
        },
      ],
    };
  }
  if (api.includes('dailysummarytrend')) return { list: [{ ref_date: begin, visit_total: 1000 + n, share_pv: n, share_uv: n - 1 }] };
  if (api.includes('visitdistribution')) {
    return {
      ref_date: begin,
      list: [
        { index: 'access_source_session_cnt', item_list: [{ key: 1, value: n }] },
        { index: 'access_staytime_info', item_list: [{ key: 2, value: n }] },
        { index: 'access_depth_info', item_list: [{ key: 3, value: n }] },
      ],
    };
  }
  if (api.includes('visitpage')) return { ref_date: begin, list: [{ page_path: 'pages/index/index', page_visit_pv: n, page_visit_uv: n }] };
  if (api.includes('userportrait')) {
    const part = { province: [{ id: 31, name: '广东省', value: n }], genders: [{ id: 1, name: '男', value: n }] };
    return { ref_date: period, visit_uv_new: part, visit_uv: part };
  }
  return { errcode: 40066, errmsg: 'invalid url' };
}

export async function startFakeWechat(): Promise<FakeWechat> {
  const tokens = new Map<string, { appid: string; state: 'ok' | 'revoked' | 'expired' }>();
  const current = new Map<string, string>();
  const refusals = new Map<string, { errcode: number; errmsg: string; times: number }>();
  const recipientFailures = new Map<string, { errcode: number; errmsg: string; times: number }>();
  const clientMsgIds = new Set<string>();
  let msgid = 1000;

  const fake = {
    apps: new Map<string, string>(),
    followers: new Map<string, FakeFollower[]>(),
    calls: [] as FakeWechat['calls'],
    menus: new Map<string, unknown>(),
    refuse(path: string, errcode: number, errmsg: string, times = 1) {
      refusals.set(path, { errcode, errmsg, times });
    },
    revokeTokens() {
      for (const entry of tokens.values()) entry.state = 'revoked';
      current.clear();
    },
    expireTokens() {
      for (const entry of tokens.values()) entry.state = 'expired';
      current.clear();
    },
    failRecipient(openId: string, errcode: number, errmsg: string, times = Number.POSITIVE_INFINITY) {
      recipientFailures.set(openId, { errcode, errmsg, times });
    },
    count(path: string) {
      return fake.calls.filter((call) => call.path === path).length;
    },
  } as FakeWechat;

  const recipientFailure = (openIds: readonly string[]) => {
    for (const openId of openIds) {
      const failure = recipientFailures.get(openId);
      if (failure && failure.times > 0) {
        failure.times--;
        return { errcode: failure.errcode, errmsg: failure.errmsg };
      }
    }
    return undefined;
  };

  const followersOf = (appid: string) => fake.followers.get(appid) ?? [];

  const routes: Record<string, (appid: string, query: Record<string, string>, body: Json) => Json> = {
    '/cgi-bin/user/get': (appid, query) => {
      const all = followersOf(appid);
      const start = query.next_openid ? all.findIndex((f) => f.openid === query.next_openid) + 1 : 0;
      const page = all.slice(start, start + 10_000);
      return {
        total: all.length,
        count: page.length,
        ...(page.length ? { data: { openid: page.map((f) => f.openid) } } : {}),
        next_openid: page.at(-1)?.openid ?? '',
      };
    },
    '/cgi-bin/user/info/batchget': (appid, _q, body) => {
      const list = (body.user_list as { openid: string }[] | undefined) ?? [];
      if (list.length > 100) return { errcode: 45032, errmsg: 'user_list size exceeds 100' };
      const byId = new Map(followersOf(appid).map((f) => [f.openid, f]));
      return {
        user_info_list: list.map(({ openid }) => {
          const f = byId.get(openid);
          return f
            ? {
                subscribe: 1,
                openid,
                language: 'zh_CN',
                subscribe_time: f.subscribe_time,
                unionid: f.unionid,
                remark: f.remark,
                groupid: 0,
                tagid_list: f.tagid_list,
                subscribe_scene: 'ADD_SCENE_SEARCH',
                qr_scene: 0,
                qr_scene_str: '',
              }
            : { subscribe: 0, openid };
        }),
      };
    },
    '/cgi-bin/user/info': (appid, query) => {
      const f = followersOf(appid).find((x) => x.openid === query.openid);
      return f
        ? {
            subscribe: 1,
            openid: f.openid,
            language: 'zh_CN',
            subscribe_time: f.subscribe_time,
            remark: f.remark,
            tagid_list: f.tagid_list,
            subscribe_scene: 'ADD_SCENE_QR_CODE',
          }
        : { errcode: 40003, errmsg: 'invalid openid' };
    },
    '/cgi-bin/user/info/updateremark': (appid, _q, body) => {
      const f = followersOf(appid).find((x) => x.openid === body.openid);
      if (!f) return { errcode: 40003, errmsg: 'invalid openid' };
      if (String(body.remark).length > 30) return { errcode: 45002, errmsg: 'content size out of limit' };
      f.remark = String(body.remark);
      return { errcode: 0, errmsg: 'ok' };
    },
    '/cgi-bin/tags/members/batchtagging': (appid, _q, body) => {
      for (const openid of (body.openid_list as string[]) ?? []) {
        const f = followersOf(appid).find((x) => x.openid === openid);
        if (f && !f.tagid_list.includes(Number(body.tagid))) f.tagid_list.push(Number(body.tagid));
      }
      return { errcode: 0, errmsg: 'ok' };
    },
    '/cgi-bin/tags/members/batchuntagging': (appid, _q, body) => {
      for (const openid of (body.openid_list as string[]) ?? []) {
        const f = followersOf(appid).find((x) => x.openid === openid);
        if (f) f.tagid_list = f.tagid_list.filter((t) => t !== Number(body.tagid));
      }
      return { errcode: 0, errmsg: 'ok' };
    },
    '/cgi-bin/tags/get': () => ({
      tags: [
        { id: 2, name: '星标组', count: 0 },
        { id: 100, name: '供应商', count: 3 },
      ],
    }),
    '/cgi-bin/menu/create': (appid, _q, body) => {
      const buttons = body.button as unknown[];
      if (!Array.isArray(buttons) || buttons.length === 0 || buttons.length > 3) return { errcode: 40016, errmsg: 'invalid button size' };
      fake.menus.set(appid, body);
      return { errcode: 0, errmsg: 'ok' };
    },
    '/cgi-bin/message/template/send': (_appid, _q, body) => {
      const failure = recipientFailure([String(body.touser)]);
      if (failure) return failure;
      return { errcode: 0, errmsg: 'ok', msgid: msgid++ };
    },
    '/cgi-bin/message/mass/send': (_appid, _q, body) => {
      const touser = (body.touser as string[]) ?? [];
      if (touser.length < 2 || touser.length > 10_000) return { errcode: 40130, errmsg: 'invalid openid list size' };
      const key = String(body.clientmsgid ?? '');
      if (key && clientMsgIds.has(key)) return { errcode: 45065, errmsg: 'clientmsgid exist' };
      const failure = recipientFailure(touser);
      if (failure) return failure;
      if (key) clientMsgIds.add(key);
      return { errcode: 0, errmsg: 'send job submission success', msg_id: msgid++, msg_data_id: 2247483651 };
    },
    '/cgi-bin/message/mass/sendall': (_appid, _q, body) => {
      const key = String(body.clientmsgid ?? '');
      if (key && clientMsgIds.has(key)) return { errcode: 45065, errmsg: 'clientmsgid exist' };
      if (key) clientMsgIds.add(key);
      return { errcode: 0, errmsg: 'send job submission success', msg_id: msgid++, msg_data_id: 2247483652 };
    },
  };

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    let body: Json = {};
    try {
      body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json) : {};
    } catch {
      return send(response, { errcode: 47001, errmsg: 'data format error' });
    }
    const path = url.pathname;
    fake.calls.push({ path, query, body });
    if (path === '/cgi-bin/stable_token') {
      const appid = String(body.appid ?? '');
      if (body.grant_type !== 'client_credential') return send(response, { errcode: 40002, errmsg: 'invalid grant_type' });
      if (!fake.apps.has(appid)) return send(response, { errcode: 40013, errmsg: 'invalid appid' });
      if (fake.apps.get(appid) !== body.secret) return send(response, { errcode: 40125, errmsg: 'invalid appsecret' });
      let token = body.force_refresh === true ? undefined : current.get(appid);
      if (!token) {
        token = `ACCESS_${randomBytes(12).toString('hex')}`;
        tokens.set(token, { appid, state: 'ok' });
        current.set(appid, token);
      }
      return send(response, { access_token: token, expires_in: 7200 });
    }
    const refusal = refusals.get(path);
    if (refusal && refusal.times > 0) {
      refusal.times--;
      return send(response, { errcode: refusal.errcode, errmsg: refusal.errmsg });
    }
    const holder = tokens.get(query.access_token ?? '');
    if (!holder || holder.state === 'revoked')
      return send(response, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
    if (holder.state === 'expired') return send(response, { errcode: 42001, errmsg: 'access_token expired' });
    if (path.startsWith('/datacube/'))
      return send(response, datacube(path.slice('/datacube/'.length), String(body.begin_date), String(body.end_date)));
    const route = routes[path];
    if (!route) return send(response, { errcode: 40066, errmsg: 'invalid url' });
    return send(response, route(holder.appid, query, body));
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

/** Followers numbered `<prefix>0` … for the fake, as WeChat would list them. */
export function fakeFollowers(count: number, prefix = 'oFollower'): FakeFollower[] {
  return Array.from({ length: count }, (_, i) => ({
    openid: `${prefix}${String(i).padStart(6, '0')}`,
    remark: '',
    tagid_list: i % 10 === 0 ? [100] : [],
    subscribe_time: 1_700_000_000 + i,
  }));
}
