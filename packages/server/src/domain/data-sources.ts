import { ApiError, badRequest, defineMessages, say, withDetail } from '@sso/shared-api';
import type mysqlModule from 'mysql2/promise';
import pg from 'pg';
import type { AppContext } from '../context.js';
import { decryptSecret } from '../db/secrets.js';
import { onFirstUse } from '../kernel/on-first-use.js';

const mysql = onFirstUse<typeof mysqlModule>('mysql2/promise');

import { live } from '../kernel/live-rows.js';
import { OutboundRefused } from '../net/outbound-guard.js';

const m = defineMessages('dataSources', {
  notSupported: ['只支持 PostgreSQL 与 MySQL/MariaDB 数据源', 'Only PostgreSQL and MySQL/MariaDB data sources are supported'],
  connectFailed: ['数据源连接失败', 'Could not connect to the data source'],
});

/** How long a connection to a data source may take, and each statement on it. */
const TIMEOUT_MS = 5000;

/** Where a data source's database is: its kind, host, port and database. */
export interface DatabaseTarget {
  kind: 'postgres' | 'mysql';
  host: string;
  port: number;
  database: string;
}

/** Host, port and database of a PostgreSQL URL, JDBC style or not; undefined for other databases. */
export function postgresTarget(url: string): Omit<DatabaseTarget, 'kind'> | undefined {
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

/** MySQL and MariaDB URLs, JDBC style or not (`jdbc:mysql://host:3306/db?…`, `mariadb://…`). */
function mysqlTarget(url: string): Omit<DatabaseTarget, 'kind'> | undefined {
  const bare = url.trim().replace(/^jdbc:/i, '');
  const scheme = /^(mysql|mariadb):\/\//i.exec(bare);
  if (!scheme) return undefined;
  const parsed = new URL(`mysql://${bare.slice(scheme[0].length)}`);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, '') || 'localhost',
    port: parsed.port ? Number(parsed.port) : 3306,
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
  };
}

/** The database a data source URL names, or undefined for a kind the platform cannot reach. */
export function databaseTarget(url: string): DatabaseTarget | undefined {
  try {
    const postgres = postgresTarget(url);
    if (postgres) return { kind: 'postgres', ...postgres };
    const mysqlLike = mysqlTarget(url);
    return mysqlLike ? { kind: 'mysql', ...mysqlLike } : undefined;
  } catch {
    return undefined;
  }
}

/** `host:port` as the outbound guard reads it (IPv6 in brackets). */
export const hostPortOf = (target: { host: string; port: number }) =>
  target.host.includes(':') ? `[${target.host}]:${target.port}` : `${target.host}:${target.port}`;

/** An open connection to a data source's database: statements in its own dialect ($1 or ?). */
export interface DataSourceSession {
  target: DatabaseTarget;
  query<R>(statement: string, params?: unknown[]): Promise<R[]>;
}

interface Login {
  user?: string;
  password?: string;
}

async function postgresSession<T>(target: DatabaseTarget, login: Login, use: (session: DataSourceSession) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    ...target,
    ...login,
    connectionTimeoutMillis: TIMEOUT_MS,
    query_timeout: TIMEOUT_MS,
  });
  client.on('error', () => {}); // a connection dropped after the work is not the caller's concern
  try {
    await client.connect();
    return await use({ target, query: async (statement, params) => (await client.query(statement, params)).rows });
  } finally {
    await client.end().catch(() => {});
  }
}

async function mysqlSession<T>(target: DatabaseTarget, login: Login, use: (session: DataSourceSession) => Promise<T>): Promise<T> {
  const connection = await mysql().createConnection({
    host: target.host,
    port: target.port,
    database: target.database || undefined,
    ...login,
    connectTimeout: TIMEOUT_MS,
  });
  try {
    return await use({
      target,
      query: async <R>(statement: string, params?: unknown[]) =>
        (await connection.query({ sql: statement, timeout: TIMEOUT_MS }, params))[0] as R[],
    });
  } finally {
    await connection.end().catch(() => {});
  }
}

/** What went wrong, in the driver's words (a refused connection to several addresses is an AggregateError). */
function reasonOf(error: unknown): string {
  const e = error as { message?: string; code?: string; errors?: { message?: string }[] };
  return e?.message || e?.errors?.[0]?.message || e?.code || String(error);
}

/**
 * Works on a stored data source's database with its own driver (PostgreSQL, MySQL/MariaDB). Its
 * host passes the outbound guard for the caller's tenant and the connection goes to the address
 * the guard checked, not to a second DNS answer. An unknown data source, a kind the platform
 * cannot reach, a refused address or a failed connection or statement answers 400.
 */
export async function withDataSource<T>(
  ctx: AppContext,
  tenantId: string,
  datasourceId: string,
  use: (session: DataSourceSession) => Promise<T>,
): Promise<T> {
  const row = await ctx.db.selectFrom('blade_datasource').selectAll().where('id', '=', datasourceId).$call(live()).executeTakeFirst();
  if (!row) throw badRequest(say('recordMissing'));
  const target = databaseTarget(row.url);
  if (!target) throw badRequest(m.say.notSupported);
  const login = { user: row.username ?? undefined, password: (await decryptSecret(ctx.db, row.password)) ?? undefined };
  try {
    const address = await ctx.outbound.resolve(tenantId, hostPortOf(target));
    const pinned = { ...target, host: address };
    return await (target.kind === 'postgres' ? postgresSession(pinned, login, use) : mysqlSession(pinned, login, use));
  } catch (error) {
    if (error instanceof OutboundRefused) throw badRequest(error.said);
    if (error instanceof ApiError) throw error; // the work's own answer (a table it did not find)
    throw badRequest(withDetail(m.say.connectFailed, reasonOf(error)));
  }
}
