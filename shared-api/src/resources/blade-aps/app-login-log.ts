import { z } from 'zod';
import { defineExtra, defineResource } from '../../resource.js';

const recorded = z.string().nullish();

/** Statistics period: the last `days` days (7 unless told), optionally one application. */
export const appLogChartQuery = z.object({
  days: z.coerce.number().int().min(1).max(366).optional(),
  appCode: z.string().max(64).optional(),
});
const dayCount = z.object({ day: z.string(), count: z.number() });
const nameCount = z.object({ name: z.string(), value: z.number() });

/**
 * Every open of an application, from the portal or through a sign-on protocol (read only): the
 * application, who opened it, when and from where.
 */
export const appLoginLog = defineResource({
  service: 'blade-aps',
  name: 'apploginlog',
  table: 'blade_app_login_log',
  tenantScoped: true,
  permission: 'apploginlog',
  routes: 'read',
  entity: z.object({
    appCode: recorded,
    appName: recorded,
    appType: recorded,
    account: recorded,
    name: recorded,
    loginIp: recorded,
    loginCity: recorded,
  }),
  names: { appTypeName: { field: 'appType', dict: 'app_type' } },
  messageColumns: ['loginCity'],
  // Code and account match from their start (an index answers them among millions of rows).
  filters: { appCode: 'custom', appName: 'like', appType: 'eq', account: 'custom', name: 'like', loginIp: 'like' },
  sorts: ['appCode', 'account'],
  defaultSort: { column: 'id', desc: true },
  extras: {
    getAppLogEchart: defineExtra({
      method: 'GET',
      path: 'getAppLogEchart',
      summary: "Opens per day over the last `days` (7) in the caller's tenant, optionally of one application",
      query: appLogChartQuery,
      response: z.array(dayCount),
      permission: 'apploginlog',
    }),
    getAppLogVisit: defineExtra({
      method: 'GET',
      path: 'getAppLogVisit',
      summary: 'Opens per application over the last `days` (7), most opened first (at most 20)',
      query: appLogChartQuery,
      response: z.array(nameCount),
      permission: 'apploginlog',
    }),
    getAppLogChartType: defineExtra({
      method: 'GET',
      path: 'getAppLogChartType',
      summary: 'Opens per application type (dict app_type) over the last `days` (7)',
      query: appLogChartQuery,
      response: z.array(nameCount),
      permission: 'apploginlog',
    }),
  },
  view: {
    title: ['应用登录日志', 'Application sign-in log'],
    actions: { add: false, edit: false, remove: false },
    columns: [
      { prop: 'appCode', label: ['应用编码', 'Code'], search: true },
      { prop: 'appName', label: ['应用名称', 'Application'], search: true },
      { prop: 'appType', label: ['应用类型', 'Type'], type: 'select', dict: 'app_type' },
      { prop: 'account', label: ['账号', 'Account'], search: true },
      { prop: 'name', label: ['姓名', 'Name'] },
      { prop: 'loginTime', label: ['登录时间', 'Time'], type: 'datetime' },
      { prop: 'loginIp', label: ['登录IP', 'Address'] },
      { prop: 'loginCity', label: ['登录地点', 'City'] },
    ],
  },
});
