import { z } from 'zod';
import { defineResource } from '../../resource.js';
import { readOnlyView, recorded, recordedNumber, requestColumns, requestFields, requestFilters } from './log-columns.js';

/** Exceptions a request ended with (HTTP 500), with their stack. */
export const logError = defineResource({
  service: 'blade-log',
  name: 'error',
  table: 'blade_log_error',
  tenantScoped: true,
  permission: 'log_error',
  routes: 'read',
  entity: z.object({
    ...requestFields,
    stackTrace: recorded,
    exceptionName: recorded,
    message: recorded,
    lineNumber: recordedNumber,
    fileName: recorded,
  }),
  filters: { ...requestFilters, exceptionName: 'like', message: 'like' },
  // Newest first: ids are time-ordered and their index is the one log tables keep (migration 9).
  defaultSort: { column: 'id', desc: true },
  view: readOnlyView(
    ['错误日志', 'Error log'],
    [
      ...requestColumns,
      { prop: 'exceptionName', label: ['异常名', 'Exception'], search: true },
      { prop: 'message', label: ['异常信息', 'Message'], type: 'textarea' },
      { prop: 'fileName', label: ['文件名', 'File'], hideInTable: true },
      { prop: 'lineNumber', label: ['行号', 'Line'], type: 'number', hideInTable: true },
      { prop: 'stackTrace', label: ['堆栈', 'Stack trace'], type: 'textarea', hideInTable: true },
    ],
  ),
});
