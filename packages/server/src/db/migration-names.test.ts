import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../kernel/config.js';
import { type DatabaseHandle, openDatabase } from './database.js';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';

/**
 * Migrations were renamed after the tables they create. A database records each applied
 * migration by version (its name beside it only for people): one migrated under the old names
 * runs none of them again.
 */
const OLD_NAMES: Record<number, string> = {
  1: 'core',
  2: 'identity',
  5: 'menus-regions',
  6: 'tenants',
  7: 'logs',
  8: 'resources',
  11: 'lockout-accounts',
};
let handle: DatabaseHandle;
let appliedAgain: number[];

beforeAll(async () => {
  handle = await openDatabase({ ...testConfig(), DATABASE_URL: undefined, SSO_DATA_DIR: 'memory://' });
  await migrate(handle.db, { upTo: 13 });
  for (const [version, name] of Object.entries(OLD_NAMES)) {
    await handle.db.updateTable('sso_migration').set({ name }).where('version', '=', Number(version)).execute();
  }
  appliedAgain = await migrate(handle.db);
});
afterAll(() => handle?.close());

describe('a database migrated under the old migration names', () => {
  it('applies only the versions it has not applied', () => {
    expect(appliedAgain).toEqual(migrations.filter((m) => m.version > 13).map((m) => m.version));
  });

  it('keeps one record per version', async () => {
    const rows = await handle.db.selectFrom('sso_migration').select(['version', 'name']).orderBy('version').execute();
    expect(rows.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
    expect(rows.find((row) => row.version === 1)?.name).toBe('core');
  });
});
