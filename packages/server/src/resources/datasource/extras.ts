import { badRequest, datasource, defineMessages, zh } from '@sso/shared-api';
import pg from 'pg';
import { decryptSecret } from '../../db/secrets.js';
import { requirePlatform } from '../../domain/platform-only.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';
import { OutboundRefused } from '../../net/outbound-guard.js';

const m = defineMessages({
  connectFailed: ['数据源连接失败', 'Could not connect to the data source'],
  notSupported: [
    '暂不支持测试该类型的数据源（目前仅支持 PostgreSQL）',
    'Testing this kind of data source is not supported yet (PostgreSQL only)',
  ],
});

const CONNECT_TIMEOUT_MS = 5000;

/** Host, port and database of a PostgreSQL URL, JDBC style or not; undefined for other databases. */
export function postgresTarget(url: string): { host: string; port: number; database: string } | undefined {
  const bare = url.trim().replace(/^jdbc:/i, '');
  const scheme = /^(postgresql|postgres):/i.exec(bare);
  if (!scheme) return undefined;
  const rest = bare.slice(scheme[0].length);
  // jdbc:postgresql:mydb names a database on the local host.
  if (!rest.startsWith('//')) return { host: 'localhost', port: 5432, database: rest.split('?')[0] ?? '' };
  const parsed = new URL(`postgresql:${rest}`);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, '') || 'localhost',
    port: parsed.port ? Number(parsed.port) : 5432,
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
  };
}

async function tryConnect(config: pg.ClientConfig): Promise<void> {
  const client = new pg.Client({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: CONNECT_TIMEOUT_MS });
  client.on('error', () => {}); // a dropped connection after the check is not the caller's concern
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => {});
  }
}

/** What went wrong, in the driver's words (a refused connection to several addresses is an AggregateError). */
function reasonOf(error: unknown): string {
  const e = error as { message?: string; code?: string; errors?: { message?: string }[] };
  return e?.message || e?.errors?.[0]?.message || e?.code || String(error);
}

/** `host:port` as the outbound guard reads it (IPv6 in brackets). */
export const hostPortOf = (target: { host: string; port: number }) =>
  target.host.includes(':') ? `[${target.host}]:${target.port}` : `${target.host}:${target.port}`;

/** Extras of `datasource`. */
export const datasourceExtraHandlers = defineExtraHandlers(datasource, {
  /** The select box of data sources (platform-wide, read from the platform tenant). */
  select: async ({ ctx, caller }) => {
    requirePlatform(caller);
    return ctx.db.selectFrom('blade_datasource').select(['id', 'name']).$call(live()).orderBy('id').execute();
  },
  testConnection: async ({ ctx, caller, query }) => {
    const row = await ctx.db.selectFrom('blade_datasource').selectAll().where('id', '=', query.id).$call(live()).executeTakeFirst();
    if (!row) throw badRequest(zh('recordMissing'));
    const target = postgresTarget(row.url);
    if (!target) throw badRequest(m.notSupported);
    const password = await decryptSecret(ctx.db, row.password);
    try {
      // Connect to the address the guard checked, not to a second DNS answer.
      const address = await ctx.outbound.resolve(caller?.tenant_id ?? '', hostPortOf(target));
      await tryConnect({ ...target, host: address, user: row.username ?? undefined, password });
    } catch (error) {
      if (error instanceof OutboundRefused) throw badRequest(error.message);
      throw badRequest(`${m.connectFailed}: ${reasonOf(error)}`);
    }
    return true;
  },
});
