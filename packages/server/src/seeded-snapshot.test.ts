import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './db/migrate.js';
import { testConfig } from './kernel/config.js';
import { snapshotPath, sourceHash } from './seeded-snapshot.testkit.js';
import { startTestServer, type TestServer } from './testing.js';

describe('test servers started from the seeded snapshot', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer();
    second = await startTestServer();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('start migrated: no migration is left to apply', async () => {
    expect(await migrate(first.ctx.db)).toEqual([]);
  });

  it('start seeded: admin signs in with the configured password', async () => {
    await first.admin();
    const admin = await first.ctx.db
      .selectFrom('blade_user')
      .select('mustChangePassword')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin.mustChangePassword).toBe(0);
  });

  it('make their own signing keys: the snapshot holds none a server would share', async () => {
    const kids = async (server: TestServer) =>
      (await server.ctx.db.selectFrom('sso_signing_key').select('kid').execute()).map((r) => r.kid);
    const [a, b] = [await kids(first), await kids(second)];
    expect(a.length).toBeGreaterThan(0);
    expect(a.some((kid) => b.includes(kid))).toBe(false);
  });
});

describe('the snapshot key', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'snapshot-key-'));
    mkdirSync(join(root, 'db/migrations'), { recursive: true });
    writeFileSync(join(root, 'db/migrations/0001-a.ts'), 'create table a');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('changes with a migration, not with a test beside it', () => {
    const before = sourceHash(root, join(root, 'no-lockfile'));
    writeFileSync(join(root, 'db/migrations/0001-a.test.ts'), 'it()');
    expect(sourceHash(root, join(root, 'no-lockfile'))).toBe(before);
    writeFileSync(join(root, 'db/migrations/0001-a.ts'), 'create table a (id int)');
    expect(sourceHash(root, join(root, 'no-lockfile'))).not.toBe(before);
  });

  it("changes with what the seed writes from the configuration (the admin's password)", () => {
    const withPassword = snapshotPath(testConfig({ SSO_ADMIN_PASSWORD: 'admin' }), 'same');
    expect(snapshotPath(testConfig({ SSO_ADMIN_PASSWORD: 'admin' }), 'same')).toBe(withPassword);
    expect(snapshotPath(testConfig({ SSO_ADMIN_PASSWORD: undefined }), 'same')).not.toBe(withPassword);
  });
});
