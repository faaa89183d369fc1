import { badRequest, type ResourceDef } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import { live } from '../kernel/live-rows.js';

// biome-ignore lint/suspicious/noExplicitAny: the check serves every resource's table
type AnyDb = Kysely<any>;

/**
 * A save that names a row of another resource (a role's `appId`) is refused unless that row is
 * live and, for a tenant-owned resource, the saving tenant's: a key is never a way to reach
 * another tenant's row, and a dangling key never lands. Only the fields sent are checked; an
 * update that leaves a reference alone keeps it. Declared once in the definition's `references`.
 */
export async function assertReferences(db: AnyDb, def: ResourceDef, tenantId: string, values: Record<string, unknown>): Promise<void> {
  for (const [field, reference] of Object.entries(def.references)) {
    const value = values[field];
    if (value === undefined || value === null || value === '') continue;
    const target = reference.to();
    const owner = target.tenantScoped ? tenantId : null;
    const found = await db
      .selectFrom(target.table)
      .select(target.keyField)
      .where(target.keyField, '=', String(value))
      .$call(target.commonColumns ? live(owner) : (query) => query)
      .executeTakeFirst();
    if (!found) throw badRequest(reference.missing);
  }
}
