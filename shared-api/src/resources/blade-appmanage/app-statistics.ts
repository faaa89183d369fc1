import { z } from 'zod';
import { idString } from '../../common.js';
import { defineEndpoints, defineExtra } from '../../resource.js';
import { dayText, appManageMessages as m } from './appmanage-messages.js';

const optionalAppId = z.preprocess((v) => (v === '' ? undefined : v), z.string(m.say.appId).pipe(idString).optional());

/** A period of days (yyyy-MM-dd, both included; the last 30 days when not given), optionally one application. */
export const statisticsQuery = z.object({ beginDate: dayText.optional(), endDate: dayText.optional(), appid: optionalAppId });
const nameValue = z.array(z.object({ name: z.string(), value: z.number() }));
const extra = (path: string, summary: string, response: z.ZodType) =>
  defineExtra({ method: 'GET', path, summary, query: statisticsQuery, response, permission: 'appstatistics' });

/** One day of the trend: starts reported and packages downloaded. */
export const trendDay = z.object({ day: z.string(), starts: z.number(), downloads: z.number() });
/** Yesterday's figures beside the day before's. */
export const yesterdayFigures = z.object({
  day: z.string(),
  starts: z.number(),
  brands: z.number(),
  downloads: z.number(),
  startsDayBefore: z.number(),
  downloadsDayBefore: z.number(),
});

/**
 * Start and download statistics of the tenant's mobile applications, summed by the database from
 * daily counts over the days of the period (in the server's time zone, as every time the API
 * answers).
 */
export const appStatistics = defineEndpoints({
  service: 'blade-appmanage',
  name: 'app',
  permission: 'appstatistics',
  rowsOf: 'blade_app_start_log',
  endpoints: {
    osName: extra('osName', 'Starts per operating system over the period, most first', nameValue),
    deviceType: extra('deviceType', 'Starts per device type over the period, most first', nameValue),
    deviceBrand: extra('deviceBrand', 'Starts per device brand over the period, most first (at most 20)', nameValue),
    trend: extra('trend', 'Starts and downloads per day of the period, every day listed', z.array(trendDay)),
    appNameNum: extra(
      'appNameNum',
      'Starts per application over the period, most first',
      z.array(z.object({ appId: z.string(), name: z.string(), value: z.number() })),
    ),
    terminalData: extra(
      'terminalData',
      'Totals of the period: starts, applications started, device brands seen, downloads',
      z.object({ starts: z.number(), apps: z.number(), brands: z.number(), downloads: z.number() }),
    ),
    yesterdayData: defineExtra({
      method: 'GET',
      path: 'yesterdayData',
      summary: "Yesterday's starts, device brands and downloads, with the day before's, optionally of one application (appid)",
      query: z.object({ appid: optionalAppId }),
      response: yesterdayFigures,
      permission: 'appstatistics',
    }),
  },
  title: ['应用统计', 'Application statistics'],
});
