import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../kernel/config.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs: a directory, memory, or the server's host. */
  location: string;
  close(): Promise<void>;
}

const INT8 = 20;

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in SSO_DATA_DIR (or memory://). */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  if (config.DATABASE_URL) {
    // int8 stays a string (ids are 64-bit); pg already does so by default.
    // A server that does not answer fails the connection after 10 s instead of hanging the request.
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 10, connectionTimeoutMillis: 10_000 });
    // An idle connection closed by the server (restart, failover) must not crash the process:
    // the pool drops it and opens another on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    // A connection that breaks while checked out (between the statements of a transaction) emits
    // its error with no pool listener attached: without one of its own it would end the process.
    // Its statements fail on their own, and the pool drops it when it is released.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    const url = new URL(config.DATABASE_URL);
    return { db, kind: 'postgres', location: `${url.hostname}:${url.port || 5432}${url.pathname}`, close: () => db.destroy() };
  }
  const memory = config.SSO_DATA_DIR === 'memory://';
  const dir = memory ? undefined : resolve(config.SSO_DATA_DIR);
  if (dir) mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create({ dataDir: dir, parsers: { [INT8]: (value: string) => value } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins });
  return {
    db,
    kind: 'pglite',
    location: dir ?? 'memory',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
