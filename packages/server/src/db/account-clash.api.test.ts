import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { md5, toBase64 } from '@sso/shared-api';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../app.js';
import { testConfig } from '../kernel/config.js';
import { postgresUnderTest } from '../testing.js';
import { openDatabase } from './database.js';
import { migrate } from './migrate.js';

/**
 * A database whose users already clash by case when accounts become unique regardless of case:
 * the migration reports each clash and keeps the rows working with a non-unique index.
 */
const config = testConfig();
let cleanup: () => Promise<void> = async () => undefined;
let server: Server;
const PASSWORD = 'Clash@123';

async function withPg(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const adminUrl = postgresUnderTest();
  if (adminUrl) {
    const name = `sso_clash_${randomBytes(6).toString('hex')}`;
    await withPg(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    config.DATABASE_URL = url.toString();
    cleanup = () => withPg(adminUrl, `drop database if exists ${name} with (force)`);
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'sso-clash-'));
    config.SSO_DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  // The database as it was before accounts became unique regardless of case.
  const before = await openDatabase(config);
  await migrate(before.db, { upTo: 10 });
  // An imported sha1(md5) hash, as the platform being replaced stored them.
  const password = createHash('sha1').update(md5(PASSWORD)).digest('hex');
  const users: [string, string, number][] = [
    ['000000', 'CaseAcc', 0],
    ['000000', 'caseacc', 0],
    ['000000', 'CASEACC', 1], // removed: not a clash
    ['424242', 'Twin', 0],
    ['424242', 'TWIN', 0],
    ['424242', 'single', 0],
    ['535353', 'twin', 0], // another tenant: not a clash
  ];
  await before.db
    .insertInto('blade_user')
    .values(users.map(([tenantId, account, isDeleted], i) => ({ id: String(9_000_000 + i), tenantId, account, password, isDeleted })))
    .execute();
  await before.close();
  server = await buildServer(config);
}, 60_000);

const signIn = (username: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'password', tenantId: '000000', username, password: md5(PASSWORD) })}`,
    headers: { authorization: `Basic ${toBase64('saber:saber_secret')}` },
  });

afterAll(async () => {
  await server?.close();
  await cleanup();
});

describe('accounts that already differ only in case', () => {
  it('are reported at start in the usual log, one warning per clash naming its tenant and accounts', async () => {
    await server.ctx.logs.flush();
    const logged = await server.ctx.db
      .selectFrom('blade_log_usual')
      .select(['logLevel', 'logData'])
      .where('logId', '=', 'account-clash')
      .orderBy('id')
      .execute();
    const clashes = logged.map((r) => JSON.parse(r.logData ?? '{}') as { tenantId: string; accounts: string; message: string });
    expect(clashes.map(({ tenantId, accounts }) => ({ tenantId, accounts }))).toEqual([
      { tenantId: '000000', accounts: 'CaseAcc, caseacc' },
      { tenantId: '424242', accounts: 'TWIN, Twin' },
    ]);
    expect(clashes[0]?.message).toContain('000000: CaseAcc, caseacc');
    expect(logged.every((r) => r.logLevel === 'warn')).toBe(true);
  });

  it('keep working: the index is not unique, and each signs in with its exact spelling', async () => {
    const index = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'blade_user_account_ci'`.execute(
      server.ctx.db,
    );
    expect(index.rows[0]?.indexdef).toMatch(/^CREATE INDEX /);
    for (const account of ['CaseAcc', 'caseacc']) {
      const answer = await signIn(account);
      expect({ status: answer.statusCode, account: answer.json().account }).toEqual({ status: 200, account });
    }
    // Neither is spelled this way and both equal it ignoring case: nobody is signed in.
    expect((await signIn('CASEacc')).json()).toEqual({ error_code: 400, error_description: '用户名或密码错误' });
  });
});
