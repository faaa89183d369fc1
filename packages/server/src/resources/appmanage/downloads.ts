import { registry } from '@sso/shared-api';
import { sql } from 'kysely';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { periodOf } from './period.js';
import { perDay, rows } from './statistics.js';

export const appDownloadRecordExtraHandlers = defineExtraHandlers(registry.appmanage.appDownloadRecord, {
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
