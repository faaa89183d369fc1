import { z } from 'zod';
import { idList, idString } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { appManage } from './app-manage.js';
import { dayText, appManageMessages as m } from './appmanage-messages.js';

const recorded = z.string().nullish();
const optionalAppId = z.preprocess((v) => (v === '' ? undefined : v), z.string(m.say.appId).pipe(idString).optional());

/** A period of days (yyyy-MM-dd, both included), the last 30 days when not given; optionally one application. */
export const downloadPeriodQuery = z.object({ startTime: dayText.optional(), endTime: dayText.optional(), appId: optionalAppId });

/**
 * Every download of a version's package through its download link: the application, version,
 * package type, address and client. Only the link writes them and nobody edits them; an
 * administrator holding the screen's delete button (`appdownloadrecord_delete`) may remove
 * records (a soft delete: the row stays in the table), and the download statistics then no longer
 * count them, as BladeX's statistics count only live records.
 */
export const appDownloadRecord = defineResource({
  service: 'blade-appmanage',
  name: 'appdownloadrecord',
  table: 'blade_app_download_record',
  tenantScoped: true,
  permission: 'appdownloadrecord',
  routes: 'read',
  entity: z.object({
    appId: recorded,
    versionId: recorded,
    appType: z.number().nullish(),
    versionName: recorded,
    downloadIp: recorded,
    userAgent: recorded,
  }),
  references: { appId: { to: () => appManage, label: 'appName', missing: m.say.appMissing, choose: m.say.appChoose } },
  names: {
    appName: { field: 'appId', table: 'blade_app_manage', column: 'appName', sameTenant: true },
    appTypeName: { field: 'appType', labels: { 1: 'Android', 2: 'iOS' } },
  },
  filters: { appId: 'eq', appType: 'eq', versionName: 'like', downloadIp: 'like' },
  defaultSort: { column: 'id', desc: true },
  extras: {
    // Keyed apart from the generic `remove` so the SDK's remove(ids) keeps its shape; same path.
    removeRecords: defineExtra({
      method: 'POST',
      path: 'remove',
      summary: 'Remove download records (ids, comma-joined; soft delete), taking them out of the download statistics',
      query: z.object({ ids: idList }),
      response: z.boolean(),
      permission: 'appdownloadrecord_delete',
    }),
    downloadTrendList: defineExtra({
      method: 'GET',
      path: 'downloadTrendList',
      summary: 'Downloads per day over the period (startTime, endTime; the last 30 days by default), every day listed',
      query: downloadPeriodQuery,
      response: z.array(z.object({ day: z.string(), value: z.number() })),
      permission: ['appdownloadrecord', 'appstatistics'],
    }),
    downloadStatistics: defineExtra({
      method: 'GET',
      path: 'downloadStatistics',
      summary: 'Downloads per application over the period (startTime, endTime), Android and iOS apart, most downloaded first',
      query: downloadPeriodQuery,
      response: z.array(z.object({ appId: z.string(), appName: z.string(), android: z.number(), ios: z.number(), total: z.number() })),
      permission: ['appdownloadrecord', 'appstatistics'],
    }),
  },
  view: {
    title: ['下载记录', 'Download records'],
    actions: { add: false, edit: false },
    columns: [
      { prop: 'appName', label: ['应用名称', 'Application'] },
      { prop: 'appId', label: ['应用', 'Application'], type: 'tree', hideInTable: true, search: true },
      { prop: 'appTypeName', label: ['安装包类型', 'Package type'] },
      { prop: 'versionName', label: ['版本', 'Version'], search: true },
      { prop: 'downloadIp', label: ['下载地址', 'Address'], search: true },
      { prop: 'userAgent', label: ['客户端', 'Client'], hideInTable: true },
      { prop: 'createTime', label: ['下载时间', 'Downloaded'], type: 'datetime' },
    ],
  },
});
