import { registry } from '@sso/shared-api';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import type { Caller } from '../../kernel/caller.js';
import type { Dimension } from './daily-counts.js';
import { type Period, periodOf, yesterdayOf } from './period.js';

/**
 * The daily counts of one dimension of the caller's tenant over the period, of one application or
 * of all of them together (one row per day and value): a range of the counts' primary key
 * (tenant, dimension, day, …).
 */
function counts(dimension: Dimension, caller: Caller, period: Period, appId?: string): RawBuilder<unknown> {
  const range = sql`tenant_id = ${caller.tenant_id} and dimension = ${dimension}
    and day >= ${period.firstDay}::date and day <= ${period.lastDay}::date`;
  return appId ? sql`blade_app_daily_count where ${range} and app_id = ${appId}` : sql`blade_app_daily_total where ${range}`;
}

/** The per-application daily counts of one dimension over the period (every application, or one). */
function perAppCounts(dimension: Dimension, caller: Caller, period: Period, appId?: string): RawBuilder<unknown> {
  const app = appId ? sql`and app_id = ${appId}` : sql``;
  return sql`blade_app_daily_count where tenant_id = ${caller.tenant_id} and dimension = ${dimension}
    and day >= ${period.firstDay}::date and day <= ${period.lastDay}::date ${app}`;
}

export async function rows<T>(ctx: AppContext, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(ctx.db)).rows;
}

/** Counts per value of one dimension, most first. */
const byValue = (ctx: AppContext, where: RawBuilder<unknown>, limit = 100) =>
  rows(
    ctx,
    sql<{ name: string; value: number }>`select value as name, sum(count)::int as value
      from ${where} group by value order by 2 desc, 1 limit ${limit}`,
  );

/** Counts per day of the period, every day listed (0 for days without any). */
export const perDay = (ctx: AppContext, dimension: Dimension, caller: Caller, period: Period, appId?: string) =>
  rows(
    ctx,
    sql<{ day: string; value: number }>`with counted as (select day, sum(count)::int as value
        from ${counts(dimension, caller, period, appId)} group by day)
      select to_char(d, 'YYYY-MM-DD') as day, coalesce(counted.value, 0)::int as value
      from generate_series(${period.firstDay}::date, ${period.lastDay}::date, interval '1 day') as d
      left join counted on counted.day = d::date order by 1`,
  );

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Every day of the period as yyyy-MM-dd: calendar days, counted on from the first (whatever the
 * time zone), without a Date per day — a year's trend lists 365 of them on every call.
 */
function daysOf(period: Period): string[] {
  const days: string[] = [];
  let [year, month, day] = period.firstDay.split('-').map(Number) as [number, number, number];
  let monthDays = new Date(Date.UTC(year, month, 0)).getUTCDate();
  for (let text = period.firstDay; days.length <= 366; ) {
    days.push(text);
    if (text === period.lastDay) break;
    if (++day > monthDays) {
      day = 1;
      if (++month > 12) [month, year] = [1, year + 1];
      monthDays = new Date(Date.UTC(year, month, 0)).getUTCDate();
    }
    text = `${year}-${two(month)}-${two(day)}`;
  }
  return days;
}

/**
 * How many distinct values of `column` (an application, a brand) one dimension of the tenant's
 * daily counts has within the period, one value at a time: the next value after the last found
 * (an index step), kept when it has a row within the period (another). A year holds thousands of
 * daily rows but a few dozen values, so this reads a few dozen index entries instead of every
 * row of the period (indexes of migration 29, by value and day).
 */
function distinctInPeriod(
  table: 'blade_app_daily_count' | 'blade_app_daily_total',
  column: 'app_id' | 'value',
  dimension: Dimension,
  caller: Caller,
  period: Period,
): RawBuilder<unknown> {
  const t = sql.raw(table);
  const c = sql.raw(column);
  const key = sql`tenant_id = ${caller.tenant_id} and dimension = ${dimension}`;
  return sql`(with recursive found(v) as (
      (select ${c} from ${t} where ${key} order by ${c} limit 1)
      union all
      select (select ${c} from ${t} where ${key} and ${c} > found.v order by ${c} limit 1) from found where found.v is not null)
    select count(*)::int from found where exists (select 1 from ${t} where ${key} and ${c} = found.v
      and day >= ${period.firstDay}::date and day <= ${period.lastDay}::date))`;
}

/**
 * Periods longer than this count distinct values value by value: two index steps per value cost
 * about as much as reading some 100 daily rows per value (measured on PostgreSQL 15 with 20
 * applications and 12 brands: 0.4 ms either way at 90–120 days; a year 1.0 ms by rows, 0.4 ms by
 * value; 30 days 0.15 ms by rows).
 */
const VALUE_BY_VALUE_DAYS = 120;

/**
 * Starts, applications started, brands seen and downloads over the period, in one statement. The
 * distinct applications and brands of every application over a long period are counted value by
 * value; a shorter period, or one application, reads its daily rows.
 */
async function totals(ctx: AppContext, caller: Caller, period: Period, appId?: string) {
  const byValue = !appId && (period.to.getTime() - period.from.getTime()) / 86_400_000 > VALUE_BY_VALUE_DAYS;
  const apps = byValue
    ? distinctInPeriod('blade_app_daily_count', 'app_id', 'start', caller, period)
    : sql`(select count(*)::int from (select app_id from ${perAppCounts('start', caller, period, appId)} group by app_id) as a)`;
  const brands = byValue
    ? distinctInPeriod('blade_app_daily_total', 'value', 'brand', caller, period)
    : sql`(select count(*)::int from (select value from ${counts('brand', caller, period, appId)} group by value) as b)`;
  const [figures] = await rows(
    ctx,
    sql<{ starts: number; apps: number; brands: number; downloads: number }>`select
      (select coalesce(sum(count), 0)::int from ${counts('start', caller, period, appId)}) as starts,
      ${apps} as apps, ${brands} as brands,
      (select coalesce(sum(count), 0)::int from ${counts('download', caller, period, appId)}) as downloads`,
  );
  return { starts: figures?.starts ?? 0, apps: figures?.apps ?? 0, brands: figures?.brands ?? 0, downloads: figures?.downloads ?? 0 };
}

/** The statistics calls: every figure is summed by the database over the period's daily counts. */
export const appStatisticsExtraHandlers = defineExtraHandlers(registry.appmanage.appStatistics, {
  osName: ({ ctx, caller, query }) => byValue(ctx, counts('os', caller, periodOf(query.beginDate, query.endDate), query.appid)),
  deviceType: ({ ctx, caller, query }) => byValue(ctx, counts('type', caller, periodOf(query.beginDate, query.endDate), query.appid)),
  deviceBrand: ({ ctx, caller, query }) => byValue(ctx, counts('brand', caller, periodOf(query.beginDate, query.endDate), query.appid), 20),
  trend: async ({ ctx, caller, query }) => {
    const period = periodOf(query.beginDate, query.endDate);
    const appId = query.appid;
    const from = appId ? sql`blade_app_daily_count where app_id = ${appId} and` : sql`blade_app_daily_total where`;
    // Starts and downloads of the days that have any, in one pass over the key range; the days
    // without any are filled in here.
    const counted = await rows(
      ctx,
      sql<{ day: string; starts: number; downloads: number }>`select to_char(day, 'YYYY-MM-DD') as day,
        coalesce(sum(count) filter (where dimension = 'start'), 0)::int as starts,
        coalesce(sum(count) filter (where dimension = 'download'), 0)::int as downloads
        from ${from} tenant_id = ${caller.tenant_id} and dimension in ('start', 'download')
          and day >= ${period.firstDay}::date and day <= ${period.lastDay}::date group by day`,
    );
    const byDay = new Map(counted.map((row) => [row.day, row]));
    return daysOf(period).map((day) => ({ day, starts: byDay.get(day)?.starts ?? 0, downloads: byDay.get(day)?.downloads ?? 0 }));
  },
  appNameNum: ({ ctx, caller, query }) =>
    rows(
      ctx,
      sql<{ appId: string; name: string; value: number }>`select counted.app_id::text as "appId",
        coalesce(a.app_name, '') as name, counted.value
        from (select app_id, sum(count)::int as value
          from ${perAppCounts('start', caller, periodOf(query.beginDate, query.endDate), query.appid)} group by app_id) as counted
        left join blade_app_manage a on a.id = counted.app_id order by 3 desc, 2`,
    ),
  terminalData: ({ ctx, caller, query }) => totals(ctx, caller, periodOf(query.beginDate, query.endDate), query.appid),
  yesterdayData: async ({ ctx, caller, query }) => {
    const { yesterday, dayBefore } = yesterdayOf();
    const day = await totals(ctx, caller, yesterday, query.appid);
    const before = await totals(ctx, caller, dayBefore, query.appid);
    return {
      day: yesterday.firstDay,
      starts: day.starts,
      brands: day.brands,
      downloads: day.downloads,
      startsDayBefore: before.starts,
      downloadsDayBefore: before.downloads,
    };
  },
});
