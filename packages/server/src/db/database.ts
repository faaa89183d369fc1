import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../kernel/config.js';
import { claimDataDir } from './data-dir-claim.js';
import { resolveMasterKey } from './master-key.js';
import { PersonalDataKeys } from './personal-data-keys.js';
import { PersonalDataPlugin } from './personal-data-plugin.js';
import { PGliteDialect } from './pglite-dialect.js';
import { preparingPool } from './prepared-statements.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** The handles of embedded databases, which plan every statement anew (PGlite keeps no prepared statements). */
const embedded = new WeakSet<Db>();
/** Whether `db` plans each statement it is sent (the embedded database), rather than preparing frequent ones once. */
export const plansEveryStatement = (db: Db): boolean => embedded.has(db);

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs: a directory, memory, or the server's host. */
  location: string;
  close(): Promise<void>;
  /** The keys of personal data at rest the handle encrypts and decrypts with (none until loaded, see personal-data.ts). */
  personalData: PersonalDataKeys;
  /**
   * PGlite only: its data directory as a tarball, which `initialData` loads. Not compressed: the
   * test servers that load one are many, and unzipping took a quarter of each load.
   */
  dump?(): Promise<Blob>;
}

const INT8 = 20;

export interface OpenOptions {
  /**
   * A dumped PGlite data directory (`dumpDataDir()`) the in-memory database starts from instead of
   * an empty one: test servers load a migrated and seeded snapshot rather than run initdb each.
   * Only a new database takes one (memory://, or a directory holding no database yet); a database
   * that exists, and PostgreSQL, keep the data they have.
   */
  initialData?: Blob;
  /** PostgreSQL only: the connections' application_name (a server's by default). */
  connectionName?: string;
}

/** The application_name of a server's PostgreSQL connections (its cluster bus has its own). */
export const SERVER_CONNECTION_NAME = 'sso-server';

/**
 * The embedded database's memory: PostgreSQL's defaults size a shared server (128 MB of shared
 * buffers, 64 MB per maintenance task) and PGlite keeps whatever its WebAssembly memory grew to for
 * the life of the process. One process with one connection and a platform's worth of rows needs a
 * fraction: these keep the idle footprint of `npm start` small without slowing the portal.
 */
const EMBEDDED_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB', 'work_mem=4MB', 'temp_buffers=4MB', 'wal_buffers=1MB'];

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in SSO_DATA_DIR (or memory://). */
export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const memory = config.SSO_DATA_DIR === 'memory://' && !config.DATABASE_URL;
  const newDirectory = !memory && !config.DATABASE_URL && !existsSync(join(resolve(config.SSO_DATA_DIR), 'PG_VERSION'));
  if (options.initialData && !memory && !newDirectory) throw new Error('an initial data directory is for a new database only');
  // After the camel-case plugin: the personal-data plugin reads the snake_case names it writes.
  const plugins = (keys: PersonalDataKeys) => [new CamelCasePlugin(), new PersonalDataPlugin(keys)];
  if (config.DATABASE_URL) {
    const personalData = new PersonalDataKeys(resolveMasterKey(config));
    // int8 stays a string (ids are 64-bit); pg already does so by default.
    // A server that does not answer fails the connection after 10 s instead of hanging the request.
    // Named, so that whoever needs to know whether servers are connected can tell (pg_stat_activity).
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      application_name: options.connectionName ?? SERVER_CONNECTION_NAME,
      max: 10,
      connectionTimeoutMillis: 10_000,
    });
    // An idle connection closed by the server (restart, failover) must not crash the process:
    // the pool drops it and opens another on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    // A connection that breaks while checked out (between the statements of a transaction) emits
    // its error with no pool listener attached: without one of its own it would end the process.
    // Its statements fail on their own, and the pool drops it when it is released.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: config.SSO_PG_PREPARED_STATEMENTS === 'false' ? pool : preparingPool(pool) }),
      plugins: plugins(personalData),
    });
    const url = new URL(config.DATABASE_URL);
    return {
      db,
      kind: 'postgres',
      personalData,
      location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: () => db.destroy(),
    };
  }
  const dir = memory ? undefined : resolve(config.SSO_DATA_DIR);
  if (dir) mkdirSync(dir, { recursive: true });
  // One process at a time in a directory: a second one would corrupt it.
  const release = dir ? await claimDataDir(dir) : async () => {};
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      dataDir: dir,
      loadDataDir: options.initialData,
      parsers: { [INT8]: (value: string) => value },
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting])],
    });
  } catch (error) {
    await release();
    throw error;
  }
  // The master key once the directory holds a database: a file made at a first start goes beside
  // the one PGlite made there, not into the directory it is about to make its own.
  let embeddedKeys: PersonalDataKeys;
  try {
    embeddedKeys = new PersonalDataKeys(resolveMasterKey(config));
  } catch (error) {
    await pglite.close();
    await release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: plugins(embeddedKeys) });
  embedded.add(db);
  return {
    db,
    kind: 'pglite',
    personalData: embeddedKeys,
    location: dir ?? 'memory',
    dump: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      await pglite.close();
      await release();
    },
  };
}
