import { appManageMessages as m, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { bad, createTenantWithAdmin, failure, rowCount, type TestUser, useTestServer } from '../../api-suite.testkit.js';
import { dayOf } from './period.js';

/**
 * Start reports (public, validated) and the statistics over them: the figures are the counts of
 * what was posted, per tenant and application, and another tenant sees none of them.
 */
const suite = useTestServer();
const api = () => suite.admin.appmanage;
type Row = Record<string, unknown>;

let office = '';
let field = '';
let other: TestUser;
const today = dayOf(new Date());

const report = (body: unknown) =>
  fetch(`${suite.server.baseUrl}/api/blade-appmanage/client/appstartlog/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const device = (appId: string, osName: string, deviceBrand: string, deviceType = 'phone', appVersion = '1.0.0') => ({
  appId,
  osName,
  deviceType,
  deviceBrand,
  appVersion,
});

/** What is posted: office 3 Android (2 Huawei, 1 Xiaomi) and 2 iOS (1 of them a tablet), field 1 Android: 3 brands in all. */
const POSTED = [
  device('office', 'Android', 'Huawei'),
  device('office', 'Android', 'Huawei'),
  device('office', 'Android', 'Xiaomi', 'phone', '1.1.0'),
  device('office', 'iOS', 'Apple'),
  device('office', 'iOS', 'Apple', 'tablet'),
  device('field', 'Android', 'Huawei'),
];

beforeAll(async () => {
  office = String(((await api().appManage.submit({ appName: '掌上办公', appCategory: '1' } as never)) as Row).id);
  field = String(((await api().appManage.submit({ appName: '现场巡检', appCategory: '2' } as never)) as Row).id);
  other = await createTenantWithAdmin(suite.server, '200002');
  for (const entry of POSTED) {
    const response = await report({ ...entry, appId: entry.appId === 'office' ? office : field });
    expect(response.status).toBe(200);
  }
});

describe('the start report', () => {
  it('refuses bad reports with 400 and writes nothing', async () => {
    const before = await rowCount(suite.server, 'blade_app_start_log');
    const cases: [unknown, string][] = [
      [{ ...device(office, 'Android', 'Huawei'), osName: '' }, m.osName],
      [{ ...device(office, 'Android', 'Huawei'), deviceBrand: 'x'.repeat(65) }, m.deviceBrand],
      [{ osName: 'Android', deviceType: 'phone', deviceBrand: 'Huawei', appVersion: '1' }, m.appId],
      [device('123456789', 'Android', 'Huawei'), m.appMissing],
    ];
    for (const [body, msg] of cases) {
      const response = await report(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { msg: string }).msg).toBe(msg);
    }
    expect(await rowCount(suite.server, 'blade_app_start_log')).toBe(before);
  });

  it("files each start under the application's tenant, listed without paging", async () => {
    const rows = await api().appStartLog.list({ appId: office } as never);
    expect(Array.isArray(rows)).toBe(true);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ appName: '掌上办公', osName: 'iOS' });
    expect(await other.sdk.appmanage.appStartLog.list({} as never)).toEqual([]);
  });
});

describe('statistics', () => {
  const period = { beginDate: today, endDate: today };

  it('counts starts per OS, device type and brand, of all applications or one', async () => {
    expect(await api().appStatistics.osName(period as never)).toEqual([
      { name: 'Android', value: 4 },
      { name: 'iOS', value: 2 },
    ]);
    expect(await api().appStatistics.osName({ ...period, appid: office } as never)).toEqual([
      { name: 'Android', value: 3 },
      { name: 'iOS', value: 2 },
    ]);
    expect(await api().appStatistics.deviceType({ ...period, appid: office } as never)).toEqual([
      { name: 'phone', value: 4 },
      { name: 'tablet', value: 1 },
    ]);
    expect(await api().appStatistics.deviceBrand(period as never)).toEqual([
      { name: 'Huawei', value: 3 },
      { name: 'Apple', value: 2 },
      { name: 'Xiaomi', value: 1 },
    ]);
  });

  it('counts per application and totals the period', async () => {
    expect(await api().appStatistics.appNameNum(period as never)).toEqual([
      { appId: office, name: '掌上办公', value: 5 },
      { appId: field, name: '现场巡检', value: 1 },
    ]);
    expect(await api().appStatistics.terminalData(period as never)).toEqual({ starts: 6, apps: 2, brands: 3, downloads: 0 });
  });

  it('lists every day of the trend, zero where nothing happened', async () => {
    const yesterday = dayOf(new Date(Date.now() - 86_400_000));
    const trend = await api().appStatistics.trend({ beginDate: yesterday, endDate: today } as never);
    expect(trend).toEqual([
      { day: yesterday, starts: 0, downloads: 0 },
      { day: today, starts: 6, downloads: 0 },
    ]);
    // Without dates: the last 30 days up to today.
    const month = (await api().appStatistics.trend({} as never)) as { day: string }[];
    expect(month).toHaveLength(30);
    expect(month.at(-1)).toEqual({ day: today, starts: 6, downloads: 0 });
    // Across a year's end and a leap day, every calendar day once.
    const span = (await api().appStatistics.trend({ beginDate: '2023-12-30', endDate: '2024-03-01' } as never)) as { day: string }[];
    const expected = Array.from({ length: 63 }, (_, i) => new Date(Date.UTC(2023, 11, 30 + i)).toISOString().slice(0, 10));
    expect(span.map((row) => row.day)).toEqual(expected);
    expect(expected.slice(1, 4).concat(expected.slice(-2))).toEqual(['2023-12-31', '2024-01-01', '2024-01-02', '2024-02-29', '2024-03-01']);
  });

  it("answers yesterday's figures (today's starts are not yesterday's)", async () => {
    expect(await api().appStatistics.yesterdayData({} as never)).toMatchObject({ starts: 0, downloads: 0, startsDayBefore: 0 });
  });

  it('shows another tenant nothing of these starts', async () => {
    expect(await other.sdk.appmanage.appStatistics.osName(period as never)).toEqual([]);
    expect(await other.sdk.appmanage.appStatistics.osName({ ...period, appid: office } as never)).toEqual([]);
    expect(await other.sdk.appmanage.appStatistics.terminalData(period as never)).toEqual({ starts: 0, apps: 0, brands: 0, downloads: 0 });
  });

  it('counts the applications and brands of the period only, every application or one', async () => {
    // Counts of a day 200 days ago, as the report kept them then: field started twice on a Nokia. A period
    // from then counts applications and brands value by value, a shorter one by rows: both are checked.
    const old = dayOf(new Date(Date.now() - 200 * 86_400_000));
    const kept = [
      ['start', ''],
      ['brand', 'Nokia'],
    ] as const;
    for (const [dimension, value] of kept) {
      const row = { tenantId: '000000', dimension, day: old, value, count: 2 };
      await suite.server.ctx.db
        .insertInto('blade_app_daily_count')
        .values({ ...row, appId: field })
        .execute();
      await suite.server.ctx.db.insertInto('blade_app_daily_total').values(row).execute();
    }
    const figures = (beginDate: string, endDate: string, appid?: string) =>
      api().appStatistics.terminalData({ beginDate, endDate, ...(appid ? { appid } : {}) } as never);
    expect(await figures(today, today)).toEqual({ starts: 6, apps: 2, brands: 3, downloads: 0 });
    expect(await figures(old, old)).toEqual({ starts: 2, apps: 1, brands: 1, downloads: 0 });
    expect(await figures(old, today)).toEqual({ starts: 8, apps: 2, brands: 4, downloads: 0 });
    const since150 = dayOf(new Date(Date.now() - 150 * 86_400_000));
    expect(await figures(since150, today)).toEqual({ starts: 6, apps: 2, brands: 3, downloads: 0 });
    expect(await figures(old, old, office)).toEqual({ starts: 0, apps: 0, brands: 0, downloads: 0 });
    expect(await figures(old, today, field)).toEqual({ starts: 3, apps: 1, brands: 2, downloads: 0 });
  });

  it('refuses bad dates and ranges with 400', async () => {
    expect(await failure(suite.admin, api().appStatistics.osName({ beginDate: '2024/01/01' } as never))).toEqual(bad(m.badDay));
    expect(await failure(suite.admin, api().appStatistics.trend({ beginDate: '2024-05-02', endDate: '2024-05-01' } as never))).toEqual(
      bad(m.badRange),
    );
    expect(await failure(suite.admin, api().appStatistics.osName({ appid: 'abc' } as never))).toEqual(bad(zh('badId')));
  });
});
