import { z } from 'zod';
import { defineMessages, say } from '../../messages.js';
import type { ColumnView, ResourceView } from '../../resource.js';

export const logMessages = defineMessages('log', {
  signInOk: ['登录成功', 'Signed in'],
  refreshOk: ['刷新令牌成功', 'Token refreshed'],
  // Where a sign-in came from, as the offline resolver records it.
  thisMachine: ['本机', 'This machine'],
  privateNetwork: ['内网IP', 'Private network'],
  unknownPlace: ['未知', 'Unknown'],
});

/** A recorded value: the recorder writes it, the API only reads it. */
export const recorded = z.string().nullable().optional();
/** A recorded number; as a filter it arrives as text. */
export const recordedNumber = z
  .preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number(say('badType')).int(say('badType')))
  .nullable()
  .optional();

/** The request columns every log shares (the tables log_api, log_error and log_usual). */
export const requestFields = {
  serviceId: recorded,
  serverHost: recorded,
  serverIp: recorded,
  env: recorded,
  method: recorded,
  requestUri: recorded,
  userAgent: recorded,
  remoteIp: recorded,
  params: recorded,
  createBy: recorded,
};

/** Filters of the request columns: exact method, partial URI, address and account. */
export const requestFilters = { method: 'eq', requestUri: 'like', remoteIp: 'like', createBy: 'like', serviceId: 'eq' } as const;

export const requestColumns: ColumnView[] = [
  { prop: 'serviceId', label: ['服务id', 'Service'], search: true, width: 120 },
  { prop: 'serverHost', label: ['服务host', 'Server host'], hideInTable: true },
  { prop: 'serverIp', label: ['服务ip', 'Server IP'], hideInTable: true },
  { prop: 'env', label: ['软件环境', 'Environment'], hideInTable: true },
  { prop: 'method', label: ['请求方法', 'Method'], search: true, width: 90 },
  { prop: 'requestUri', label: ['请求接口', 'URI'], search: true },
  { prop: 'remoteIp', label: ['请求IP', 'Client IP'], search: true, width: 130 },
  { prop: 'userAgent', label: ['用户代理', 'User agent'], hideInTable: true },
  { prop: 'params', label: ['请求数据', 'Parameters'], type: 'textarea', hideInTable: true },
  { prop: 'createBy', label: ['操作人', 'User'], search: true, width: 100 },
  { prop: 'createTime', label: ['日志时间', 'Time'], type: 'date', width: 170 },
];

/** Log screens only show rows: no add, edit or remove. */
export const readOnlyView = (title: ResourceView['title'], columns: ColumnView[]): ResourceView => ({
  title,
  columns,
  actions: { add: false, edit: false, remove: false, view: true },
});
