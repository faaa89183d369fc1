import { fileURLToPath } from 'node:url';
import { allEndpoints, allResources } from '@sso/shared-api';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { kyselyTables } from './schema-tables.testkit.js';

/**
 * Each column is written three times: in a migration, in the Kysely types (db/schema.ts) and in a
 * resource's entity (zod). This suite migrates a database and holds the three to one another, so
 * that a column added, renamed or dropped in one place and not the others fails here, naming the
 * table and the column, instead of failing a query at run time.
 */

/** Kysely's names are camelCase; the CamelCasePlugin maps them to snake_case columns. */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The BaseEntity columns every resource with `commonColumns` has. */
const COMMON_COLUMNS = ['id', 'tenantId', 'createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'status', 'isDeleted'];

/** Entity fields that are no column of the resource's table (`table.field`), each with the reason. */
const NOT_COLUMNS: Record<string, string> = {
  'blade_user.password2': 'the password typed a second time: compared with password on save, never stored',
};

let server: TestServer;
/** Migrated columns by table, snake_case. */
const migrated = new Map<string, Set<string>>();

beforeAll(async () => {
  server = await startTestServer();
  const { rows } = await sql<{ tableName: string; columnName: string }>`
    select table_name, column_name from information_schema.columns where table_schema = current_schema()`.execute(server.ctx.db);
  for (const { tableName, columnName } of rows) {
    const columns = migrated.get(tableName) ?? new Set<string>();
    columns.add(columnName);
    migrated.set(tableName, columns);
  }
});
afterAll(async () => {
  await server?.close();
});

const schemaFile = fileURLToPath(new URL('./schema.ts', import.meta.url));

describe('one source for columns', () => {
  it('the Kysely types name exactly the migrated tables and columns', () => {
    const typed = kyselyTables(schemaFile);
    const differences: string[] = [];
    for (const [table, columns] of typed) {
      const actual = migrated.get(table);
      if (!actual) {
        differences.push(`${table}: in db/schema.ts, no such table in the migrations`);
        continue;
      }
      const expected = new Set(columns.map(snakeCase));
      for (const column of expected) if (!actual.has(column)) differences.push(`${table}.${column}: in db/schema.ts, not migrated`);
      for (const column of actual) if (!expected.has(column)) differences.push(`${table}.${column}: migrated, missing from db/schema.ts`);
    }
    for (const table of migrated.keys()) if (!typed.has(table)) differences.push(`${table}: migrated, missing from db/schema.ts`);
    expect(differences).toEqual([]);
  });

  it('every table an endpoint group answers rows of is migrated', () => {
    const unknown = allEndpoints.filter((group) => group.rowsOf && !migrated.has(group.rowsOf)).map((group) => group.basePath);
    expect(unknown).toEqual([]);
  });

  it("every resource's entity fields are columns of its table", () => {
    const differences: string[] = [];
    for (const def of allResources) {
      const actual = migrated.get(def.table);
      if (!actual) {
        differences.push(`${def.table} (${def.name}): no such table in the migrations`);
        continue;
      }
      const fields = [...Object.keys(def.entity.shape), ...(def.commonColumns ? COMMON_COLUMNS : []), ...def.hidden];
      for (const field of new Set(fields)) {
        if (NOT_COLUMNS[`${def.table}.${field}`]) continue;
        if (!actual.has(snakeCase(field))) differences.push(`${def.table}.${snakeCase(field)} (${def.name}.${field}): not migrated`);
      }
    }
    expect(differences).toEqual([]);
  });
});
