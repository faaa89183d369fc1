import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from './db/database.js';
import { migrateAndSeed } from './first-start.js';
import { type Config, testConfig } from './kernel/config.js';
import { seedInputs, sourceHash } from './seeded-snapshot.testkit.js';

/**
 * PostgreSQL test servers start from a copy of a migrated and seeded template database, the
 * counterpart of PGlite's seeded snapshot: `create database … template` copies it in a fraction
 * of the time migrating and seeding a new database takes, and every suite runs twice on
 * PostgreSQL's side of the run.
 *
 * The template is named after the same hash as the snapshot (the migrations, the seed and its
 * data, the lockfile) and the seed's inputs from the configuration, so a changed migration makes
 * a new one. The first process that needs it builds it under another name while holding an
 * advisory lock, and renames it into place once no connection is left to it (PostgreSQL copies a
 * template only while nobody is connected to it); the processes waiting on the lock then find it
 * built. Templates of other sources are dropped when a new one is built.
 */
const PREFIX = 'sso_tpl_';

export const templateName = (config: Config, sources = sourceHash()): string =>
  `${PREFIX}${sources}_${createHash('sha256')
    .update(JSON.stringify(seedInputs(config)))
    .digest('hex')
    .slice(0, 12)}`;

const built = new Map<string, Promise<string>>();

/** The name of the migrated and seeded template database for this configuration, built if missing. */
export function seededTemplate(adminUrl: string, config: Config): Promise<string> {
  const name = templateName(config);
  let template = built.get(name);
  if (!template) {
    template = buildOnce(adminUrl, config, name);
    // A failed build is not remembered: the next server tries again.
    template.catch(() => built.delete(name));
    built.set(name, template);
  }
  return template;
}

async function buildOnce(adminUrl: string, config: Config, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = async () => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  try {
    if (await exists()) return name;
    // One builder at a time across processes; a session lock ends with its connection.
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    if (await exists()) return name;
    const building = `${name}_b${randomBytes(3).toString('hex')}`;
    await admin.query(`create database ${building}`);
    try {
      await prepareTemplate(urlOf(adminUrl, building), config);
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      await admin.query(`drop database if exists ${building} with (force)`);
      throw error;
    }
    await dropOtherSources(admin, name);
    return name;
  } finally {
    await admin.end();
  }
}

/** The database at `url` migrated and seeded the way a first start does, then left unconnected. */
async function prepareTemplate(url: string, config: Config): Promise<void> {
  const database = await openDatabase(testConfig({ DATABASE_URL: url }));
  try {
    await migrateAndSeed(database.db, config);
  } finally {
    await database.close();
  }
}

/** Templates of other sources (an older checkout's), dropped quietly: one still copied from stays. */
async function dropOtherSources(admin: pg.Client, current: string): Promise<void> {
  const sources = current.slice(0, PREFIX.length + 16);
  const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${PREFIX}%`]);
  for (const { datname } of rows) {
    if (datname.startsWith(sources)) continue;
    await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
  }
}

export function urlOf(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
