import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

describe('sso audit verify-export', () => {
  it('answers valid for a signed log export, and exit status 1 once a byte of it changes', async () => {
    const sdk = server.client();
    await sdk.login({ username: 'admin', password: 'admin', tenantId: '000000' });
    const answer = await fetch(`${server.baseUrl}/api/blade-log/security/export?log=login`, {
      headers: { 'Blade-Auth': `bearer ${sdk.session?.token.access_token}` },
    });
    const signature = String(answer.headers.get('x-export-signature'));
    const bytes = new Uint8Array(await answer.arrayBuffer());
    const file = join(home.dir, 'login.xlsx');
    writeFileSync(file, bytes);
    const valid = await home.sso(['audit', 'verify-export', file, '--signature', signature]);
    expect(valid.code).toBe(0);
    expect(valid.out).toBe(`valid: ${answer.headers.get('x-export-digest')} signed by the platform\n`);

    bytes[bytes.length - 10] ^= 0xff;
    writeFileSync(file, bytes);
    const altered = await home.sso(['audit', 'verify-export', file, '--signature', signature]);
    expect(altered.code).toBe(1);
    expect(altered.err).toContain('not valid');
  });
});

describe('sso audit export', () => {
  it('saves a signed export and prints the signature that verify-export accepts', async () => {
    const file = join(home.dir, 'usual-export.xlsx');
    const exported = await home.sso(['audit', 'export', '--log', 'usual', '--out', file]);
    expect(exported.code).toBe(0);
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    const signature = /^signature: (.+)$/m.exec(exported.out)?.[1] ?? '';
    const digest = /^digest: (.+)$/m.exec(exported.out)?.[1] ?? '';
    expect(signature).toMatch(/^sm3:[0-9a-f]+$/);
    expect(exported.out).toContain(`verify: sso audit verify-export ${file} --signature "${signature}"`);
    const valid = await home.sso(['audit', 'verify-export', file, '--signature', signature]);
    expect(valid.out).toBe(`valid: ${digest} signed by the platform\n`);

    const refused = await home.sso(['audit', 'export', '--log', 'nothing']);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('usual、api、error 或 login');
  });
});
