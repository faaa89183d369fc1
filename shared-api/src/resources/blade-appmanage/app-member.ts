import { z } from 'zod';
import { idList, idString } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { user } from '../blade-user/user.js';
import { appManage } from './app-manage.js';
import { flag, appManageMessages as m } from './appmanage-messages.js';

const appIdField = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), idString.or(z.never(m.say.appId)));

/** Who works on a mobile application: one row per user and application, the creator marked. */
export const appMember = defineResource({
  service: 'blade-appmanage',
  name: 'appmembermanage',
  table: 'blade_app_member_manage',
  tenantScoped: true,
  permission: 'appmembermanage',
  entity: z.object({
    appManageId: appIdField,
    userId: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), idString),
    whetherCreator: flag(m.say.whetherCreator).optional(),
  }),
  references: {
    appManageId: { to: () => appManage, label: 'appName', missing: m.say.appMissing, choose: m.say.appChoose },
    userId: { to: () => user, label: 'realName', hint: 'account', missing: m.say.usersMissing, choose: m.say.usersChoose },
  },
  names: {
    appName: { field: 'appManageId', table: 'blade_app_manage', column: 'appName', sameTenant: true },
    userName: { field: 'userId', table: 'blade_user', column: 'realName', sameTenant: true },
    account: { field: 'userId', table: 'blade_user', column: 'account', sameTenant: true },
  },
  filters: { appManageId: 'eq', userId: 'eq', whetherCreator: 'eq' },
  unique: [{ fields: ['appManageId', 'userId'], message: m.say.memberTaken }],
  defaultSort: { column: 'id', desc: true },
  extras: {
    multiSubmit: defineExtra({
      method: 'POST',
      path: 'multiSubmit',
      fieldsFrom: 'query-or-body',
      summary: 'Add several users (ids) to an application (appManageId) at once; users already members keep their row',
      query: z.object({ ids: idList, appManageId: appIdField, whetherCreator: flag(m.say.whetherCreator).optional() }),
      response: z.object({ added: z.number(), kept: z.number() }),
      permission: 'appmembermanage_multi',
    }),
  },
  view: {
    title: ['成员管理', 'Members'],
    columns: [
      { prop: 'appName', label: ['应用名称', 'Application'], hideInForm: true },
      { prop: 'appManageId', label: ['应用', 'Application'], type: 'tree', hideInTable: true, search: true },
      { prop: 'userName', label: ['成员姓名', 'Member'], hideInForm: true },
      { prop: 'account', label: ['账号', 'Account'], hideInForm: true },
      { prop: 'userId', label: ['成员', 'Member'], type: 'tree', hideInTable: true },
      { prop: 'whetherCreator', label: ['创建者', 'Creator'], type: 'select', dict: 'yes_no' },
      { prop: 'createTime', label: ['加入时间', 'Joined'], type: 'datetime', hideInForm: true },
    ],
  },
});
