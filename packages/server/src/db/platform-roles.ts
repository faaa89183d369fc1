import { PLATFORM_ROLES, type PlatformRoleKind } from '@sso/shared-api';
import type { IdGenerator } from '../kernel/ids.js';
import { live } from '../kernel/live-rows.js';
import type { Db } from './database.js';
import { PLATFORM_ROLE_DUTIES } from './seed-data/platform-roles.js';

const KINDS = Object.keys(PLATFORM_ROLES) as PlatformRoleKind[];

/**
 * Gives a tenant the three built-in administrator roles (三员) it lacks, each holding the menus
 * of its duties (PLATFORM_ROLE_DUTIES) that exist and that the tenant's package allows. A role
 * already there (found by its alias) is left as it is: its menus may have been changed since.
 * Runs in the caller's transaction: the seed, migration 0050 and the creation of a tenant.
 */
export async function ensurePlatformRoles(db: Db, ids: IdGenerator, tenantId: string, userId: string | null = null): Promise<void> {
  const existing = await db
    .selectFrom('blade_role')
    .select('roleAlias')
    .where(
      'roleAlias',
      'in',
      KINDS.map((kind) => PLATFORM_ROLES[kind].alias),
    )
    .$call(live(tenantId))
    .execute();
  const present = new Set(existing.map((role) => role.roleAlias));
  const missing = KINDS.filter((kind) => !present.has(PLATFORM_ROLES[kind].alias));
  if (!missing.length) return;
  const allowed = await packageMenus(db, tenantId);
  for (const [index, kind] of KINDS.entries()) {
    if (!missing.includes(kind)) continue;
    const roleId = ids.next();
    await db
      .insertInto('blade_role')
      .values({
        id: roleId,
        tenantId,
        parentId: '0',
        roleName: PLATFORM_ROLES[kind].name[0],
        roleAlias: PLATFORM_ROLES[kind].alias,
        sort: 90 + index,
        createUser: userId,
        updateUser: userId,
      })
      .execute();
    const menuIds = (await dutyMenuIds(db, kind)).filter((id) => !allowed || allowed.has(id));
    if (menuIds.length) {
      await db
        .insertInto('blade_role_menu')
        .values(menuIds.map((menuId) => ({ id: ids.next(), roleId, menuId })))
        .execute();
    }
  }
}

/** The ids of a role's duty menus and of their buttons, but the buttons it leaves out. */
async function dutyMenuIds(db: Db, kind: PlatformRoleKind): Promise<string[]> {
  const duties = PLATFORM_ROLE_DUTIES[kind];
  const menus = await db.selectFrom('blade_menu').select('id').where('code', 'in', duties.menus).$call(live()).execute();
  if (!menus.length) return [];
  const menuIds = menus.map((menu) => menu.id);
  let buttons = db.selectFrom('blade_menu').select('id').where('parentId', 'in', menuIds).where('category', '=', 2).$call(live());
  if (duties.except?.length) buttons = buttons.where('code', 'not in', duties.except);
  return [...menuIds, ...(await buttons.execute()).map((button) => button.id)];
}

/** The menus a tenant's package allows; undefined without a package (as auth/package-menus.ts reads it). */
async function packageMenus(db: Db, tenantId: string): Promise<Set<string> | undefined> {
  const tenant = await db.selectFrom('blade_tenant').select('packageId').$call(live(tenantId)).executeTakeFirst();
  if (!tenant?.packageId) return undefined;
  const pkg = await db
    .selectFrom('blade_tenant_package')
    .select('menuId')
    .where('id', '=', tenant.packageId)
    .$call(live())
    .executeTakeFirst();
  return new Set(pkg ? pkg.menuId.split(',') : []);
}
