import { z } from 'zod';
import { defineResource } from '../../resource.js';

const recorded = z.string().nullish();

/**
 * Separation-of-duties events, newest first (read only): grants refused because they break a rule
 * (`refused`), users found already breaking a new or changed rule (`detected`) and conflicts an
 * administrator resolved by revoking a role (`resolved`), each with the user, the roles and the rule.
 */
export const sodLog = defineResource({
  service: 'blade-abs',
  name: 'appincompatiblelog',
  table: 'blade_app_incompatible_log',
  tenantScoped: true,
  permission: 'appincompatiblelog',
  routes: 'read',
  entity: z.object({
    ruleId: recorded,
    ruleName: recorded,
    userId: recorded,
    account: recorded,
    appRoleIds: recorded,
    roleNames: recorded,
    kind: recorded,
    source: recorded,
    message: recorded,
    operatorAccount: recorded,
  }),
  names: {
    userName: { field: 'userId', table: 'blade_user', column: 'realName', sameTenant: true },
    kindName: {
      field: 'kind',
      labels: { refused: ['拒绝授权', 'Grant refused'], detected: ['发现冲突', 'Conflict found'], resolved: ['已解决', 'Resolved'] },
    },
  },
  filters: { ruleId: 'eq', userId: 'eq', account: 'like', kind: 'eq', ruleName: 'like' },
  defaultSort: { column: 'id', desc: true },
  view: {
    title: ['不相容日志', 'Separation-of-duties log'],
    actions: { add: false, edit: false, remove: false },
    columns: [
      { prop: 'createTime', label: ['时间', 'Time'], type: 'datetime' },
      { prop: 'kindName', label: ['类型', 'Kind'] },
      { prop: 'kind', label: ['类型', 'Kind'], search: true, hideInTable: true },
      { prop: 'ruleName', label: ['规则', 'Rule'], search: true },
      { prop: 'account', label: ['账号', 'Account'], search: true },
      { prop: 'userName', label: ['姓名', 'Name'] },
      { prop: 'roleNames', label: ['涉及角色', 'Roles'] },
      { prop: 'source', label: ['来源', 'Source'] },
      { prop: 'message', label: ['说明', 'Message'] },
      { prop: 'operatorAccount', label: ['操作人', 'By'] },
    ],
  },
});
