import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './db/database.js';
import { migrateAndSeed } from './first-start.js';
import { type Config, testConfig } from './kernel/config.js';

/**
 * In-memory test servers start from a dump of a migrated and seeded PGlite database instead of an
 * empty one: creating a PGlite database (initdb) and migrating it is most of a test server's start.
 *
 * The dump is kept in the system's temp folder under a hash of what writes it (the migrations,
 * the seed and its data, the dependencies' lockfile), so a changed migration or seed makes a new
 * one, and of the seed's inputs from the configuration (the admin password, the hashing cost).
 * The first process that needs one builds it and renames it into place whole; processes starting
 * together may each build it once, and every later server of the run loads it. It holds nothing
 * a server makes for itself at start (signing keys, SM2 keys, the data key): those are written by
 * each server, as on an empty database. The server still runs migrate() and seed() on it.
 */
const srcDir = dirname(fileURLToPath(import.meta.url));
const repoDir = resolve(srcDir, '../../..');
export const snapshotDir = join(tmpdir(), 'sso-test-snapshots');

/** The sources whose change changes the snapshot, relative to the server's src/. */
const WRITERS = [
  'db/',
  'first-start.ts',
  'flow/seed-leave.ts',
  'flow/seed-hr-role.ts',
  'flow/leave-model.ts',
  'seeded-snapshot.testkit.ts',
];

/** A hash of the snapshot's writers under `root` (a server src/ folder) and of `lockfile`. */
export function sourceHash(root = srcDir, lockfile = join(repoDir, 'pnpm-lock.yaml')): string {
  const hash = createHash('sha256');
  const files = WRITERS.flatMap((path) => (path.endsWith('/') ? filesUnder(join(root, path)) : [join(root, path)]));
  for (const file of files.filter((f) => existsSync(f) && !/\.test\.ts$/.test(f)).sort()) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  if (existsSync(lockfile)) hash.update(readFileSync(lockfile));
  return hash.digest('hex').slice(0, 16);
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** What of the configuration the seed writes into the database. */
export const seedInputs = (config: Config) => ({
  adminPassword: config.SSO_ADMIN_PASSWORD ?? null,
  memoryKib: config.SSO_ARGON2_MEMORY_KIB,
  passes: config.SSO_ARGON2_PASSES,
  workerId: config.SSO_WORKER_ID ?? null,
});

/** Where the snapshot for this configuration is kept. */
export function snapshotPath(config: Config, sources = sourceHash()): string {
  const inputs = createHash('sha256')
    .update(JSON.stringify(seedInputs(config)))
    .digest('hex')
    .slice(0, 12);
  return join(snapshotDir, `${sources}-${inputs}.tar`);
}

const loaded = new Map<string, Promise<Blob>>();
let sources: string | undefined;

/** The migrated and seeded database for a test server of this configuration, built if missing. */
export function seededSnapshot(config: Config): Promise<Blob> {
  sources ??= sourceHash();
  const path = snapshotPath(config, sources);
  let snapshot = loaded.get(path);
  if (!snapshot) {
    snapshot = existsSync(path) ? Promise.resolve(new Blob([readFileSync(path)])) : buildSnapshot(config, path, sources);
    // A failed build is not remembered: the next server tries again.
    snapshot.catch(() => loaded.delete(path));
    loaded.set(path, snapshot);
  }
  return snapshot;
}

async function buildSnapshot(config: Config, path: string, current: string): Promise<Blob> {
  const database = await openDatabase(testConfig({ SSO_DATA_DIR: 'memory://' }));
  try {
    await migrateAndSeed(database.db, config);
    if (!database.dump) throw new Error('the snapshot needs a PGlite database');
    const bytes = Buffer.from(await (await database.dump()).arrayBuffer());
    mkdirSync(snapshotDir, { recursive: true });
    dropOtherSources(current);
    // Written aside and renamed: a process reading the path sees the whole dump or none.
    const partial = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, path);
    return new Blob([bytes]);
  } finally {
    await database.close();
  }
}

/** Snapshots of other sources a day old or more: another checkout may still be using newer ones. */
function dropOtherSources(current: string) {
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of readdirSync(snapshotDir)) {
    const path = join(snapshotDir, name);
    if (!name.startsWith(current) && statSync(path).mtimeMs < dayAgo) rmSync(path, { force: true });
  }
}
