import { registry } from '@sso/shared-api';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { dictionaryValues } from '../../domain/dictionary-values.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { wantsEnglish } from '../../http/language.js';
import type { Caller } from '../../kernel/caller.js';

const DEFAULT_DAYS = 7;

/** The start of the period: `days` (7) before now. */
const since = (query: { days?: number }) => new Date(Date.now() - (query.days ?? DEFAULT_DAYS) * 86_400_000);

/** Log rows of the caller's tenant over the last `days`, optionally of one application. */
function period(caller: Caller, query: { days?: number; appCode?: string }): RawBuilder<unknown> {
  const app = query.appCode ? sql`and app_code = ${query.appCode}` : sql``;
  return sql`tenant_id = ${caller.tenant_id} and login_time >= ${since(query)} ${app}`;
}

async function rows<T>(ctx: AppContext, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(ctx.db)).rows;
}

/** The login log's charts, aggregated in SQL over the period. */
export const appLoginLogExtraHandlers = defineExtraHandlers(registry.aps.appLoginLog, {
  // Every day of the period is a point, a day without opens as 0: a line that skipped it would
  // join its neighbours and hide the quiet day.
  getAppLogEchart: ({ ctx, caller, query }) =>
    rows(
      ctx,
      sql<{ day: string; count: number }>`with counts as (
          select to_char(login_time, 'YYYY-MM-DD') as day, count(*)::int as count
          from blade_app_login_log where ${period(caller, query)} group by 1)
        select to_char(d, 'YYYY-MM-DD') as day, coalesce(c.count, 0)::int as count
        from generate_series(date_trunc('day', ${since(query)}::timestamptz), date_trunc('day', now()), interval '1 day') d
        left join counts c on c.day = to_char(d, 'YYYY-MM-DD')
        order by 1`,
    ),
  getAppLogVisit: ({ ctx, caller, query }) =>
    rows(
      ctx,
      sql<{ name: string; value: number }>`select max(app_name) as name, count(*)::int as value
        from blade_app_login_log where ${period(caller, query)} group by app_code order by 2 desc, 1 limit 20`,
    ),
  getAppLogChartType: async ({ ctx, caller, query, request }) => {
    const counts = await rows(
      ctx,
      sql<{ appType: string | null; value: number }>`select app_type as "appType", count(*)::int as value
        from blade_app_login_log where ${period(caller, query)} group by 1 order by 2 desc`,
    );
    const names = await dictionaryValues(ctx, 'app_type', wantsEnglish(request));
    return counts.map((c) => ({ name: names.get(c.appType ?? '') ?? c.appType ?? '', value: c.value }));
  },
});
