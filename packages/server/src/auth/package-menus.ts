import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { live } from '../kernel/live-rows.js';

type Db = Kysely<Database>;

/**
 * The menus a tenant's roles may hold: those of its package, or undefined when the tenant has no
 * package (no cap). The platform tenant is never capped.
 */
export async function packageMenuIds(db: Db, tenantId: string): Promise<Set<string> | undefined> {
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
