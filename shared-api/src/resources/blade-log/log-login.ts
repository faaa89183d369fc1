import { z } from 'zod';
import { defineResource } from '../../resource.js';
import { readOnlyView, recorded, recordedNumber } from './log-columns.js';

/** Every password sign-in attempt: account, tenant, outcome with its reason, address and city. */
export const logLogin = defineResource({
  service: 'blade-log',
  name: 'login',
  table: 'blade_log_login',
  tenantScoped: true,
  permission: 'log_login',
  routes: 'read',
  entity: z.object({
    account: recorded,
    clientId: recorded,
    success: recordedNumber,
    reason: recorded,
    remoteIp: recorded,
    city: recorded,
    userAgent: recorded,
  }),
  filters: { account: 'like', success: 'eq', remoteIp: 'like', city: 'like' },
  messageColumns: ['reason', 'city'],
  sorts: ['account'],
  // Newest first: ids are time-ordered and their index is the one log tables keep (migration 9).
  defaultSort: { column: 'id', desc: true },
  view: readOnlyView(
    ['登录日志', 'Sign-in log'],
    [
      { prop: 'account', label: ['账号', 'Account'], search: true },
      { prop: 'tenantId', label: ['租户ID', 'Tenant'], width: 90 },
      { prop: 'success', label: ['结果', 'Result'], type: 'select', dict: 'yes_no', search: true, width: 80 },
      { prop: 'reason', label: ['原因', 'Reason'] },
      { prop: 'remoteIp', label: ['登录IP', 'Address'], search: true, width: 130 },
      { prop: 'city', label: ['登录地点', 'City'], search: true, width: 120 },
      { prop: 'clientId', label: ['客户端', 'Client'], hideInTable: true },
      { prop: 'userAgent', label: ['用户代理', 'User agent'], hideInTable: true },
      { prop: 'createTime', label: ['登录时间', 'Time'], type: 'date', width: 170 },
    ],
  ),
});
