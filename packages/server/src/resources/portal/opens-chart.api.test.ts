import { beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, signIn, TEST_PASSWORD, type TrackedClient, useTestServer } from '../../api-suite.testkit.js';
import { dayOf } from '../appmanage/period.js';

/**
 * The portal's chart of the caller's opens per day: every day of the period answered, 0 for a day
 * without opens, counted on the server's calendar days.
 */
const suite = useTestServer();

const CHART = '/api/blade-portal/client/app/getAppChartData';
const DAY_MS = 86_400_000;

let carol: TrackedClient;
let dave: TrackedClient;

/** The last `count` days up to today, as yyyy-MM-dd in this process's (the server's) time zone. */
function lastDays(count: number): string[] {
  const noon = new Date(`${dayOf(new Date())}T12:00:00`).getTime();
  return Array.from({ length: count }, (_, i) => dayOf(new Date(noon - (count - 1 - i) * DAY_MS)));
}

async function opened(account: string, at: Date): Promise<void> {
  const { ctx } = suite.server;
  await ctx.db
    .insertInto('blade_app_login_log')
    .values({ id: ctx.ids.next(), tenantId: '000000', appId: '1', appCode: 'finance', account, loginTime: at })
    .execute();
}

const chart = (who: TrackedClient, days?: number) =>
  who.call('GET', CHART, days ? { days: String(days) } : undefined) as Promise<{ day: string; count: number }[]>;

beforeAll(async () => {
  const roleId = await createRole(suite.server, { alias: 'chart_staff' });
  await createUser(suite.server, { account: 'carol', roleId });
  await createUser(suite.server, { account: 'dave', roleId });
  carol = await signIn(suite.server, { account: 'carol', password: TEST_PASSWORD });
  dave = await signIn(suite.server, { account: 'dave', password: TEST_PASSWORD });
  const days = lastDays(7);
  const firstMidnight = new Date(`${days[0]}T00:00:00`);
  await opened('carol', new Date(firstMidnight.getTime() - 1)); // the last instant before the period
  await opened('carol', firstMidnight); // its first instant
  await opened('carol', new Date(`${days[3]}T12:00:00`));
  await opened('carol', new Date());
  await opened('carol', new Date());
  await opened('dave', new Date(`${days[5]}T00:00:00`));
});

describe('the opens chart', () => {
  it('answers all seven days up to today, 0 for a day without opens', async () => {
    expect(await chart(carol)).toEqual(lastDays(7).map((day, i) => ({ day, count: [1, 0, 0, 1, 0, 0, 2][i] })));
  });

  it('counts only the caller’s own opens, seven zeros for someone with none', async () => {
    expect((await chart(dave)).map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 1, 0]);
    expect(await chart(suite.admin)).toEqual(lastDays(7).map((day) => ({ day, count: 0 })));
  });

  it('answers as many days as asked for', async () => {
    const month = await chart(carol, 30);
    expect(month.map((d) => d.day)).toEqual(lastDays(30));
    expect(month.reduce((sum, d) => sum + d.count, 0)).toBe(5);
  });
});
