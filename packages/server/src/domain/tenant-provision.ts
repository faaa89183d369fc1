import { randomInt } from 'node:crypto';
import { ADMINISTRATOR_ROLE, badRequest, DEFAULT_TENANT_ID, md5, userMessages } from '@sso/shared-api';
import { type Kysely, sql } from 'kysely';
import { packageMenuIds } from '../auth/package-menus.js';
import type { AppContext } from '../context.js';
import { ensurePlatformRoles } from '../db/platform-roles.js';
import type { Database } from '../db/schema.js';
import { params as seededParams } from '../db/seed-data/params.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';

/** A transaction (or the database): inside a save everything goes through the transaction. */
type Db = Kysely<Database>;

const MAX_ATTEMPTS = 50;

/** A parameter's value read through the given handle (the shared reader would wait for the transaction). */
export async function paramValue(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('blade_param').select('paramValue').where('paramKey', '=', key).$call(live()).executeTakeFirst();
  return row?.paramValue ?? seededParams.find((p) => p.paramKey === key)?.paramValue;
}

/**
 * A random six-digit tenant id that no tenant has ever had: ids of removed tenants are not
 * reused, since their users and roles still carry them.
 */
export async function generateTenantId(db: Db): Promise<string> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const candidate = String(randomInt(100_000, 1_000_000));
    if (candidate === DEFAULT_TENANT_ID) continue;
    const tenant = await db.selectFrom('blade_tenant').select('id').where('tenantId', '=', candidate).executeTakeFirst();
    const user = tenant ? undefined : await db.selectFrom('blade_user').select('id').where('tenantId', '=', candidate).executeTakeFirst();
    if (!tenant && !user) return candidate;
  }
  throw new Error('no free tenant id found');
}

/**
 * What a new tenant starts with (as BladeX does): an `administrator` role holding the menus its
 * package allows, the three built-in administrators (三员), a root department named after it, a `ceo` post and an `admin` account with the
 * initial password, to be changed at first sign-in.
 */
export async function provisionTenant(ctx: AppContext, db: Db, caller: Caller, tenant: { tenantId: string; tenantName: string }) {
  const { tenantId, tenantName } = tenant;
  const audit = { tenantId, createUser: caller.user_id, updateUser: caller.user_id };
  const roleId = ctx.ids.next();
  const deptId = ctx.ids.next();
  const postId = ctx.ids.next();
  await db
    .insertInto('blade_role')
    .values({ ...audit, id: roleId, parentId: '0', roleName: '管理员', roleAlias: ADMINISTRATOR_ROLE, sort: 1 })
    .execute();
  await db
    .insertInto('blade_dept')
    .values({ ...audit, id: deptId, parentId: '0', ancestors: '0', deptCategory: 1, deptName: tenantName, fullName: tenantName, sort: 1 })
    .execute();
  await db
    .insertInto('blade_post')
    .values({ ...audit, id: postId, category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1 })
    .execute();
  const initPassword = (await paramValue(db, 'account.initPassword')) as string;
  // Accounts are unique regardless of case (users left by a removed tenant of the same id count too).
  const taken = await db
    .selectFrom('blade_user')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where(sql<boolean>`lower(account) = 'admin'`)
    .$call(live())
    .executeTakeFirst();
  if (taken) throw badRequest(userMessages.say.accountTaken);
  await db
    .insertInto('blade_user')
    .values({
      ...audit,
      id: ctx.ids.next(),
      account: 'admin',
      password: await ctx.passwords.hashDigest(md5(initPassword)),
      name: 'admin',
      realName: 'admin',
      userType: 1,
      roleId,
      deptId,
      postId,
      mustChangePassword: 1,
    })
    .execute();
  // The three administrators (三员), cut to the package with every other role below.
  await ensurePlatformRoles(db, ctx.ids, tenantId, caller.user_id);
  await syncTenantMenus(ctx, db, tenantId);
}

/**
 * After the package changed (or at creation): the administrator role holds exactly the package's
 * menus (every menu without a package), and no other role of the tenant keeps one outside it.
 */
export async function syncTenantMenus(ctx: AppContext, db: Db, tenantId: string): Promise<void> {
  const allowed = await packageMenuIds(db, tenantId);
  const menus = (await db.selectFrom('blade_menu').select('id').$call(live()).execute()).map((r) => r.id);
  const wanted = allowed ? menus.filter((id) => allowed.has(id)) : menus;
  const roles = await db.selectFrom('blade_role').select(['id', 'roleAlias']).$call(live(tenantId)).execute();
  const adminRoles = roles.filter((r) => r.roleAlias === ADMINISTRATOR_ROLE).map((r) => r.id);
  const otherRoles = roles.filter((r) => r.roleAlias !== ADMINISTRATOR_ROLE).map((r) => r.id);
  if (adminRoles.length) await db.deleteFrom('blade_role_menu').where('roleId', 'in', adminRoles).execute();
  if (allowed && otherRoles.length) {
    let prune = db.deleteFrom('blade_role_menu').where('roleId', 'in', otherRoles);
    if (wanted.length) prune = prune.where('menuId', 'not in', wanted);
    await prune.execute();
  }
  const rows = adminRoles.flatMap((roleId) => wanted.map((menuId) => ({ id: ctx.ids.next(), roleId, menuId })));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('blade_role_menu')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
