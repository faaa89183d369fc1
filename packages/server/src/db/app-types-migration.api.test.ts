import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../app.js';
import { testConfig } from '../kernel/config.js';
import { postgresUnderTest } from '../testing.js';
import { openDatabase } from './database.js';
import { migrate } from './migrate.js';

/**
 * A populated database from before migration 18, when `app_type` named the kind of client (web,
 * mobile, mini program, desktop) and `app_category` the business kind: after the upgrade every
 * application, login-log row and dictionary says the same thing under the swapped names (a log row
 * whose application is gone has no business kind: migration 28), and the login log's indexes exist.
 */
const config = testConfig();
let cleanup: () => Promise<void> = async () => undefined;
let server: Server;

async function withPg(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** The two dictionaries as the platform seeded them before the swap, with an administrator's own entry and label. */
const OLD_DICTS: [code: string, key: string, value: string][] = [
  ['app_type', '-1', '应用类型'],
  ['app_type', '1', 'web应用'],
  ['app_type', '2', '移动应用'],
  ['app_type', '3', '小程序'],
  ['app_type', '4', '客户端'],
  ['app_category', '-1', '应用分类'],
  ['app_category', '1', '办公协同'],
  ['app_category', '2', '生产制造'],
  ['app_category', '3', '经营管理'],
  ['app_category', '4', '财务'], // relabelled by an administrator (the seed says 财务管理)
  ['app_category', '5', '人力资源'],
  ['app_category', '6', '其他'],
  ['app_category', '7', '安全环保'], // added by an administrator
];
const PARENTS: Record<string, string> = { app_type: '1700000000000000100', app_category: '1700000000000000200' };

/** id, code, old app_type (client kind), old app_category (business kind), is_deleted. */
const APPS: [string, string, string | null, string | null, number][] = [
  ['1700000000000001001', 'oa', '1', '1', 0],
  ['1700000000000001002', 'erp-mobile', '2', '3', 0],
  ['1700000000000001003', 'payroll', '3', '5', 0],
  ['1700000000000001004', 'ehs', '4', '7', 0],
  ['1700000000000001005', 'legacy', null, '6', 0],
  ['1700000000000001006', 'retired', '2', '4', 1],
];
/** An application removed outright before the upgrade (an import from the old platform): its log rows stay. */
const GONE_APP = '1700000000000001999';
/** id, application id, app_type as it was written (the client kind), account. */
const LOGS: [string, string, string | null, string][] = [
  ['1700000000000002001', '1700000000000001001', '1', 'zhangsan'],
  ['1700000000000002002', '1700000000000001001', '1', 'lisi'],
  ['1700000000000002003', '1700000000000001002', '2', 'zhangsan'],
  ['1700000000000002004', '1700000000000001003', '3', 'wangwu'],
  ['1700000000000002005', '1700000000000001004', '4', 'wangwu'],
  ['1700000000000002006', '1700000000000001005', null, 'lisi'],
  ['1700000000000002007', '1700000000000001006', '2', 'zhangsan'],
  ['1700000000000002008', GONE_APP, '4', 'lisi'],
];

beforeAll(async () => {
  const adminUrl = postgresUnderTest();
  if (adminUrl) {
    const name = `sso_apptypes_${randomBytes(6).toString('hex')}`;
    await withPg(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    config.DATABASE_URL = url.toString();
    cleanup = () => withPg(adminUrl, `drop database if exists ${name} with (force)`);
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'sso-apptypes-'));
    config.SSO_DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const before = await openDatabase(config);
  await migrate(before.db, { upTo: 17 });
  const db = before.db;
  for (const [i, [code, key, value]] of OLD_DICTS.entries()) {
    const parent = key === '-1';
    await sql`insert into blade_dict (id, parent_id, code, dict_key, dict_value, sort)
      values (${parent ? PARENTS[code] : String(1_700_000_000_000_000_300n + BigInt(i))}, ${parent ? '0' : PARENTS[code]},
        ${code}, ${key}, ${value}, ${parent ? 0 : Number(key)})`.execute(db);
  }
  for (const [id, code, type, category, isDeleted] of APPS) {
    await sql`insert into blade_app (id, app_code, app_name, app_type, app_category, protocol, is_deleted)
      values (${id}, ${code}, ${code.toUpperCase()}, ${type}, ${category}, 'link', ${isDeleted})`.execute(db);
  }
  for (const [id, appId, type, account] of LOGS) {
    await sql`insert into blade_app_login_log (id, app_id, app_code, app_name, app_type, account, login_time)
      values (${id}, ${appId}, ${APPS.find((a) => a[0] === appId)?.[1] ?? 'gone'}, '', ${type}, ${account},
        now() - interval '3 days')`.execute(db);
  }
  await before.close();
  // The upgrade as an installed system meets it: the server starts, migrates and seeds.
  server = await buildServer(config);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await cleanup();
});

/** A dictionary's entries as key → label (its own row under key -1). */
async function dictionary(code: string): Promise<Record<string, string>> {
  const rows = await server.ctx.db
    .selectFrom('blade_dict')
    .select(['dictKey', 'dictValue'])
    .where('code', '=', code)
    .where('isDeleted', '=', 0)
    .orderBy('dictKey')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.dictKey, r.dictValue]));
}

describe('migration 18 on a populated database', () => {
  it('swaps the dictionaries with their entries, an administrator’s additions and labels kept, and the seed adds nothing', async () => {
    expect(await dictionary('app_type')).toEqual({
      '-1': '应用类型',
      '1': '办公协同',
      '2': '生产制造',
      '3': '经营管理',
      '4': '财务',
      '5': '人力资源',
      '6': '其他',
      '7': '安全环保',
    });
    expect(await dictionary('app_category')).toEqual({ '-1': '应用分类', '1': 'web应用', '2': '移动应用', '3': '小程序', '4': '客户端' });
    const parents = await server.ctx.db.selectFrom('blade_dict').select(['id', 'code']).where('dictKey', '=', '-1').execute();
    expect(parents.filter((p) => p.code === 'app_type').map((p) => p.id)).toEqual([PARENTS.app_category]);
    expect(parents.filter((p) => p.code === 'app_category').map((p) => p.id)).toEqual([PARENTS.app_type]);
    // Each entry still hangs under its own dictionary's row.
    const strays = await sql<{ n: number }>`select count(*)::int as n from blade_dict e join blade_dict p on p.id = e.parent_id
      where e.parent_id <> 0 and e.code <> p.code`.execute(server.ctx.db);
    expect(strays.rows[0]?.n).toBe(0);
  });

  it('keeps every application’s business kind and client kind, deleted ones included', async () => {
    const rows = await server.ctx.db
      .selectFrom('blade_app')
      .select(['id', 'appType', 'appCategory', 'handoffMode'])
      .where(
        'id',
        'in',
        APPS.map((a) => a[0]),
      )
      .orderBy('id')
      .execute();
    expect(rows).toEqual(APPS.map(([id, , type, category]) => ({ id, appType: category, appCategory: type, handoffMode: 'token' })));
  });

  it('gives every login-log row its application’s business kind, and none to a row whose application is gone', async () => {
    const rows = await server.ctx.db.selectFrom('blade_app_login_log').select(['id', 'appType']).orderBy('id').execute();
    const business = new Map(APPS.map(([id, , , category]) => [id, category]));
    expect(rows).toEqual(LOGS.map(([id, appId]) => ({ id, appType: appId === GONE_APP ? null : (business.get(appId) ?? null) })));
  });

  it('creates the login log’s indexes', async () => {
    const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'blade_app_login_log'`.execute(
      server.ctx.db,
    );
    expect(indexes.rows.map((r) => r.indexname)).toEqual(
      expect.arrayContaining([
        'blade_app_login_log_tenant',
        'blade_app_login_log_account_prefix',
        'blade_app_login_log_code_prefix',
        'blade_app_login_log_user_app',
      ]),
    );
  });
});
