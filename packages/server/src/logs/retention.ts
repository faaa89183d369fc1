import { COMPLIANCE_PARAMS } from '@sso/shared-api';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { DAY_MS, runDaily } from '../kernel/daily.js';
import { purgeChainBefore } from './audit-chain.js';
import type { LogTable } from './log-recorder.js';

const LOG_TABLES: LogTable[] = ['blade_log_api', 'blade_log_usual', 'blade_log_error', 'blade_log_login'];

/**
 * Under the compliance profile a tenant's log records are kept at least this many days (等保 2.0
 * asks for six months of audit records), whatever `log.retentionDays` says.
 */
export const COMPLIANCE_RETENTION_FLOOR_DAYS = 180;

/** The tenants whose profile is on: every one when the platform turned it on for all. */
async function profiledTenants(ctx: AppContext): Promise<'all' | string[]> {
  if ((await ctx.params.get(COMPLIANCE_PARAMS.profile)) === 'true') return 'all';
  const rows = await ctx.db
    .selectFrom('blade_tenant_param')
    .select('tenantId')
    .where('paramKey', '=', COMPLIANCE_PARAMS.profile)
    .where('paramValue', '=', 'true')
    .execute();
  return rows.map((row) => row.tenantId);
}

/**
 * Deletes log rows older than `log.retentionDays` (default 90); answers how many went per table.
 * A tenant under the compliance profile keeps its rows younger than the floor (180 days).
 */
export async function purgeOldLogs(ctx: AppContext, now = new Date()): Promise<Record<LogTable, number>> {
  const days = await ctx.params.getNumber('log.retentionDays', 90);
  const floorDays = Math.max(days, COMPLIANCE_RETENTION_FLOOR_DAYS);
  const profiled = days < floorDays ? await profiledTenants(ctx) : [];
  const cutoff = new Date(now.getTime() - (profiled === 'all' ? floorDays : days) * DAY_MS);
  const floor = new Date(now.getTime() - floorDays * DAY_MS);
  const kept = profiled === 'all' ? [] : profiled;
  const removed = {} as Record<LogTable, number>;
  // The chain forgets the links of the records going, so it verifies from its first kept one.
  await purgeChainBefore(ctx.db, cutoff, new Map(kept.map((tenantId) => [tenantId, floor])));
  const outsideKept = kept.length ? sql`and (tenant_id is null or tenant_id not in (${sql.join(kept)}))` : sql``;
  for (const table of LOG_TABLES) {
    // Audit rows are not soft-deleted: once past retention they are gone.
    const result = await sql`delete from ${sql.table(table)} where create_time < ${cutoff} ${outsideKept}`.execute(ctx.db);
    let count = Number(result.numAffectedRows ?? 0);
    if (kept.length) {
      const older = await sql`delete from ${sql.table(table)} where create_time < ${floor} and tenant_id in (${sql.join(kept)})`.execute(
        ctx.db,
      );
      count += Number(older.numAffectedRows ?? 0);
    }
    removed[table] = count;
  }
  return removed;
}

/** Purges at start and then daily. */
export const scheduleLogPurge = (ctx: AppContext): (() => Promise<void>) =>
  runDaily(
    () => purgeOldLogs(ctx),
    (error) => ctx.log?.error({ err: error }, 'log retention purge failed'),
  );
