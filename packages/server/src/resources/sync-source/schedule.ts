import { badRequest, syncMessages as m } from '@sso/shared-api';
import { onFirstUse } from '../../kernel/on-first-use.js';

const cron = onFirstUse<typeof import('cron-parser')>('cron-parser');

/**
 * A source's schedule: a cron expression of five fields (minute hour day month weekday), read in
 * the server's time zone. The contract checks the five fields; the parser checks each value.
 */
export function nextRunAfter(schedule: string, after: Date): Date {
  return cron().CronExpressionParser.parse(schedule, { currentDate: after }).next().toDate();
}

/** The schedule's first time after now, or a 400 naming the cron format when it is not one. */
export function checkedSchedule(schedule: string, now = new Date()): Date {
  if (schedule.trim().split(/\s+/).length !== 5) throw badRequest(m.say.schedule);
  try {
    return nextRunAfter(schedule, now);
  } catch {
    throw badRequest(m.say.schedule);
  }
}
