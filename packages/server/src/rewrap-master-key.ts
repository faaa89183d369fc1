import { sql } from 'kysely';
import { APPLICATION_NAME as BUS_CONNECTION_NAME } from './cluster/pg-bus.js';
import { type Db, openDatabase, SERVER_CONNECTION_NAME } from './db/database.js';
import { MasterKeyError, resolveMasterKey, resolveNewMasterKey } from './db/master-key.js';
import { keyFileReplacement, rewrapPersonalKeys } from './db/master-key-rewrap.js';
import { isFirstEmbeddedStart } from './first-start.js';
import type { Config } from './kernel/config.js';

/**
 * `node dist/main.js rewrap-master-key`: an operator's command, not a server start. With the
 * servers stopped, it rewraps every stored personal-data key from the current master key (taken as
 * a start takes it) to the new one (SSO_NEW_MASTER_KEY or SSO_NEW_MASTER_KEY_FILE), in one
 * transaction. When the current key is the data directory's `master.key`, the file is replaced
 * by the new key after the commit; otherwise the operator sets the new key where the current one
 * is set, on every node. Refusals are MasterKeyError lines (never a key's value), as at a start.
 */
export const REWRAP_MASTER_KEY = 'rewrap-master-key';

export const rewrapRequested = (argv: readonly string[] = process.argv): boolean => argv[2] === REWRAP_MASTER_KEY;

const REWRAP_CONNECTION_NAME = 'sso-rewrap-master-key';

/**
 * A server running during the rewrap would wrap a key it adds under the old master key, leaving
 * the keys under two: so the rewrap refuses while any server is connected to the database.
 */
async function refuseWhileServersConnected(db: Db): Promise<void> {
  const { rows } = await sql<{ connected: number }>`select count(*)::int as connected from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()
      and application_name in (${SERVER_CONNECTION_NAME}, ${BUS_CONNECTION_NAME})`.execute(db);
  const connected = rows[0]?.connected ?? 0;
  if (connected > 0)
    throw new MasterKeyError(
      `${connected} connection${connected === 1 ? '' : 's'} of a running server ${connected === 1 ? 'is' : 'are'} open on this database: stop every node, then rewrap`,
    );
}

/** Runs the rewrap; answers the line to print. */
export async function rewrapMasterKey(config: Config, env: Readonly<Record<string, string | undefined>> = process.env): Promise<string> {
  if (!config.DATABASE_URL && (config.SSO_DATA_DIR === 'memory://' || isFirstEmbeddedStart(config)))
    throw new MasterKeyError(`SSO_DATA_DIR=${config.SSO_DATA_DIR}: no database there whose keys could be rewrapped`);
  // The new key is checked before the database is opened: a malformed one changes nothing.
  const next = resolveNewMasterKey(env);
  const current = resolveMasterKey(config);
  if (next.hex === current.hex) throw new MasterKeyError(`${next.source}: the new master key is the current one (${current.source})`);
  const file = current.dataDirFile ? keyFileReplacement(current.dataDirFile, next) : undefined;
  // An embedded directory cannot be opened while a server has it (openDatabase refuses).
  const database = await openDatabase(config, { connectionName: REWRAP_CONNECTION_NAME });
  let count: number;
  try {
    if (database.kind === 'postgres') await refuseWhileServersConnected(database.db);
    count = await rewrapPersonalKeys(database.db, current, next, () => file?.stage());
  } catch (error) {
    file?.discard();
    await database.close();
    throw error;
  }
  // Committed: the data directory's file takes the new key at once, before anything else can fail.
  file?.install();
  await database.close();
  const keys = `${count} personal-data key${count === 1 ? '' : 's'}`;
  if (current.dataDirFile) return `rewrapped ${keys} under the new master key; ${current.dataDirFile} now holds it`;
  return `rewrapped ${keys} under the new master key: set it in place of the current one (${current.source}) on every node before the next start`;
}
