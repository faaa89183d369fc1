import { z } from 'zod';
import { idString, isRealDate } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { wxMessages as m } from './wx-messages.js';

/** A day as the analytics calls take it: yyyy-MM-dd or WeChat's yyyyMMdd (a time after the day is ignored). */
export const miniDay = z
  .string({ error: m.badDay })
  .trim()
  .transform((v) => v.slice(0, 10))
  .transform((v) => (/^\d{8}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}` : v))
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, m.badDay)
      .refine(isRealDate, m.badDay),
  );

/** The mini program: the id of its wxapp row (type 2). */
const appid = z.string({ error: m.appId }).pipe(idString);
/** A range of days, both included (at most 366, ending yesterday at the latest: WeChat has no figures for today). */
export const miniRangeQuery = z.object({ appid, beginDate: miniDay, endDate: miniDay });
/** One day (or the 7 or 30 days ending with it, for the portraits). */
export const miniDayQuery = z.object({ appid, endDate: miniDay });
/** The range of `DailyVisitTrendList`, named as Saber's screen names it. */
export const miniTimeQuery = z.object({ appid, startTime: miniDay, endTime: miniDay });

const keyValue = z.object({ key: z.number(), value: z.number() }).loose();
/** Retention of one period (datacube …retaininfo): users of `ref_date` still visiting after `key` days, weeks or months. */
export const miniRetain = z.object({ ref_date: z.string(), visit_uv_new: z.array(keyValue), visit_uv: z.array(keyValue) }).loose();
/** Visits of one period (…visittrend): session_cnt, visit_pv, visit_uv, visit_uv_new, stay_time_uv, stay_time_session, visit_depth. */
export const miniVisitTrend = z.object({ ref_date: z.string() }).loose();
/** Totals of one day (…dailysummarytrend): visit_total, share_pv, share_uv. */
export const miniSummary = z.object({ ref_date: z.string() }).loose();
/** WeChat's `{ list: [...] }` answer. */
const listOf = (row: z.ZodType) => z.object({ list: z.array(row) }).loose();
/** Distribution of one day's visits (…visitdistribution): `list` of { index, item_list: [{ key, value }] }. */
export const miniDistribution = z.object({ ref_date: z.string(), list: z.array(z.object({ index: z.string() }).loose()) }).loose();
/** The pages of one day (…visitpage): `list` of { page_path, page_visit_pv, page_visit_uv, page_staytime_pv, entrypage_pv, exitpage_pv, page_share_pv, page_share_uv }. */
export const miniVisitPage = z.object({ ref_date: z.string(), list: z.array(z.object({ page_path: z.string() }).loose()) }).loose();
/** Who the users are (…userportrait): visit_uv_new and visit_uv, each by province, city, genders, platforms, devices, ages. */
export const miniPortrait = z.object({ ref_date: z.string(), visit_uv_new: z.unknown(), visit_uv: z.unknown() }).loose();

const range = (path: string, summary: string, response: z.ZodType) =>
  defineExtra({ method: 'GET', path, summary, query: miniRangeQuery, response, permission: 'mini' });
const day = (path: string, summary: string, response: z.ZodType) =>
  defineExtra({ method: 'GET', path, summary, query: miniDayQuery, response, permission: 'mini' });

/**
 * The 小程序分析 screen's sixteen calls: WeChat's data analysis API of a mini program (datacube
 * getweanalysisappid…), each answering `data` as WeChat's own JSON for that call. WeChat answers
 * one day, week or month per call; a range is answered as WeChat's `list` of the periods, in
 * order. Periods that are final (ending before yesterday) are kept in the database, so a chart
 * of a year asks WeChat only for the periods it has not got; yesterday is always asked afresh.
 */
export const wxMini = defineResource({
  service: 'blade-appmanage',
  name: 'mini',
  basePath: '/api/blade-appmanage/mini',
  table: 'blade_wx_mini_stat',
  // Extras only: each handler keeps to the caller's tenant itself.
  tenantScoped: false,
  permission: 'mini',
  routes: 'none',
  entity: z.object({}),
  extras: {
    dailyRetain: range(
      'dailyRetain',
      'Daily retention over the days of the range (getweanalysisappiddailyretaininfo): { list }',
      listOf(miniRetain),
    ),
    weeklyRetain: range(
      'weeklyRetain',
      'Weekly retention over the weeks of the range, Monday to Sunday (getweanalysisappidweeklyretaininfo): { list }',
      listOf(miniRetain),
    ),
    monthlyRetain: range(
      'monthlyRetain',
      'Monthly retention over the months of the range, first to last day (getweanalysisappidmonthlyretaininfo): { list }',
      listOf(miniRetain),
    ),
    dailyVisitTrend: range(
      'dailyVisitTrend',
      'Visits per day of the range (getweanalysisappiddailyvisittrend): { list }',
      listOf(miniVisitTrend),
    ),
    weeklyVisitTrend: range(
      'weeklyVisitTrend',
      'Visits per week of the range, Monday to Sunday (getweanalysisappidweeklyvisittrend): { list }',
      listOf(miniVisitTrend),
    ),
    monthlyVisitTrend: range(
      'monthlyVisitTrend',
      'Visits per month of the range, first to last day (getweanalysisappidmonthlyvisittrend): { list }',
      listOf(miniVisitTrend),
    ),
    dailySummary: range(
      'dailySummary',
      'Total users and shares per day of the range (getweanalysisappiddailysummarytrend): { list }',
      listOf(miniSummary),
    ),
    DailyVisitTrendList: defineExtra({
      method: 'GET',
      path: 'DailyVisitTrendList',
      summary: 'Visits per day from startTime to endTime (getweanalysisappiddailyvisittrend): { list }',
      query: miniTimeQuery,
      response: listOf(miniVisitTrend),
      permission: 'mini',
    }),
    daySummary: day('daySummary', "The day's total users and shares (getweanalysisappiddailysummarytrend): { list }", listOf(miniSummary)),
    dayVisitTrend: day('dayVisitTrend', "The day's visits (getweanalysisappiddailyvisittrend): { list }", listOf(miniVisitTrend)),
    dayRetain: day(
      'dayRetain',
      "The day's retention (getweanalysisappiddailyretaininfo): { ref_date, visit_uv_new, visit_uv }",
      miniRetain,
    ),
    visitDistribution: day(
      'visitDistribution',
      "The day's visits by source, stay time and depth (getweanalysisappidvisitdistribution): { ref_date, list }",
      miniDistribution,
    ),
    visitPage: day('visitPage', "The day's pages (getweanalysisappidvisitpage): { ref_date, list }", miniVisitPage),
    userPortrait: day(
      'userPortrait',
      "The day's user portrait (getweanalysisappiduserportrait): { ref_date, visit_uv_new, visit_uv }",
      miniPortrait,
    ),
    weeklyUserPortrait: day(
      'weeklyUserPortrait',
      'The user portrait of the 7 days ending with endDate (getweanalysisappiduserportrait)',
      miniPortrait,
    ),
    monthlyUserPortrait: day(
      'monthlyUserPortrait',
      'The user portrait of the 30 days ending with endDate (getweanalysisappiduserportrait)',
      miniPortrait,
    ),
  },
  view: { title: ['小程序分析', 'Mini program analysis'], columns: [], actions: { add: false, edit: false, remove: false, view: false } },
});

/** Which WeChat call and period each analytics call reads: `day`, `week` or `month` periods, or a portrait of 1, 7 or 30 days. */
export const MINI_CALLS = {
  dailyRetain: { api: 'getweanalysisappiddailyretaininfo', period: 'day' },
  weeklyRetain: { api: 'getweanalysisappidweeklyretaininfo', period: 'week' },
  monthlyRetain: { api: 'getweanalysisappidmonthlyretaininfo', period: 'month' },
  dailyVisitTrend: { api: 'getweanalysisappiddailyvisittrend', period: 'day' },
  weeklyVisitTrend: { api: 'getweanalysisappidweeklyvisittrend', period: 'week' },
  monthlyVisitTrend: { api: 'getweanalysisappidmonthlyvisittrend', period: 'month' },
  dailySummary: { api: 'getweanalysisappiddailysummarytrend', period: 'day' },
  DailyVisitTrendList: { api: 'getweanalysisappiddailyvisittrend', period: 'day' },
  daySummary: { api: 'getweanalysisappiddailysummarytrend', period: 'day' },
  dayVisitTrend: { api: 'getweanalysisappiddailyvisittrend', period: 'day' },
  dayRetain: { api: 'getweanalysisappiddailyretaininfo', period: 'day' },
  visitDistribution: { api: 'getweanalysisappidvisitdistribution', period: 'day' },
  visitPage: { api: 'getweanalysisappidvisitpage', period: 'day' },
  userPortrait: { api: 'getweanalysisappiduserportrait', period: 'portrait1' },
  weeklyUserPortrait: { api: 'getweanalysisappiduserportrait', period: 'portrait7' },
  monthlyUserPortrait: { api: 'getweanalysisappiduserportrait', period: 'portrait30' },
} as const;
