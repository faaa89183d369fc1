import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { dayOf } from './period.js';

/**
 * What is counted per day: a start (value ''), and by OS, device type and brand; a download by
 * package type.
 */
export type Dimension = 'start' | 'os' | 'type' | 'brand' | 'download';

/**
 * Adds one to today's count of each (dimension, value) of an application, and to the same count of
 * all the tenant's applications together, in the transaction that writes the start or the
 * download: the statistics then read a few rows per day and value instead of every log row of the
 * period, and one row per day and value when they cover every application.
 */
export async function countToday(
  db: Kysely<Database>,
  tenantId: string,
  appId: string,
  entries: readonly (readonly [Dimension, string])[],
): Promise<void> {
  const day = dayOf(new Date());
  const values = entries.map(([dimension, value]) => ({ tenantId, dimension, day, value: value.slice(0, 64), count: 1 }));
  await db
    .insertInto('blade_app_daily_count')
    .values(values.map((row) => ({ ...row, appId })))
    .onConflict((oc) =>
      oc.columns(['tenantId', 'dimension', 'day', 'appId', 'value']).doUpdateSet({ count: sql`blade_app_daily_count.count + 1` }),
    )
    .execute();
  await db
    .insertInto('blade_app_daily_total')
    .values(values)
    .onConflict((oc) => oc.columns(['tenantId', 'dimension', 'day', 'value']).doUpdateSet({ count: sql`blade_app_daily_total.count + 1` }))
    .execute();
}
