import { randomBytes } from 'node:crypto';
import { ApiError, badRequest, DEFAULT_TENANT_ID, type Message, wxMessages as m, wxLimitNames, wxRefusals } from '@sso/shared-api';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Params } from '../db/params.js';
import { decryptSecret, encryptSecret } from '../db/secrets.js';
import { type OutboundGuard, OutboundRefused } from '../net/outbound-guard.js';

/** WeChat's own API host, unless the platform parameter names another (a proxy, or a test server). */
export const WECHAT_API_BASE = 'https://api.weixin.qq.com';
export const API_BASE_PARAM = 'wechat.apiBase';

/** A token is refreshed this long before WeChat says it expires, so no call carries one about to lapse. */
const REFRESH_MARGIN_MS = 5 * 60_000;
/** A token fetched this recently is used even inside the margin (WeChat may hand back the same one until it lapses). */
const FRESH_MS = 60_000;
/** How long a node may hold the refresh of a token before another node takes it over. */
const LEASE_MS = 15_000;
/** How long a node waits for another node's refresh before giving up. */
const WAIT_MS = 10_000;
const CALL_TIMEOUT_MS = 10_000;

/** Tokens WeChat refused as invalid (40001, 40014) or expired (42001): refreshed once and the call retried. */
const TOKEN_REFUSALS = new Set([40001, 40014, 42001]);

/** The application a call is made for: the stored row's id, its tenant, WeChat's AppID and the encrypted secret. */
export interface WxAppRef {
  id: string;
  tenantId: string;
  appId: string;
  appSecret: string | null;
}

/** A WeChat JSON answer. */
export type WxAnswer = Record<string, unknown>;

/** WeChat's refusal of a call, answered in the envelope; `transient` when the same call may succeed if repeated. */
export class WechatCallError extends ApiError {
  constructor(
    status: number,
    message: Message,
    readonly errcode: number,
    readonly errmsg: string,
    readonly transient = false,
  ) {
    super(status, message, { errcode, errmsg });
  }
}

/** Text WeChat sent back, without anything that looks like the secret (a proxy could echo the request). */
function scrub(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text.slice(0, 500);
  for (const secret of secrets) if (secret) out = out.split(secret).join('***');
  return out;
}

/**
 * The one place WeChat's errcode becomes an answer: frequency limits (45009 and the others WeChat
 * names) are a 429 naming the limit, -1 (system busy) a transient 503, anything else a 502 with the
 * code and WeChat's errmsg.
 */
export function wechatFailure(errcode: number, errmsg: string): WechatCallError {
  const limit = (wxLimitNames as unknown as Record<string, string | undefined>)[String(errcode)];
  if (limit) return new WechatCallError(429, wxRefusals.limited({ errcode, limit, errmsg }), errcode, errmsg);
  if (errcode === -1) return new WechatCallError(503, m.say.wechatBusy, errcode, errmsg, true);
  return new WechatCallError(502, wxRefusals.answered({ errcode, errmsg }), errcode, errmsg);
}

/** Whether an error of a call may go away if the call is repeated (WeChat busy, the network, a 5xx). */
export const isTransient = (error: unknown) => error instanceof WechatCallError && error.transient;

export interface WechatClientDeps {
  db: Db;
  /** The platform parameter `wechat.apiBase` (through the parameter cache). */
  apiBase: () => Promise<string | undefined>;
  outbound: OutboundGuard;
  /** This node, as its token leases name it. */
  node?: string;
}

/**
 * The platform's client of WeChat's server API (official accounts and mini programs). Access
 * tokens come from `cgi-bin/stable_token` and are kept per application in `blade_wx_token`, shared
 * by every node: a node that finds the token missing or within 5 minutes of its expiry takes the
 * row's lease and refreshes it, while the others wait for the new one, so one node refreshes at a
 * time. A call WeChat refuses for its token (40001, 42001) is made once more with a new one. Every
 * call goes through the outbound guard to the platform parameter `wechat.apiBase`; the AppSecret
 * travels only in the token call's body and never appears in an answer, a log or an error.
 */
export class WechatClient {
  private readonly node: string;
  /** Refreshes under way on this node, by application: one at a time per application. */
  private readonly refreshing = new Map<string, Promise<string>>();

  constructor(private readonly deps: WechatClientDeps) {
    this.node = deps.node ?? randomBytes(8).toString('hex');
  }

  /** The API base: the platform parameter, WeChat's own host when unset. */
  async base(): Promise<string> {
    const configured = (await this.deps.apiBase())?.trim();
    return configured && /^https?:\/\//i.test(configured) ? configured.replace(/\/+$/, '') : WECHAT_API_BASE;
  }

  /**
   * Calls a WeChat API path (`cgi-bin/menu/create`) with the application's access token: a JSON
   * body makes it a POST. Answers WeChat's JSON when errcode is absent or 0; throws the refusal.
   */
  async call(app: WxAppRef, path: string, options: { body?: unknown; query?: Record<string, string> } = {}): Promise<WxAnswer> {
    let token = await this.token(app);
    let answer = await this.request(path, token, options);
    if (TOKEN_REFUSALS.has(Number(answer.errcode))) {
      token = await this.token(app, token);
      answer = await this.request(path, token, options);
    }
    const errcode = Number(answer.errcode ?? 0);
    if (errcode !== 0) throw wechatFailure(errcode, scrub(String(answer.errmsg ?? ''), [token]));
    return answer;
  }

  /**
   * The same client working inside a transaction (a save's rule): its reads and writes go through
   * it, since PGlite has a single connection.
   */
  within(trx: Db): WechatClient {
    return new WechatClient({
      ...this.deps,
      db: trx,
      node: this.node,
      apiBase: async () =>
        (
          await trx
            .selectFrom('blade_param')
            .select('paramValue')
            .where('paramKey', '=', API_BASE_PARAM)
            .where('isDeleted', '=', 0)
            .executeTakeFirst()
        )?.paramValue,
    });
  }

  /** Forgets the stored token of an application (its secret or AppID changed). */
  async forget(appId: string): Promise<void> {
    await this.deps.db.deleteFrom('blade_wx_token').where('appId', '=', appId).execute();
  }

  /**
   * A valid access token of the application: the stored one while it is not near its expiry (and is
   * not `rejected`, the one WeChat just refused), else a new one fetched by whichever node holds
   * the lease.
   */
  async token(app: WxAppRef, rejected?: string): Promise<string> {
    const stored = await this.stored(app.id);
    if (stored && usable(stored, rejected)) return stored.token;
    const running = this.refreshing.get(app.id);
    if (running) {
      const token = await running;
      if (token !== rejected) return token;
    }
    const refresh = this.refresh(app, rejected).finally(() => this.refreshing.delete(app.id));
    this.refreshing.set(app.id, refresh);
    return refresh;
  }

  private async stored(appId: string): Promise<{ token: string; expiresAt: number; updatedAt: number } | undefined> {
    const row = await this.deps.db
      .selectFrom('blade_wx_token')
      .select(['accessToken', 'expiresAt', 'updatedAt'])
      .where('appId', '=', appId)
      .executeTakeFirst();
    if (!row?.accessToken || !row.expiresAt) return undefined;
    const token = await decryptSecret(this.deps.db, row.accessToken);
    if (!token) return undefined;
    return { token, expiresAt: new Date(row.expiresAt).getTime(), updatedAt: new Date(row.updatedAt).getTime() };
  }

  private async refresh(app: WxAppRef, rejected?: string): Promise<string> {
    const { db } = this.deps;
    await db
      .insertInto('blade_wx_token')
      .values({ appId: app.id })
      .onConflict((oc) => oc.column('appId').doNothing())
      .execute();
    const until = Date.now() + WAIT_MS;
    for (;;) {
      const leased = await db
        .updateTable('blade_wx_token')
        .set({ leaseOwner: this.node, leaseUntil: new Date(Date.now() + LEASE_MS) })
        .where('appId', '=', app.id)
        .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', new Date()), eb('leaseOwner', '=', this.node)]))
        .executeTakeFirst();
      if (Number(leased.numUpdatedRows) > 0) {
        try {
          // Another node may have refreshed it between our read and the lease.
          const again = await this.stored(app.id);
          if (again && usable(again, rejected)) return again.token;
          return await this.fetchToken(app, Boolean(rejected));
        } finally {
          await db
            .updateTable('blade_wx_token')
            .set({ leaseOwner: null, leaseUntil: null })
            .where('appId', '=', app.id)
            .where('leaseOwner', '=', this.node)
            .execute();
        }
      }
      // Another node is refreshing: its token is stored when it is done.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const theirs = await this.stored(app.id);
      if (theirs && usable(theirs, rejected)) return theirs.token;
      if (Date.now() > until) throw new WechatCallError(503, m.say.wechatBusy, -1, 'token refresh held by another node', true);
    }
  }

  private async fetchToken(app: WxAppRef, force: boolean): Promise<string> {
    const secret = await decryptSecret(this.deps.db, app.appSecret);
    if (!secret) throw badRequest(m.say.appSecretRequired);
    const answer = await this.post(`${await this.base()}/cgi-bin/stable_token`, {
      grant_type: 'client_credential',
      appid: app.appId,
      secret,
      force_refresh: force,
    });
    const errcode = Number(answer.errcode ?? 0);
    if (errcode !== 0) throw wechatFailure(errcode, scrub(String(answer.errmsg ?? ''), [secret]));
    const token = typeof answer.access_token === 'string' ? answer.access_token : '';
    const seconds = Number(answer.expires_in);
    if (!token || !Number.isFinite(seconds) || seconds <= 0) throw new WechatCallError(502, m.say.wechatBadAnswer, 0, 'no access_token');
    await this.deps.db
      .updateTable('blade_wx_token')
      .set({
        accessToken: await encryptSecret(this.deps.db, token),
        expiresAt: new Date(Date.now() + seconds * 1000),
        updatedAt: sql<Date>`now()`,
      })
      .where('appId', '=', app.id)
      .execute();
    return token;
  }

  private async request(path: string, token: string, options: { body?: unknown; query?: Record<string, string> }) {
    const url = new URL(`${await this.base()}/${path.replace(/^\//, '')}`);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    url.searchParams.set('access_token', token);
    return options.body === undefined ? this.send(url, { method: 'GET' }) : this.post(url, options.body);
  }

  private post(url: string | URL, body: unknown): Promise<WxAnswer> {
    // WeChat reads UTF-8 JSON and wants Chinese unescaped; JSON.stringify leaves it so.
    return this.send(url, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) });
  }

  private async send(url: string | URL, init: RequestInit): Promise<WxAnswer> {
    let response: Response;
    try {
      // The address is the platform's parameter, not a tenant's: the platform's gate applies.
      response = await this.deps.outbound.fetchFor(DEFAULT_TENANT_ID)(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    } catch (error) {
      if (error instanceof OutboundRefused) throw badRequest(error.said);
      throw new WechatCallError(502, m.say.wechatUnreachable, -2, 'unreachable', true);
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500) throw new WechatCallError(502, m.say.wechatUnreachable, -2, `HTTP ${response.status}`, true);
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as WxAnswer;
    } catch {}
    throw new WechatCallError(502, m.say.wechatBadAnswer, -3, `HTTP ${response.status}`);
  }
}

function usable(stored: { token: string; expiresAt: number; updatedAt: number }, rejected?: string): boolean {
  if (stored.token === rejected) return false;
  const now = Date.now();
  if (stored.expiresAt <= now) return false;
  return stored.expiresAt - now > REFRESH_MARGIN_MS || now - stored.updatedAt < FRESH_MS;
}

const clients = new WeakMap<object, WechatClient>();

/** The client of a server (one per context, so its refreshes are shared by every route). */
export function wechatClientOf(ctx: { db: Db; params: Params; outbound: OutboundGuard }): WechatClient {
  let client = clients.get(ctx);
  if (!client) {
    client = new WechatClient({ db: ctx.db, apiBase: () => ctx.params.get(API_BASE_PARAM), outbound: ctx.outbound });
    clients.set(ctx, client);
  }
  return client;
}
