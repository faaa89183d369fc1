import { defineResource } from '@sso/shared-api';
import { sql } from 'kysely';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestServer } from '../api-suite.testkit.js';
import { ErrorLogLimit } from './error-log-limit.js';

/** A resource over a missing table: its list fails in the database, a real 500 for a signed-in caller. */
const broken = defineResource({
  service: 'blade-test',
  name: 'broken',
  table: 'no_such_table',
  tenantScoped: false,
  permission: 'param',
  routes: 'read',
  entity: z.object({}),
  view: { title: ['坏的', 'Broken'], columns: [] },
});

// Client addresses come from X-Forwarded-For, so one suite can speak for several addresses.
const suite = useTestServer({ SSO_TRUST_PROXY: 'true' }, { testResources: [broken] });

async function get(path: string, address: string, token?: string): Promise<number> {
  const headers: Record<string, string> = { 'x-forwarded-for': address };
  if (token) headers['blade-auth'] = `bearer ${token}`;
  const response = await request(`${suite.server.baseUrl}${path}`, { headers });
  await response.body.dump();
  return response.statusCode;
}

async function errorRows(): Promise<{ remoteIp: string | null; createBy: string | null }[]> {
  return suite.server.ctx.db.selectFrom('blade_log_error').select(['remoteIp', 'createBy']).orderBy('id').execute();
}

/** Waits (bounded) until the error log holds a row written by this signed-in account. */
async function waitForRowOf(account: string, count: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    await suite.server.ctx.logs.flush();
    if ((await errorRows()).filter((r) => r.createBy === account).length >= count) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`no error-log row of ${account}`);
}

describe('error-log rows of anonymous requests', () => {
  it('are capped at 10 a minute per address; signed-in failures are all kept', async () => {
    const token = suite.admin.session?.token.access_token ?? '';
    // The public tenant lookup fails in the database while its table is away.
    await sql`alter table blade_tenant rename to blade_tenant_away`.execute(suite.server.ctx.db);
    try {
      for (let i = 0; i < 25; i++) expect(await get('/api/blade-system/tenant/info?domain=a.test', '10.1.0.1')).toBe(500);
      for (let i = 0; i < 3; i++) expect(await get('/api/blade-system/tenant/info?domain=a.test', '10.1.0.2')).toBe(500);
    } finally {
      await sql`alter table blade_tenant_away rename to blade_tenant`.execute(suite.server.ctx.db);
    }
    for (let i = 0; i < 12; i++) expect(await get('/api/blade-test/broken/list', '10.1.0.1', token)).toBe(500);
    await waitForRowOf('admin', 12);
    const rows = await errorRows();
    expect(rows.filter((r) => r.remoteIp === '10.1.0.1' && r.createBy !== 'admin')).toHaveLength(10);
    expect(rows.filter((r) => r.remoteIp === '10.1.0.2')).toHaveLength(3);
    expect(rows.filter((r) => r.createBy === 'admin')).toHaveLength(12);
  });
});

describe('ErrorLogLimit', () => {
  it('opens a new window a minute later and counts what it drops', () => {
    const limit = new ErrorLogLimit(2, 60_000);
    expect([limit.allow('a', 0), limit.allow('a', 1), limit.allow('a', 2), limit.allow('a', 3)]).toEqual([true, true, false, false]);
    expect(limit.dropped).toBe(2);
    expect(limit.allow('a', 60_000)).toBe(true);
  });

  it('forgets finished windows once it remembers too many addresses', () => {
    const limit = new ErrorLogLimit(1, 1_000, 3);
    for (const address of ['a', 'b', 'c']) limit.allow(address, 0);
    expect(limit.allow('a', 10)).toBe(false);
    limit.allow('d', 2_000); // the table is full: finished windows of a, b and c are dropped
    expect(limit.allow('a', 2_001)).toBe(true);
  });
});
