import { registry } from '@sso/shared-api';
import { sql } from 'kysely';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import type { ResourceRules } from '../../engine/types.js';
import { dayOf, periodOf } from './period.js';
import { perDay, rows } from './statistics.js';

/**
 * Removing download records takes them out of the daily download counts the statistics read (per
 * application and of all applications together), in the removal's transaction: the statistics
 * count live records only, as BladeX's do. A count that reaches 0 is dropped, so an application
 * whose downloads were all removed is not listed with 0.
 */
export const appDownloadRecordRules: ResourceRules = {
  async beforeRemove({ rows: removed, trx }) {
    const counted = new Map<string, { tenantId: string; appId: string; day: string; value: string; n: number }>();
    for (const row of removed) {
      const key = [row.tenantId, row.appId, dayOf(row.createTime as Date), row.appType].join('|');
      const entry = counted.get(key) ?? {
        tenantId: String(row.tenantId),
        appId: String(row.appId),
        day: dayOf(row.createTime as Date),
        value: String(row.appType),
        n: 0,
      };
      entry.n += 1;
      counted.set(key, entry);
    }
    for (const { tenantId, appId, day, value, n } of counted.values()) {
      const same = sql`tenant_id = ${tenantId} and dimension = 'download' and day = ${day}::date and value = ${value}`;
      await sql`update blade_app_daily_count set count = count - ${n} where ${same} and app_id = ${appId}`.execute(trx);
      await sql`update blade_app_daily_total set count = count - ${n} where ${same}`.execute(trx);
      await sql`delete from blade_app_daily_count where ${same} and app_id = ${appId} and count <= 0`.execute(trx);
      await sql`delete from blade_app_daily_total where ${same} and count <= 0`.execute(trx);
    }
  },
};

export const appDownloadRecordExtraHandlers = defineExtraHandlers(registry.appmanage.appDownloadRecord, {
  removeRecords: async ({ repo, caller, query }) => {
    await repo.remove(caller, query.ids);
    return true;
  },
  downloadTrendList: ({ ctx, caller, query }) => perDay(ctx, 'download', caller, periodOf(query.startTime, query.endTime), query.appId),
  downloadStatistics: ({ ctx, caller, query }) => {
    const period = periodOf(query.startTime, query.endTime);
    const app = query.appId ? sql`and app_id = ${query.appId}` : sql``;
    // The daily download counts by package type (1 Android, 2 iOS), summed per application.
    return rows(
      ctx,
      sql<{ appId: string; appName: string; android: number; ios: number; total: number }>`select counted.app_id::text as "appId",
        coalesce(a.app_name, '') as "appName", counted.android, counted.ios, counted.total
        from (select app_id, coalesce(sum(count) filter (where value = '1'), 0)::int as android,
            coalesce(sum(count) filter (where value = '2'), 0)::int as ios, sum(count)::int as total
          from blade_app_daily_count where tenant_id = ${caller.tenant_id} and dimension = 'download'
            and day >= ${period.firstDay}::date and day <= ${period.lastDay}::date ${app}
          group by app_id) as counted
        left join blade_app_manage a on a.id = counted.app_id order by 5 desc, 2`,
    );
  },
});
