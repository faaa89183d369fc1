import type { Db } from '../db/database.js';
import { live } from '../kernel/live-rows.js';

/** An application as the rest of the server names it: who it is, what protocol, whether enabled, its owner. */
export interface AppRecord {
  id: string;
  tenantId: string;
  appCode: string;
  appName: string;
  protocol: string;
  /** 1 enabled, 0 disabled. */
  status: number;
  ownerId: string | null;
}

/** How a caller names an application: by id or by code. */
export type AppKey = { id: string } | { appCode: string };

/**
 * The live (not removed) application of the tenant with this id or code, enabled or not; undefined
 * for a missing one, a removed one and another tenant's. Takes a transaction when asked inside one.
 */
export async function findApp(db: Db, tenantId: string, key: AppKey): Promise<AppRecord | undefined> {
  let query = db
    .selectFrom('blade_app')
    .select(['id', 'tenantId', 'appCode', 'appName', 'protocol', 'status', 'ownerId'])
    .$call(live(tenantId));
  query = 'id' in key ? query.where('id', '=', key.id) : query.where('appCode', '=', key.appCode);
  const row = await query.executeTakeFirst();
  return row && { ...row, id: String(row.id), status: Number(row.status), ownerId: row.ownerId === null ? null : String(row.ownerId) };
}

/** The live applications of a tenant as a list names them, by sort then code. */
export async function appsOfTenant(db: Db, tenantId: string) {
  const rows = await db
    .selectFrom('blade_app')
    .select(['id', 'appCode', 'appName', 'visibility', 'status', 'sort'])
    .$call(live(tenantId))
    .orderBy('sort')
    .orderBy('appCode')
    .execute();
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}

/** Ids asked for at once: well under the database's limit of bound parameters. */
const IDS_PER_QUERY = 10_000;

/**
 * The code and name of each of these applications, by id, whatever their tenant (the ids come
 * from rows of the caller's tenant). `removed: 'include'` names removed applications too (a log
 * names what was granted even after the application went); `'exclude'` leaves them out.
 */
export async function appNamesById(
  db: Db,
  appIds: readonly unknown[],
  options: { removed: 'include' | 'exclude' },
): Promise<Map<string, { appCode: string; appName: string }>> {
  const ids = [...new Set(appIds.map(String))];
  const names = new Map<string, { appCode: string; appName: string }>();
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    let query = db
      .selectFrom('blade_app')
      .select(['id', 'appCode', 'appName'])
      .where('id', 'in', ids.slice(start, start + IDS_PER_QUERY));
    if (options.removed === 'exclude') query = query.$call(live());
    for (const row of await query.execute()) names.set(String(row.id), { appCode: row.appCode, appName: row.appName });
  }
  return names;
}
