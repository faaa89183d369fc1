import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './db/migrate.js';
import { testConfig } from './kernel/config.js';
import { templateName } from './seeded-template.testkit.js';
import { postgresUnderTest, startTestServer, type TestServer } from './testing.js';

describe('the template database key', () => {
  it('changes with the sources and with what of the configuration the seed writes', () => {
    const config = testConfig({ SSO_ADMIN_PASSWORD: 'admin' });
    expect(templateName(config, 'aaaa')).toBe(templateName(testConfig({ SSO_ADMIN_PASSWORD: 'admin' }), 'aaaa'));
    expect(templateName(config, 'bbbb')).not.toBe(templateName(config, 'aaaa'));
    expect(templateName(testConfig({ SSO_ADMIN_PASSWORD: 'other' }), 'aaaa')).not.toBe(templateName(config, 'aaaa'));
  });
});

describe.skipIf(!postgresUnderTest())('PostgreSQL test servers copied from the seeded template', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    [first, second] = await Promise.all([startTestServer(), startTestServer()]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('start migrated and seeded: no migration is left, admin signs in with the configured password', async () => {
    expect(await migrate(first.ctx.db)).toEqual([]);
    await first.admin();
  });

  it('each get a database of their own: what one writes the other does not see', async () => {
    await first.ctx.db.updateTable('blade_user').set({ realName: 'first only' }).where('account', '=', 'admin').execute();
    const name = (server: TestServer) =>
      server.ctx.db.selectFrom('blade_user').select('realName').where('account', '=', 'admin').executeTakeFirstOrThrow();
    expect((await name(first)).realName).toBe('first only');
    expect((await name(second)).realName).not.toBe('first only');
  });

  it('make their own signing keys: the template holds none a server would share', async () => {
    const kids = async (server: TestServer) =>
      (await server.ctx.db.selectFrom('sso_signing_key').select('kid').execute()).map((r) => r.kid);
    const [a, b] = [await kids(first), await kids(second)];
    expect(a.length).toBeGreaterThan(0);
    expect(a.some((kid) => b.includes(kid))).toBe(false);
  });
});
