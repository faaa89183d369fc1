import { z } from 'zod';
import { idString, isRealDate } from '../../common.js';
import { defineEndpoints, defineExtra } from '../../resource.js';
import { wxMessages as m } from './wx-messages.js';

/** A day as the analytics calls take it: yyyy-MM-dd or WeChat's yyyyMMdd (a time after the day is ignored). */
export const miniDay = z
  .string(m.say.badDay)
  .trim()
  .transform((v) => v.slice(0, 10))
  .transform((v) => (/^\d{8}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}` : v))
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, m.say.badDay)
      .refine(isRealDate, m.say.badDay),
  );

/** The mini program: the id of its wxapp row (type 2). */
const appid = z.string(m.say.appId).pipe(idString);
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
 * The 小程序分析 screen's sixteen calls, by the names BladeX's screen calls them: WeChat's data
 * analysis API of a mini program (datacube getweanalysisappid…). A call of one period (`endDate`
 * only) answers `data` as WeChat's own JSON for that period; a call of a range (`beginDate` and
 * `endDate`) answers WeChat's `list` of the range's periods, in order. Periods that are final
 * (ending before yesterday, China time) are kept in the database, so a chart of a year asks
 * WeChat only for the periods it has not got; yesterday is always asked afresh.
 */
export const wxMini = defineEndpoints({
  service: 'blade-appmanage',
  name: 'mini',
  basePath: '/api/blade-appmanage/mini',
  permission: 'mini',
  title: ['小程序分析', 'Mini program analysis'],
  endpoints: {
    getDailyRetainInfo: day(
      'getDailyRetainInfo',
      "The day's retention (getweanalysisappiddailyretaininfo): { ref_date, visit_uv_new, visit_uv }",
      miniRetain,
    ),
    getDailyRetainInfoList: range('getDailyRetainInfoList', 'Daily retention over the days of the range: { list }', listOf(miniRetain)),
    getLastWeekRetainInfo: day(
      'getLastWeekRetainInfo',
      'Retention of the last whole week (Monday to Sunday) ending by endDate (getweanalysisappidweeklyretaininfo)',
      miniRetain,
    ),
    getWeeklyRetainInfoList: range(
      'getWeeklyRetainInfoList',
      'Weekly retention over the weeks of the range, Monday to Sunday: { list }',
      listOf(miniRetain),
    ),
    getLastMonthRetainInfo: day(
      'getLastMonthRetainInfo',
      'Retention of the last whole month ending by endDate (getweanalysisappidmonthlyretaininfo)',
      miniRetain,
    ),
    getMonthlyRetainInfoList: range(
      'getMonthlyRetainInfoList',
      'Monthly retention over the months of the range, first to last day: { list }',
      listOf(miniRetain),
    ),
    DailyVisitTrend: day('DailyVisitTrend', "The day's visits (getweanalysisappiddailyvisittrend): { list }", listOf(miniVisitTrend)),
    DailyVisitTrendList: defineExtra({
      method: 'GET',
      path: 'DailyVisitTrendList',
      summary: 'Visits per day from startTime to endTime (getweanalysisappiddailyvisittrend): { list }',
      query: miniTimeQuery,
      response: listOf(miniVisitTrend),
      permission: 'mini',
    }),
    getVisitDistribution: day(
      'getVisitDistribution',
      "The day's visits by source, stay time and depth (getweanalysisappidvisitdistribution): { ref_date, list }",
      miniDistribution,
    ),
    getVisitDistributionList: range(
      'getVisitDistributionList',
      'The visit distribution of each day of the range: { list }',
      listOf(miniDistribution),
    ),
    getUserPortrait: day(
      'getUserPortrait',
      "The day's user portrait by province, city, gender, platform, device and age (getweanalysisappiduserportrait)",
      miniPortrait,
    ),
    getVisitPage: day('getVisitPage', "The day's pages (getweanalysisappidvisitpage): { ref_date, list }", miniVisitPage),
    getdailyPageVisitNums: range('getdailyPageVisitNums', 'The pages of each day of the range: { list }', listOf(miniVisitPage)),
    getLastWeekVisitTrend: day(
      'getLastWeekVisitTrend',
      'Visits of the last whole week (Monday to Sunday) ending by endDate (getweanalysisappidweeklyvisittrend): { list }',
      listOf(miniVisitTrend),
    ),
    getLastMonthVisitTrend: day(
      'getLastMonthVisitTrend',
      'Visits of the last whole month ending by endDate (getweanalysisappidmonthlyvisittrend): { list }',
      listOf(miniVisitTrend),
    ),
    getDailySummaryTrend: range(
      'getDailySummaryTrend',
      'Total users and shares per day of the range (getweanalysisappiddailysummarytrend): { list }',
      listOf(miniSummary),
    ),
  },
});

/**
 * Which WeChat call and period each analytics call reads: `day`, `week` (Monday to Sunday) or
 * `month` periods of its range, or the last whole week or month ending by its day.
 */
export const MINI_CALLS = {
  getDailyRetainInfo: { api: 'getweanalysisappiddailyretaininfo', period: 'day' },
  getDailyRetainInfoList: { api: 'getweanalysisappiddailyretaininfo', period: 'day' },
  getLastWeekRetainInfo: { api: 'getweanalysisappidweeklyretaininfo', period: 'lastWeek' },
  getWeeklyRetainInfoList: { api: 'getweanalysisappidweeklyretaininfo', period: 'week' },
  getLastMonthRetainInfo: { api: 'getweanalysisappidmonthlyretaininfo', period: 'lastMonth' },
  getMonthlyRetainInfoList: { api: 'getweanalysisappidmonthlyretaininfo', period: 'month' },
  DailyVisitTrend: { api: 'getweanalysisappiddailyvisittrend', period: 'day' },
  DailyVisitTrendList: { api: 'getweanalysisappiddailyvisittrend', period: 'day' },
  getVisitDistribution: { api: 'getweanalysisappidvisitdistribution', period: 'day' },
  getVisitDistributionList: { api: 'getweanalysisappidvisitdistribution', period: 'day' },
  getUserPortrait: { api: 'getweanalysisappiduserportrait', period: 'day' },
  getVisitPage: { api: 'getweanalysisappidvisitpage', period: 'day' },
  getdailyPageVisitNums: { api: 'getweanalysisappidvisitpage', period: 'day' },
  getLastWeekVisitTrend: { api: 'getweanalysisappidweeklyvisittrend', period: 'lastWeek' },
  getLastMonthVisitTrend: { api: 'getweanalysisappidmonthlyvisittrend', period: 'lastMonth' },
  getDailySummaryTrend: { api: 'getweanalysisappiddailysummarytrend', period: 'day' },
} as const;
