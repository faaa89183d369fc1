import { z } from 'zod';
import { defineResource } from '../../resource.js';

const recorded = z.string().nullish();

/**
 * Every grant and revoke of an application role, menu or function (read only): who (operator), to
 * whom (user), what (kind and target), when, why (reason) and through which path (source).
 */
export const userAuthorizedLog = defineResource({
  service: 'blade-aps',
  name: 'userauthorizedlog',
  table: 'blade_user_authorized_log',
  tenantScoped: true,
  permission: 'userauthorizedlog',
  routes: 'read',
  entity: z.object({
    userId: recorded,
    account: recorded,
    appId: recorded,
    /** `grant`, `revoke` or `expire` (removed when its time came). */
    action: recorded,
    /** `role`, `menu` or `function`. */
    kind: recorded,
    targetId: recorded,
    targetName: recorded,
    source: recorded,
    reason: recorded,
    requestId: recorded,
    expireTime: recorded,
    operatorId: recorded,
    operatorAccount: recorded,
  }),
  names: {
    userName: { field: 'userId', table: 'blade_user', column: 'realName', sameTenant: true },
    appName: { field: 'appId', table: 'blade_app', column: 'appName', sameTenant: true },
    actionName: { field: 'action', labels: { grant: ['授权', 'Granted'], revoke: ['撤销', 'Revoked'], expire: ['到期移除', 'Expired'] } },
    kindName: { field: 'kind', labels: { role: ['应用角色', 'Application role'], menu: ['菜单', 'Menu'], function: ['功能', 'Function'] } },
  },
  filters: { userId: 'eq', appId: 'eq', account: 'like', action: 'eq', kind: 'eq', source: 'eq', operatorAccount: 'like' },
  defaultSort: { column: 'id', desc: true },
  view: {
    title: ['用户授权日志', 'Grant log'],
    actions: { add: false, edit: false, remove: false },
    columns: [
      { prop: 'account', label: ['账号', 'Account'], search: true },
      { prop: 'userName', label: ['姓名', 'Name'] },
      { prop: 'appName', label: ['应用', 'Application'] },
      { prop: 'actionName', label: ['操作', 'Action'] },
      { prop: 'kindName', label: ['类型', 'Kind'] },
      { prop: 'targetName', label: ['授权项', 'Granted item'] },
      { prop: 'source', label: ['来源', 'Source'], search: true },
      { prop: 'reason', label: ['原因', 'Reason'] },
      { prop: 'operatorAccount', label: ['操作人', 'By'], search: true },
      { prop: 'createTime', label: ['时间', 'Time'], type: 'datetime' },
    ],
  },
});
