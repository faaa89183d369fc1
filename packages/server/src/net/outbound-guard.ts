import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import {
  badRequest,
  DEFAULT_TENANT_ID,
  defineMessagePattern,
  defineMessagePatterns,
  defineMessages,
  type Message,
  withDetail,
} from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { buildConnector } from 'undici';
import type { Params } from '../db/params.js';
import type { Database } from '../db/schema.js';
import { live } from '../kernel/live-rows.js';
import { onFirstUse } from '../kernel/on-first-use.js';
import { blockedKindOf, canonicalAddress } from './address-kinds.js';
import { allowListed, type OutboundTarget, outboundTargetOf } from './outbound-target.js';

/** The HTTP client of calls to tenants' addresses, loaded by the first such call. */
const undici = onFirstUse<typeof import('undici')>('undici');

const outboundMessages = defineMessages('outbound', {
  refused: ['不允许访问该地址', 'This address may not be used'],
  badAddress: ['地址格式错误', 'The address is malformed'],
  unresolved: ['无法解析该地址', 'The address does not resolve'],
  loopback: ['本机回环地址', 'a loopback address'],
  'link-local': ['链路本地或云元数据地址', 'a link-local or cloud metadata address'],
  unspecified: ['未指定地址', 'an unspecified address'],
  own: ['本平台自身的地址', "the platform's own address"],
});
// Refusals name the address: `<message>: <address>[, <why>]`.
const outboundRefusals = defineMessagePatterns('outboundRefusal', {
  refused: ['不允许访问该地址: {address}, {why}', 'This address may not be used: {address}, {why}'],
});
defineMessagePattern(/^不允许访问该地址: (.+), (.+)$/, 'This address may not be used: $1, $2');
defineMessagePattern(/^无法解析该地址: (.+)$/, 'The address does not resolve: $1');
defineMessagePattern(/^地址格式错误: (.+)$/, 'The address is malformed: $1');

/** The system parameter listing hosts tenants may reach despite the rules (`host` or `host:port`, comma-separated). */
const ALLOW_HOSTS_PARAM = 'outbound.allowHosts';

/** The allow-list through the parameter cache, or read in the transaction when inside one (PGlite has one connection). */
export const allowListReader =
  (params: Params) =>
  async (trx?: Kysely<Database>): Promise<string | undefined> => {
    if (!trx) return params.get(ALLOW_HOSTS_PARAM);
    const row = await trx
      .selectFrom('blade_param')
      .select('paramValue')
      .where('paramKey', '=', ALLOW_HOSTS_PARAM)
      .$call(live())
      .executeTakeFirst();
    return row?.paramValue;
  };

/** fetch as the server's outbound clients call it. */
export type OutboundFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** Thrown at connection time; its message names the refused address. */
export class OutboundRefused extends Error {
  constructor(readonly said: Message) {
    super(said.text);
  }
}

/**
 * The one gate for calls to addresses a tenant can set (storage, SMS, data sources, social
 * sign-in, webhooks). For tenants other than the platform tenant the host must resolve only to
 * addresses that are not loopback, link-local (cloud metadata), unspecified, or one the platform
 * listens on, unless the platform administrator allow-lists the host. Private ranges are allowed:
 * on-premises services live there. Check at save time with `check`; connect through `fetchFor`
 * or `resolve`, which check again and pin the connection to the address they checked (DNS may
 * answer differently the second time).
 */
export class OutboundGuard {
  private readonly fetches = new Map<boolean, OutboundFetch>();

  constructor(
    private readonly listen: { host: string },
    private readonly allowHosts: (db?: Kysely<Database>) => Promise<string | undefined>,
  ) {}

  /**
   * Refuses (HTTP 400 naming the address) an address this tenant may not use. The platform tenant
   * and allow-listed hosts pass without a DNS lookup. Pass the transaction when inside one.
   */
  async check(tenantId: string, urlOrHost: string, options: { db?: Kysely<Database> } = {}): Promise<void> {
    try {
      const target = outboundTargetOf(urlOrHost);
      if (target && (await this.trusted(tenantId, target, options.db))) return;
      await this.resolve(tenantId, urlOrHost, options);
    } catch (error) {
      if (error instanceof OutboundRefused) throw badRequest(error.said);
      throw error;
    }
  }

  /**
   * The address to connect to for this target: resolved, every answer checked, the first one
   * returned. Throws OutboundRefused.
   */
  async resolve(tenantId: string, urlOrHost: string, options: { db?: Kysely<Database> } = {}): Promise<string> {
    const target = outboundTargetOf(urlOrHost);
    if (!target) throw new OutboundRefused(withDetail(outboundMessages.say.badAddress, urlOrHost));
    const addresses = await this.addressesOf(target);
    if (await this.trusted(tenantId, target, options.db)) return addresses[0]!;
    const own = this.ownAddresses();
    for (const address of addresses) {
      const kind = blockedKindOf(address) ?? (own.has(canonicalAddress(address)) ? 'own' : undefined);
      if (kind) {
        const shown = address === target.hostname ? address : `${target.hostname} (${address})`;
        throw new OutboundRefused(outboundRefusals.refused({ address: shown, why: outboundMessages.say[kind] }));
      }
    }
    return addresses[0]!;
  }

  /**
   * A fetch whose every new connection is checked for this tenant and made to the checked address.
   * Inside a transaction pass it as `db`: the allow-list is then read through it (on the embedded
   * database a read beside an open transaction waits for it to end), and the fetch is not pooled.
   */
  fetchFor(tenantId: string, options: { db?: Kysely<Database> } = {}): OutboundFetch {
    const guarded = tenantId !== DEFAULT_TENANT_ID;
    if (options.db) return this.newFetch(guarded ? tenantId : DEFAULT_TENANT_ID, options.db);
    let fetcher = this.fetches.get(guarded);
    if (!fetcher) {
      fetcher = this.newFetch(guarded ? tenantId : DEFAULT_TENANT_ID);
      this.fetches.set(guarded, fetcher);
    }
    return fetcher;
  }

  private newFetch(tenantId: string, db?: Kysely<Database>): OutboundFetch {
    const guarded = tenantId !== DEFAULT_TENANT_ID;
    const { Agent, fetch: undiciFetch } = undici();
    const dispatcher = new Agent({ connect: this.connector(tenantId, db) });
    return async (url, init) => {
      // Every request, not only every new connection: a pooled connection outlives an allow-list entry.
      if (guarded) await this.resolve(tenantId, String(url), { db });
      try {
        return (await undiciFetch(url, { ...(init as object), dispatcher })) as unknown as Response;
      } catch (error) {
        // fetch reports a refused connection as "fetch failed"; the reason is its cause.
        const cause = (error as { cause?: unknown }).cause;
        throw cause instanceof OutboundRefused ? cause : error;
      }
    };
  }

  private connector(tenantId: string, db?: Kysely<Database>): buildConnector.connector {
    const base = undici().buildConnector({});
    return (options, callback) => {
      const host = options.hostname.replace(/^\[|\]$/g, '');
      const port = options.port || (options.protocol === 'https:' ? '443' : '80');
      const target = isIP(host) === 6 ? `[${host}]:${port}` : `${host}:${port}`;
      this.resolve(tenantId, target, { db }).then(
        (address) => base({ ...options, hostname: address, servername: options.servername ?? (isIP(host) ? undefined : host) }, callback),
        (error: Error) => callback(error, null),
      );
    };
  }

  /** The platform tenant reaches anything; other tenants what the platform allow-listed. */
  private async trusted(tenantId: string, target: OutboundTarget, db?: Kysely<Database>): Promise<boolean> {
    return tenantId === DEFAULT_TENANT_ID || allowListed(await this.allowHosts(db), target);
  }

  private async addressesOf(target: OutboundTarget): Promise<string[]> {
    if (isIP(target.hostname)) return [target.hostname];
    try {
      const found = await lookup(target.hostname, { all: true, verbatim: true });
      if (found.length) return found.map((a) => a.address);
    } catch {}
    throw new OutboundRefused(withDetail(outboundMessages.say.unresolved, target.hostname));
  }

  /** Where this server listens: HOST, or every interface address when it listens on all of them. */
  private ownAddresses(): Set<string> {
    const host = this.listen.host;
    if (host !== '0.0.0.0' && host !== '::' && host !== '') return new Set([canonicalAddress(host)]);
    const all = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
    return new Set(all.map((item) => canonicalAddress(item.address)));
  }
}
