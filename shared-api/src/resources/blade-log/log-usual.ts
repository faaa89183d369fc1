import { z } from 'zod';
import { defineResource } from '../../resource.js';
import { readOnlyView, recorded, requestColumns, requestFields, requestFilters } from './log-columns.js';

/** Entries the application writes through its logger (`ctx.logs.usual(level, id, data)`). */
export const logUsual = defineResource({
  service: 'blade-log',
  name: 'usual',
  table: 'blade_log_usual',
  tenantScoped: true,
  permission: 'log_usual',
  routes: 'read',
  entity: z.object({ ...requestFields, logLevel: recorded, logId: recorded, logData: recorded }),
  filters: { ...requestFilters, logLevel: 'eq', logId: 'like', logData: 'like' },
  // Newest first: ids are time-ordered and their index is the one log tables keep (migration 9).
  defaultSort: { column: 'id', desc: true },
  view: readOnlyView(
    ['通用日志', 'Application log'],
    [
      { prop: 'logLevel', label: ['日志级别', 'Level'], search: true, width: 90 },
      { prop: 'logId', label: ['日志业务id', 'Entry id'], search: true },
      { prop: 'logData', label: ['日志数据', 'Data'], type: 'textarea' },
      ...requestColumns,
    ],
  ),
});
