import { z } from 'zod';
import { idString } from '../../common.js';
import type { Said } from '../../messages.js';
import { defineEndpoints, defineExtra, defineResource } from '../../resource.js';
import { appManage } from './app-manage.js';
import { dayText, appManageMessages as m } from './appmanage-messages.js';

const recorded = z.string().nullish();
const deviceFact = (message: Said) => z.string(message).trim().min(1, message).max(64, message);

/** What a mobile application posts when it starts. */
export const startReportBody = z.object({
  appId: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string(m.say.appId).pipe(idString)),
  osName: deviceFact(m.say.osName),
  deviceType: deviceFact(m.say.deviceType),
  deviceBrand: deviceFact(m.say.deviceBrand),
  appVersion: deviceFact(m.say.appVersion),
});

/** The most rows the unpaged list answers (newest first). */
export const START_LOG_LIST_MAX = 1000;

/** Every start of a mobile application as it reported it (read only). */
export const appStartLog = defineResource({
  service: 'blade-appmanage',
  name: 'appstartlog',
  table: 'blade_app_start_log',
  tenantScoped: true,
  permission: 'appstartlog',
  routes: 'read',
  entity: z.object({
    appId: recorded,
    osName: recorded,
    deviceType: recorded,
    deviceBrand: recorded,
    appVersion: recorded,
    startIp: recorded,
  }),
  references: { appId: { to: () => appManage, label: 'appName', missing: m.say.appMissing, choose: m.say.appChoose } },
  names: { appName: { field: 'appId', table: 'blade_app_manage', column: 'appName', sameTenant: true } },
  filters: { appId: 'eq', osName: 'eq', deviceType: 'eq', deviceBrand: 'like', appVersion: 'eq' },
  defaultSort: { column: 'id', desc: true },
  extras: {
    list: defineExtra({
      method: 'GET',
      path: 'list',
      summary: `Start logs without paging, newest first (at most ${START_LOG_LIST_MAX}): of one application (appId) and period (beginDate, endDate) when given`,
      query: z.object({
        appId: z.preprocess((v) => (v === '' ? undefined : v), idString.optional()),
        beginDate: dayText.optional(),
        endDate: dayText.optional(),
      }),
      response: z.array(z.record(z.string(), z.unknown())),
      namedRows: true,
      permission: 'appstartlog',
    }),
  },
  view: {
    title: ['启动日志', 'Start-up log'],
    actions: { add: false, edit: false, remove: false },
    columns: [
      { prop: 'appName', label: ['应用名称', 'Application'] },
      { prop: 'appId', label: ['应用', 'Application'], type: 'tree', hideInTable: true, search: true },
      { prop: 'osName', label: ['操作系统', 'OS'], search: true },
      { prop: 'deviceType', label: ['设备类型', 'Device type'] },
      { prop: 'deviceBrand', label: ['设备品牌', 'Brand'], search: true },
      { prop: 'appVersion', label: ['应用版本', 'App version'] },
      { prop: 'startIp', label: ['地址', 'Address'] },
      { prop: 'createTime', label: ['启动时间', 'Started'], type: 'datetime' },
    ],
  },
});

/** The public ingest a mobile application posts its start to (rate-limited per address). */
export const appStartLogClient = defineEndpoints({
  service: 'blade-appmanage',
  name: 'client-appstartlog',
  basePath: '/api/blade-appmanage/client/appstartlog',
  permission: 'appstartlog',
  rowsOf: 'blade_app_start_log',
  endpoints: {
    report: defineExtra({
      method: 'POST',
      path: 'report',
      summary:
        'A mobile application reports a start: { appId, osName, deviceType, deviceBrand, appVersion } (public; per-address rate limit)',
      body: startReportBody,
      response: z.boolean(),
      permission: 'public',
    }),
  },
  title: ['启动上报', 'Start reports'],
});
