import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { passwordsOf } from './context.js';
import { type Db, openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import type { MigrationNotice } from './db/migration-notices.js';
import { seed } from './db/seed.js';
import { seedLeaveProcess } from './flow/seed-leave.js';
import type { Config } from './kernel/config.js';
import { IdGenerator } from './kernel/ids.js';

/**
 * A first start on the embedded database prepares it (initdb, every migration, the seed) in a
 * short-lived child process of the same program. That preparation grows the process by about
 * 90 MiB that neither the closed database instance nor the C allocator ever gives back; in a child
 * it leaves with the child, so a first start serves as small as a restart. Restarts, upgrades and
 * PostgreSQL prepare in the server's own process as before (nothing, or a few migrations, to do).
 */
const PREPARE_ONLY = 'SSO_PREPARE_DATABASE_ONLY';

/** An embedded database directory that holds no database yet: what a first start finds. */
export const isFirstEmbeddedStart = (config: Config): boolean =>
  !config.DATABASE_URL && config.SSO_DATA_DIR !== 'memory://' && !existsSync(join(resolve(config.SSO_DATA_DIR), 'PG_VERSION'));

/** True in the child: it prepares the database and exits, serving nothing. */
export const preparingOnly = (): boolean => process.env[PREPARE_ONLY] === '1';

/**
 * What every start does to its database before serving, and what the test databases are made
 * with: the pending migrations (answered), then the seed, which adds only what is missing.
 */
export async function migrateAndSeed(
  db: Db,
  config: Config,
  ids = new IdGenerator(config.SSO_WORKER_ID),
  notify?: (notice: MigrationNotice) => void,
): Promise<number[]> {
  const applied = await migrate(db, { notify });
  await seed(db, { ids, passwords: passwordsOf(config), adminPassword: config.SSO_ADMIN_PASSWORD });
  await seedLeaveProcess(db, ids);
  return applied;
}

/** The child's work: the database created, migrated and seeded, then closed. */
export async function prepareDatabase(config: Config): Promise<void> {
  const database = await openDatabase(config);
  try {
    await migrateAndSeed(database.db, config);
  } finally {
    await database.close();
  }
}

/**
 * Runs this program again as the preparing child and waits for it; answers its exit code (0 when
 * prepared). The child prints its own errors.
 */
export function prepareInChild(): Promise<number> {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [PREPARE_ONLY]: '1' },
    stdio: 'inherit',
  });
  return new Promise((done) => {
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(1));
  });
}
