// Bench addition of the identity issue: GET /api/blade-user/page with 100,000 users, page 1 and a
// deep page, on PGlite and on PostgreSQL. The users are written straight into the database with
// one generate_series insert (the API path is what is measured, not the seeding).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export const USERS = Number(process.env.BENCH_USERS ?? 100_000);

const insertUsers = (count) => `
  insert into blade_user (id, tenant_id, account, password, name, real_name, code, phone, dept_id, role_id, create_time, update_time)
  select 8000000000000000000 + n, '000000', 'bench' || n, 'not-a-password', '用户' || n, '员工' || (n % 1000), lpad(n::text, 8, '0'),
         '138' || lpad(n::text, 8, '0'), (select id::text from blade_dept where parent_id = 0 and tenant_id = '000000' limit 1),
         (select id::text from blade_role where role_alias = 'administrator' and tenant_id = '000000' limit 1), now(), now()
  from generate_series(1, ${count}) as n
  on conflict do nothing`;

/** Seeds users into a PGlite directory the server is not running on. */
export async function seedPglite(dir) {
  const db = await PGlite.create({ dataDir: dir });
  await db.exec(insertUsers(USERS));
  await db.exec('analyze blade_user');
  await db.close();
}

/** Seeds users into a PostgreSQL database. */
export async function seedPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(insertUsers(USERS));
  await client.query('analyze blade_user');
  await client.end();
}

/** A throw-away PostgreSQL database, or undefined when no server answers. */
export async function scratchPostgres() {
  const adminUrl = process.env.SSO_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `sso_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query(`create database ${name}`);
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function scratchDir() {
  const dir = mkdtempSync(join(tmpdir(), 'sso-bench-'));
  return { dir, drop: () => rmSync(dir, { recursive: true, force: true }) };
}
