import type { Kysely } from 'kysely';
import { IdGenerator } from '../../kernel/ids.js';
import { live } from '../../kernel/live-rows.js';
import type { Db } from '../database.js';
import { ensurePlatformRoles } from '../platform-roles.js';

/**
 * 三员分立: every existing tenant gets the three built-in administrator roles (system_admin,
 * security_admin, audit_admin) with the menus of their duties, by menu code, within its package.
 * A new database gets them from the seed (the platform tenant) and tenant creation (the others).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Db;
  const ids = new IdGenerator();
  const tenants = await typed.selectFrom('blade_tenant').select('tenantId').$call(live()).execute();
  for (const { tenantId } of tenants) await ensurePlatformRoles(typed, ids, tenantId);
}
