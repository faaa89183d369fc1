import { startTestServer, type TestServer } from '@sso/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHome } from './cli-home.testkit.js';

/** `sso audit verify`: exit 0 on an intact chain of security records, 1 naming the first altered record. */
let server: TestServer;
let home: Awaited<ReturnType<typeof adminHome>>;

beforeAll(async () => {
  server = await startTestServer();
  home = await adminHome(server);
});
afterAll(async () => {
  home?.cleanup();
  await server?.close();
});

describe('sso audit verify', () => {
  it('answers intact, then names an altered record with exit status 1', async () => {
    const intact = await home.sso(['audit', 'verify']);
    expect(intact.code).toBe(0);
    expect(intact.out).toMatch(/^intact: [1-9]\d* records checked/);
    const json = await home.sso(['audit', 'verify', '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ intact: true, firstBroken: null });

    const row = await server.ctx.db
      .selectFrom('blade_log_login')
      .select('id')
      .where('tenantId', '=', '000000')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await server.ctx.db.updateTable('blade_log_login').set({ account: 'someone-else' }).where('id', '=', row.id).execute();
    const broken = await home.sso(['audit', 'verify', '--tenant', '000000']);
    expect(broken.code).toBe(1);
    expect(broken.err).toContain(`altered record blade_log_login ${row.id}`);
  });
});
