import { z } from 'zod';
import { defineResource } from '../../resource.js';
import { readOnlyView, recorded, recordedNumber, requestColumns, requestFields, requestFilters } from './log-columns.js';

/** Every /api call: who, what, from where, how long (ms, in `time`) and the answer's code. */
export const logApi = defineResource({
  service: 'blade-log',
  name: 'api',
  table: 'blade_log_api',
  tenantScoped: true,
  permission: 'log_api',
  routes: 'read',
  entity: z.object({
    ...requestFields,
    type: recorded,
    title: recorded,
    methodClass: recorded,
    methodName: recorded,
    time: recorded,
    resultCode: recordedNumber,
  }),
  filters: { ...requestFilters, title: 'like', resultCode: 'eq' },
  sorts: ['requestUri', 'resultCode'],
  // Newest first: ids are time-ordered and their index is the one log tables keep (migration 9).
  defaultSort: { column: 'id', desc: true },
  view: readOnlyView(
    ['接口日志', 'API log'],
    [
      ...requestColumns,
      { prop: 'title', label: ['日志名', 'Title'], hideInTable: true },
      { prop: 'methodName', label: ['方法名', 'Handler'], hideInTable: true },
      { prop: 'time', label: ['耗时(ms)', 'Duration (ms)'], width: 90 },
      { prop: 'resultCode', label: ['结果码', 'Result code'], type: 'number', search: true, width: 90 },
    ],
  ),
});
