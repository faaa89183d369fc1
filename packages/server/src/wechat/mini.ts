import { badRequest, MINI_CALLS, wxMessages as m } from '@sso/shared-api';
import type { Db } from '../db/database.js';
import type { WxApp } from './apps.js';
import type { WechatClient, WxAnswer } from './client.js';

export type MiniCall = keyof typeof MINI_CALLS;

const DAY_MS = 86_400_000;
/** WeChat's days are China's (UTC+8), whatever the server's zone. */
const CHINA_MS = 8 * 3_600_000;
const MAX_DAYS = 366;
/** Periods asked of WeChat at once. */
const PARALLEL = 4;

/** yyyy-MM-dd → days since the epoch. */
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** WeChat's yyyyMMdd. */
const compact = (n: number) => dayText(n).replace(/-/g, '');
/** Today in China, as a day number. */
export const chinaToday = (now = Date.now()) => Math.floor((now + CHINA_MS) / DAY_MS);

interface Period {
  begin: number;
  end: number;
}

const isMonday = (n: number) => (n + 3) % 7 === 0; // 1970-01-01 (day 0) was a Thursday
const firstOfMonth = (n: number) => new Date(n * DAY_MS).getUTCDate() === 1;
/** The first day of the month `months` after the one of day n. */
function monthStart(n: number, months = 0): number {
  const d = new Date(n * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1) / DAY_MS;
}

/**
 * The periods a call covers: the days, weeks (Monday to Sunday) or months of its range, or the
 * last whole week or month ending on or before its day.
 */
function periodsOf(call: MiniCall, begin: number, end: number): Period[] {
  const { period } = MINI_CALLS[call];
  const out: Period[] = [];
  if (period === 'day') for (let d = begin; d <= end; d++) out.push({ begin: d, end: d });
  if (period === 'lastWeek') {
    const sunday = end - ((end + 4) % 7); // day n is a Sunday when (n + 4) % 7 === 0
    out.push({ begin: sunday - 6, end: sunday });
  }
  if (period === 'lastMonth') {
    // The month of the day when the day is its last, else the month before.
    const last = firstOfMonth(end + 1) ? end : monthStart(end) - 1;
    out.push({ begin: monthStart(last), end: last });
  }
  if (period === 'week') {
    if (!isMonday(begin) || !isMonday(end + 1)) throw badRequest(m.say.weekRange);
    for (let d = begin; d <= end; d += 7) out.push({ begin: d, end: d + 6 });
  }
  if (period === 'month') {
    if (!firstOfMonth(begin) || !firstOfMonth(end + 1)) throw badRequest(m.say.monthRange);
    for (let d = begin; d <= end; d = monthStart(d, 1)) out.push({ begin: d, end: monthStart(d, 1) - 1 });
  }
  return out;
}

/** WeChat's answer without its errcode and errmsg. */
function dataOf(answer: WxAnswer): WxAnswer {
  const { errcode: _c, errmsg: _m, ...data } = answer;
  return data;
}

/**
 * The figures of one analytics call for a mini program, as WeChat answers them: periods already
 * final (ending before yesterday, China time) come from `blade_wx_mini_stat` when they are there,
 * the others are asked of WeChat (`datacube/<api>`, begin_date and end_date as yyyyMMdd) and
 * kept when final. A range is WeChat's `list` of its periods, in order.
 */
export async function miniFigures(
  deps: { db: Db; client: WechatClient; now?: number },
  app: WxApp,
  call: MiniCall,
  range: { begin?: string; end: string },
): Promise<WxAnswer> {
  const { api } = MINI_CALLS[call];
  const today = chinaToday(deps.now);
  const end = dayNumber(range.end);
  const begin = range.begin === undefined ? end : dayNumber(range.begin);
  if (begin > end || end > today - 1 || end - begin + 1 > MAX_DAYS) throw badRequest(m.say.badRange);
  const periods = periodsOf(call, begin, end);
  const final = (p: Period) => p.end < today - 1;
  const cached = new Map(
    (
      await deps.db
        .selectFrom('blade_wx_mini_stat')
        .select(['beginDate', 'endDate', 'data'])
        .where('appId', '=', app.id)
        .where('api', '=', api)
        .where('beginDate', '>=', compact(periods[0]!.begin))
        .where('endDate', '<=', compact(periods.at(-1)!.end))
        .execute()
    ).map((row) => [`${row.beginDate}-${row.endDate}`, JSON.parse(row.data) as WxAnswer]),
  );
  const answers: WxAnswer[] = new Array(periods.length);
  const missing = periods
    .map((p, i) => ({ p, i }))
    .filter(({ p, i }) => {
      const hit = final(p) ? cached.get(`${compact(p.begin)}-${compact(p.end)}`) : undefined;
      if (hit) answers[i] = hit;
      return !hit;
    });
  for (let k = 0; k < missing.length; k += PARALLEL) {
    await Promise.all(
      missing.slice(k, k + PARALLEL).map(async ({ p, i }) => {
        const answer = dataOf(
          await deps.client.call(app, `datacube/${api}`, { body: { begin_date: compact(p.begin), end_date: compact(p.end) } }),
        );
        answers[i] = answer;
        if (final(p)) {
          await deps.db
            .insertInto('blade_wx_mini_stat')
            .values({ appId: app.id, api, beginDate: compact(p.begin), endDate: compact(p.end), data: JSON.stringify(answer) })
            .onConflict((oc) => oc.columns(['appId', 'api', 'beginDate', 'endDate']).doNothing())
            .execute();
        }
      }),
    );
  }
  // One period whose answer is an object (retention, distribution, pages, portrait): WeChat's answer as it is.
  const listed = (a: WxAnswer) => (Array.isArray(a.list) && !('ref_date' in a) ? (a.list as unknown[]) : [a]);
  if (range.begin === undefined) return answers[0] ?? {};
  return { list: answers.flatMap(listed) };
}
