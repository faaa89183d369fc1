import { ADMINISTRATOR_ROLE, DEFAULT_TENANT_ID } from '@sso/shared-api';
import { undiciTransport } from '@sso/shared-api/node';
import type { TestServer } from '../../testing.js';

/** Setup shared by the user suites: departments and posts written directly, as a seed would. */

/** A department under `parentId` (root when absent), with BladeX ancestors. */
export async function createDept(server: TestServer, input: { name: string; tenantId?: string; parentId?: string }): Promise<string> {
  const db = server.ctx.db;
  const parentId = input.parentId ?? '0';
  const parent =
    parentId === '0' ? undefined : await db.selectFrom('blade_dept').select('ancestors').where('id', '=', parentId).executeTakeFirst();
  const id = server.ctx.ids.next();
  await db
    .insertInto('blade_dept')
    .values({
      id,
      tenantId: input.tenantId ?? DEFAULT_TENANT_ID,
      parentId,
      ancestors: parent ? `${parent.ancestors},${parentId}` : '0',
      deptName: input.name,
      fullName: input.name,
      deptCategory: 1,
      sort: 1,
    })
    .execute();
  return id;
}

export async function createPost(server: TestServer, input: { name: string; tenantId?: string }): Promise<string> {
  const id = server.ctx.ids.next();
  await server.ctx.db
    .insertInto('blade_post')
    .values({ id, tenantId: input.tenantId ?? DEFAULT_TENANT_ID, category: 1, postCode: id.slice(-8), postName: input.name, sort: 1 })
    .execute();
  return id;
}

/** The seeded administrator role of a tenant (or the one a test created). */
export async function administratorRole(server: TestServer, tenantId = DEFAULT_TENANT_ID): Promise<string> {
  const row = await server.ctx.db
    .selectFrom('blade_role')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('roleAlias', '=', ADMINISTRATOR_ROLE)
    .where('isDeleted', '=', 0)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user's stored row (password hash included), straight from the database. */
export async function storedUser(server: TestServer, account: string, tenantId = DEFAULT_TENANT_ID) {
  return server.ctx.db
    .selectFrom('blade_user')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('account', '=', account)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** Sets a tenant's account quota (-1 = unlimited). */
export async function setQuota(server: TestServer, tenantId: string, accountNumber: number): Promise<void> {
  await server.ctx.db.updateTable('blade_tenant').set({ accountNumber }).where('tenantId', '=', tenantId).execute();
}

export async function liveUserCount(server: TestServer, tenantId = DEFAULT_TENANT_ID): Promise<number> {
  const rows = await server.ctx.db
    .selectFrom('blade_user')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .execute();
  return rows.length;
}

export const STRONG = 'Abc@12345';
export const INITIAL = 'Sso@123456';

let lastAddress = 0;
/** An SDK client that signs in from its own address (the suite's server trusts X-Forwarded-For). */
export function clientFromNewAddress(server: TestServer) {
  const ip = `10.77.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;
  const transport = undiciTransport();
  return server.client({ transport: (request) => transport({ ...request, headers: { ...request.headers, 'x-forwarded-for': ip } }) });
}
