import {
  ADMINISTRATOR_ROLE,
  ApiError,
  type ClientOptions,
  DEFAULT_TENANT_ID,
  md5,
  type Said,
  type SsoClient,
  textOf,
  zh,
} from '@sso/shared-api';
import { undiciTransport } from '@sso/shared-api/node';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { BuildOptions } from './app.js';
import type { Config } from './kernel/config.js';
import { startTestServer, type TestServer } from './testing.js';

/**
 * Setup helpers shared by the API suites: tenants, roles, users and grants made directly in the
 * database (as an operator or an import would), SDK clients that remember the last HTTP status,
 * and small readers of the database to prove what was (not) written.
 */

/** A client that also reports the HTTP status of its last answer (errors travel in the body too). */
export type TrackedClient = SsoClient & { lastStatus(): number };

export interface TestUser {
  id: string;
  account: string;
  password: string;
  tenantId: string;
  roleId: string;
  /** Signed in as this user. */
  sdk: TrackedClient;
}

export interface Failure {
  status: number;
  code: number;
  msg: string;
}

export const TEST_PASSWORD = 'Test@12345';

export function trackedClient(server: TestServer, options: Partial<ClientOptions> = {}): TrackedClient {
  const transport = undiciTransport();
  let last = 0;
  const sdk = server.client({
    ...options,
    transport: async (request) => {
      const response = await transport(request);
      last = response.status;
      return response;
    },
  });
  return Object.assign(sdk, { lastStatus: () => last });
}

/** Signs in through the token endpoint, as the browser does (md5 of the password). */
export async function signIn(
  server: TestServer,
  input: { account: string; password: string; tenantId?: string },
  options: Partial<ClientOptions> = {},
): Promise<TrackedClient> {
  const tenantId = input.tenantId ?? DEFAULT_TENANT_ID;
  const sdk = trackedClient(server, { tenantId, ...options });
  await sdk.login({ username: input.account, password: input.password, tenantId });
  return sdk;
}

export const signInAdmin = (server: TestServer, options: Partial<ClientOptions> = {}) =>
  signIn(server, { account: 'admin', password: 'admin' }, options);

/** The server of an API suite and its administrator, both ready once the suite's first hook has run. */
export interface ApiSuite {
  readonly server: TestServer;
  /** Signed in as admin/admin, as the browser does. */
  readonly admin: TrackedClient;
}

/**
 * Registers the hooks of an API suite: before it, a server (config overrides and build options as
 * for `startTestServer`) with its administrator signed in; after it, the server closed. Call it
 * first: a suite's own `beforeAll` then runs after it and may use the handle.
 */
export function useTestServer(overrides: Partial<Config> = {}, options: BuildOptions = {}): ApiSuite {
  let server: TestServer | undefined;
  let admin: TrackedClient | undefined;
  beforeAll(async () => {
    server = await startTestServer(overrides, options);
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.close());
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the test server starts in beforeAll: use it inside hooks and tests');
    return value;
  };
  return {
    get server() {
      return ready(server);
    },
    get admin() {
      return ready(admin);
    },
  };
}

/** The failure of an SDK call: HTTP status, envelope code and message. Fails if the call succeeds. */
export async function failure(sdk: TrackedClient, call: Promise<unknown>): Promise<Failure> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return { status: sdk.lastStatus(), code: error.code, msg: error.message };
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A live tenant row (no expiry). */
export async function createTenant(server: TestServer, tenantId: string, tenantName = `测试租户${tenantId}`): Promise<string> {
  const id = server.ctx.ids.next();
  await server.ctx.db.insertInto('blade_tenant').values({ id, tenantId, tenantName, accountNumber: -1 }).execute();
  return id;
}

/** Menu ids by code; throws on an unknown code so a typo cannot silently grant nothing. */
export async function menuIds(server: TestServer, codes: readonly string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await server.ctx.db
    .selectFrom('blade_menu')
    .select(['id', 'code'])
    .where('code', 'in', [...codes])
    .where('isDeleted', '=', 0)
    .execute();
  const found = new Map(rows.map((r) => [r.code, r.id]));
  const missing = codes.filter((c) => !found.has(c));
  if (missing.length) throw new Error(`unknown menu codes: ${missing.join(', ')}`);
  return found;
}

/** Grants menus (by code) to a role and drops the server's caches of grants. */
async function grantMenus(server: TestServer, roleId: string, codes: readonly string[]): Promise<void> {
  const ids = await menuIds(server, codes);
  if (ids.size) {
    await server.ctx.db
      .insertInto('blade_role_menu')
      .values([...ids.values()].map((menuId) => ({ id: server.ctx.ids.next(), roleId, menuId })))
      .execute();
  }
  server.ctx.cache.invalidate('blade_role_menu');
  server.ctx.permissions.clear();
}

export async function createRole(
  server: TestServer,
  input: { tenantId?: string; alias: string; name?: string; menuCodes?: readonly string[] },
): Promise<string> {
  const id = server.ctx.ids.next();
  await server.ctx.db
    .insertInto('blade_role')
    .values({
      id,
      tenantId: input.tenantId ?? DEFAULT_TENANT_ID,
      parentId: '0',
      roleName: input.name ?? input.alias,
      roleAlias: input.alias,
      sort: 1,
    })
    .execute();
  await grantMenus(server, id, input.menuCodes ?? []);
  return id;
}

export async function createUser(
  server: TestServer,
  input: { tenantId?: string; account: string; password?: string; roleId: string; deptId?: string; status?: number },
): Promise<string> {
  const id = server.ctx.ids.next();
  await server.ctx.db
    .insertInto('blade_user')
    .values({
      id,
      tenantId: input.tenantId ?? DEFAULT_TENANT_ID,
      account: input.account,
      password: await server.ctx.passwords.hashDigest(md5(input.password ?? TEST_PASSWORD)),
      name: input.account,
      realName: input.account.slice(0, 10),
      roleId: input.roleId,
      deptId: input.deptId ?? null,
      status: input.status ?? 1,
    })
    .execute();
  return id;
}

/**
 * A new role (granted the given menu codes, or the administrator role when `administrator`) and a
 * user holding it, signed in.
 */
export async function createUserWithRole(
  server: TestServer,
  input: { tenantId?: string; account: string; password?: string; menuCodes?: readonly string[]; administrator?: boolean },
): Promise<TestUser> {
  const tenantId = input.tenantId ?? DEFAULT_TENANT_ID;
  const password = input.password ?? TEST_PASSWORD;
  const roleId = await createRole(server, {
    tenantId,
    alias: input.administrator ? ADMINISTRATOR_ROLE : `${input.account}_role`,
    menuCodes: input.menuCodes,
  });
  const id = await createUser(server, { tenantId, account: input.account, password, roleId });
  const sdk = await signIn(server, { account: input.account, password, tenantId });
  return { id, account: input.account, password, tenantId, roleId, sdk };
}

/** A second tenant with its own administrator, signed in. */
export async function createTenantWithAdmin(server: TestServer, tenantId: string, account = 'admin'): Promise<TestUser> {
  await createTenant(server, tenantId);
  return createUserWithRole(server, { tenantId, account, administrator: true });
}

/** Every row of a table (deleted ones too), ordered by id: compare before and after a refused call. */
export async function tableSnapshot(server: TestServer, table: string): Promise<unknown[]> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`bad table name ${table}`);
  const result = await sql.raw<Record<string, unknown>>(`select * from ${table} order by id`).execute(server.ctx.db);
  return result.rows;
}

export async function rowCount(server: TestServer, table: string): Promise<number> {
  return (await tableSnapshot(server, table)).length;
}

/** The fields of a `menu/routes` / `menu/buttons` node as BladeX front ends read it, `children` aside. */
export const MENU_NODE_KEYS = [
  'action',
  'alias',
  'category',
  'code',
  'hasChildren',
  'id',
  'isOpen',
  'name',
  'nameEn',
  'parentId',
  'path',
  'remark',
  'sort',
  'source',
];

/** The failure a rejected input answers (see `failure`): 400 with the message shown to the user. */
export const bad = (msg: Said) => ({ status: 400, code: 400, msg: textOf(msg) });
/** The failure of a call the caller may not make. */
export const FORBIDDEN = { status: 403, code: 403, msg: zh('forbidden') };
