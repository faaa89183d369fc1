import { badRequest, appManageMessages as m } from '@sso/shared-api';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;

/** The server's time zone: days are bucketed in it, as every time the API answers is written in it. */
export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A day as yyyy-MM-dd in the server's time zone. */
export function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The start of a yyyy-MM-dd day in the server's time zone. */
const startOf = (day: string) => new Date(`${day}T00:00:00`);

export interface Period {
  /** First instant of the first day. */
  from: Date;
  /** First instant after the last day. */
  to: Date;
  firstDay: string;
  lastDay: string;
}

/**
 * The days from `begin` to `end`, both included: the last 30 days up to today when neither is
 * given, 30 days before `end` or after `begin` when one is. At most 366 days, the first not after
 * the last, so a query never scans more than a year.
 */
export function periodOf(begin?: string, end?: string, now = new Date()): Period {
  const lastDay = end ?? (begin ? dayOf(new Date(startOf(begin).getTime() + (DEFAULT_DAYS - 1) * DAY_MS + DAY_MS / 2)) : dayOf(now));
  const firstDay = begin ?? dayOf(new Date(startOf(lastDay).getTime() - (DEFAULT_DAYS - 1) * DAY_MS + DAY_MS / 2));
  const from = startOf(firstDay);
  const to = new Date(startOf(lastDay).getTime() + DAY_MS * 1.5);
  const toDay = startOf(dayOf(to)); // the next midnight, whatever a daylight-saving change did to the day's length
  const days = Math.round((toDay.getTime() - from.getTime()) / DAY_MS);
  if (days < 1 || days > MAX_DAYS) throw badRequest(m.say.badRange);
  return { from, to: toDay, firstDay, lastDay };
}

/** The last `days` days up to today, today included (a 7-day chart: today and the six before it). */
export function lastDaysOf(days: number, now = new Date()): Period {
  const lastDay = dayOf(now);
  const firstDay = dayOf(new Date(startOf(lastDay).getTime() - (days - 1) * DAY_MS + DAY_MS / 2));
  return periodOf(firstDay, lastDay);
}

/** Yesterday and the day before, as periods of one day. */
export function yesterdayOf(now = new Date()): { yesterday: Period; dayBefore: Period } {
  const today = startOf(dayOf(now));
  const yesterday = dayOf(new Date(today.getTime() - DAY_MS / 2));
  const dayBefore = dayOf(new Date(startOf(yesterday).getTime() - DAY_MS / 2));
  return { yesterday: periodOf(yesterday, yesterday), dayBefore: periodOf(dayBefore, dayBefore) };
}
