import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@sso/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHome } from './cli-home.testkit.js';

/**
 * `sso code gen`: the zip of a code record written to a file. The record's table is one every
 * PostgreSQL server has (pg_catalog.pg_am), read from the server the run names.
 */
const postgres = process.env.SSO_TEST_PG_URL ?? process.env.SSO_TEST_DATABASE_URL;
let server: TestServer;
let home: Awaited<ReturnType<typeof adminHome>>;
let recordId = '';

beforeAll(async () => {
  server = await startTestServer();
  home = await adminHome(server);
  const admin = await server.admin();
  const url = new URL(postgres ?? 'postgres://postgres@127.0.0.1:1/none');
  const source = await admin.system.datasource.submit({
    name: 'CLI 源',
    driverClass: 'org.postgresql.Driver',
    url: `jdbc:postgresql://${url.hostname}:${url.port || 5432}${url.pathname}`,
    username: decodeURIComponent(url.username) || 'postgres',
    password: decodeURIComponent(url.password),
  });
  const saved = await admin.system.code.submit({
    datasourceId: source.id,
    codeName: '访问方法',
    serviceName: 'blade-steel',
    tableName: 'pg_catalog.pg_am',
    tablePrefix: 'pg_',
    pkName: 'oid',
    packageName: 'org.springblade.steel',
    baseMode: 1,
    wrapMode: 0,
    apiPath: 'sso',
    webPath: 'saber',
  });
  recordId = saved.id;
}, 120_000);
afterAll(async () => {
  home?.cleanup();
  await server?.close();
});

describe('sso code gen', () => {
  it.skipIf(!postgres)("writes the zip of a record's generated resource to -o", async () => {
    const file = join(home.dir, 'am.zip');
    const result = await home.sso(['code', 'gen', recordId, '-o', file]);
    expect(result.err).toContain(`code gen: ${file}`);
    expect(result.code).toBe(0);
    const zip = readFileSync(file);
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    for (const name of ['sso/shared-api/src/resources/blade-steel/am.ts', 'sso/README-am.md']) expect(zip.includes(name)).toBe(true);
    const saber = await home.sso(['code', 'gen', recordId, '--system', 'saber']);
    expect(saber.code).toBe(0);
    expect(Buffer.concat(saber.bytes).includes('saber/src/views/steel/am.vue')).toBe(true);
  });

  it('refuses an unknown target and ids that are no numbers, and says what the server refused', async () => {
    expect((await home.sso(['code', 'gen', recordId, '--system', 'java', '-o', 'x.zip'])).code).toBe(2);
    expect((await home.sso(['code', 'gen', '../x', '-o', 'x.zip'])).code).toBe(2);
    const missing = await home.sso(['code', 'gen', '99', '-o', join(home.dir, 'none.zip')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('数据不存在');
  });
});
