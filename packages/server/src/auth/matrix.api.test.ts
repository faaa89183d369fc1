import { allResources, DEFAULT_TENANT_ID, type ResourceDef } from '@sso/shared-api';
import { sql } from 'kysely';
import { request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, createUserWithRole, type TestUser, type TrackedClient, useTestServer } from '../api-suite.testkit.js';

/**
 * The authorization matrix, generated from the routes the server registered: a new route or
 * resource is covered without touching this file.
 */
const suite = useTestServer();
let nobody: TestUser;
let otherAdmin: TestUser;

async function call(route: { method: string; url: string }, token?: string) {
  const response = await request(`${suite.server.baseUrl}${route.url}`, {
    method: route.method as 'GET' | 'POST',
    headers: {
      ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
      ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    body: route.method === 'POST' ? '{}' : undefined,
  });
  // Downloads (xlsx) answer bytes: only JSON bodies carry a code.
  const text = await response.body.text();
  const code = text.startsWith('{') ? (JSON.parse(text) as { code?: number }).code : undefined;
  return { status: response.statusCode, code };
}

const tokenOf = (sdk: TrackedClient) => sdk.session!.token.access_token;

beforeAll(async () => {
  nobody = await createUserWithRole(suite.server, { account: 'nobody', menuCodes: [] });
  otherAdmin = await createTenantWithAdmin(suite.server, '246810');
});

const apiRoutes = () => suite.server.routes.filter((r) => r.url.startsWith('/api/') && r.access !== 'public');

describe('every guarded route', () => {
  it('answers 401 to anonymous callers', async () => {
    for (const route of apiRoutes())
      expect({ route: route.url, ...(await call(route)) }).toMatchObject({ route: route.url, status: 401, code: 401 });
  });

  it('answers 403 to a signed-in user without the screen, and never 401', async () => {
    for (const route of apiRoutes()) {
      if (/logout/.test(route.url)) continue; // would end the session the loop uses
      const answer = await call(route, tokenOf(nobody.sdk));
      if (typeof route.access === 'object')
        expect({ route: route.url, ...answer }).toMatchObject({ route: route.url, status: 403, code: 403 });
      else expect({ route: route.url, status: answer.status }).not.toMatchObject({ status: 401 });
    }
  });

  it('lets the platform administrator through the access checks', async () => {
    for (const route of apiRoutes()) {
      if (/logout/.test(route.url)) continue; // would end the session the loop uses
      const answer = await call(route, tokenOf(suite.admin));
      expect({ route: `${route.method} ${route.url}`, denied: answer.status === 401 || answer.status === 403 }).toEqual({
        route: `${route.method} ${route.url}`,
        denied: false,
      });
    }
  });
});

/** One live row of the platform tenant in a resource's table, made with placeholder values if none exists. */
async function rowOfPlatformTenant(def: ResourceDef): Promise<string> {
  const db = suite.server.ctx.db;
  const existing = await sql<{
    id: string;
  }>`select id from ${sql.table(def.table)} where tenant_id = ${DEFAULT_TENANT_ID} and is_deleted = 0 limit 1`.execute(db);
  if (existing.rows[0]) return existing.rows[0].id;
  const columns = await sql<{ columnName: string; dataType: string }>`select column_name, data_type from information_schema.columns
    where table_name = ${def.table} and is_nullable = 'NO' and column_default is null and column_name <> 'id'`.execute(db);
  const id = suite.server.ctx.ids.next();
  const values: Record<string, unknown> = { id };
  // Result keys arrive camelCased by the CamelCasePlugin.
  for (const { columnName, dataType } of columns.rows) {
    values[columnName] = /int|numeric/.test(dataType) ? 1 : /timestamp|date/.test(dataType) ? new Date() : 'x';
  }
  const names = Object.keys(values);
  await sql`insert into ${sql.table(def.table)} (${sql.join(names.map((n) => sql.id(n)))}) values (${sql.join(names.map((n) => values[n]))})`.execute(
    db,
  );
  return id;
}

async function snapshot(def: ResourceDef, id: string) {
  return (await sql`select * from ${sql.table(def.table)} where id = ${id}`.execute(suite.server.ctx.db)).rows[0];
}

describe('another tenant', () => {
  for (const def of allResources.filter((r) => r.tenantScoped)) {
    it(`can neither read nor change rows of ${def.basePath}`, async () => {
      const id = await rowOfPlatformTenant(def);
      const before = await snapshot(def, id);
      const sdk = otherAdmin.sdk;
      expect(await sdk.call('GET', `${def.basePath}/detail`, { id })).toBeNull();
      // Most lists answer a page; a few (role) answer the tree as an array.
      const listed = await sdk
        .call<{ records: { id: string }[] } | { id: string }[]>('GET', `${def.basePath}/list`, { size: 200 })
        .catch(() => []);
      expect((Array.isArray(listed) ? listed : listed.records).map((r) => r.id)).not.toContain(id);
      // Read-only resources (audit logs) have no submit or remove at all; grants write through extras of those paths.
      const writes = (path: string) => def.routes === 'all' || Object.values(def.extras).some((extra) => extra.path === path);
      await expect(sdk.call('POST', `${def.basePath}/submit`, undefined, { id })).rejects.toMatchObject({
        code: writes('submit') ? 400 : 404,
      });
      await expect(sdk.call('POST', `${def.basePath}/remove`, { ids: id })).rejects.toMatchObject({ code: writes('remove') ? 400 : 404 });
      expect(await snapshot(def, id)).toEqual(before);
    });
  }

  for (const def of allResources.filter((r) => !r.tenantScoped)) {
    it(`cannot change the platform-wide ${def.basePath}`, async () => {
      const before = (await sql`select count(*)::int as n from ${sql.table(def.table)}`.execute(suite.server.ctx.db)).rows[0];
      const refused = def.routes === 'all' ? 403 : 404;
      await expect(otherAdmin.sdk.call('POST', `${def.basePath}/submit`, undefined, {})).rejects.toMatchObject({ code: refused });
      expect((await sql`select count(*)::int as n from ${sql.table(def.table)}`.execute(suite.server.ctx.db)).rows[0]).toEqual(before);
    });
  }
});
