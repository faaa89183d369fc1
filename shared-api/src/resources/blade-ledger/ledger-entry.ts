import { z } from 'zod';
import { formNumber, idList, idString, optionalId, optionalText, requiredText } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { app } from '../blade-aps/app.js';
import { dayText, flag } from './ledger-fields.js';
import { ledgerMessages as m } from './ledger-messages.js';

/**
 * A ledger entry's editable fields: the system's name (all else optional), the catalogue
 * application it is (`appId`, then the market opens it through that application's sign-on) and
 * its parameters. Review (`isCheck`) and shelving (`isShelf`) are set only by their own calls.
 */
export const ledgerEntryEntity = z.object({
  appName: requiredText(m.say.appName, 255),
  appId: optionalId,
  deptName: optionalText(255),
  ownerName: optionalText(64),
  contactPhone: optionalText(32),
  vendor: optionalText(255),
  version: optionalText(64),
  deployMode: optionalText(64),
  techStack: optionalText(255),
  databaseType: optionalText(64),
  serverInfo: optionalText(255),
  onlineDate: dayText,
  // None is null, as detail answers it: a form sending the row back unchanged is accepted and clears nothing.
  userScale: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z.union([z.null(), formNumber(m.say.userScale).pipe(z.number().min(0, m.say.userScale).max(10_000_000, m.say.userScale))], {
        error: m.say.userScale.error,
      }),
    )
    .optional(),
  description: optionalText(2000),
  icon: optionalText(1000),
  isRecommend: flag.optional(),
  sort: formNumber(m.say.sort).optional(),
});

const ids = z.object({ ids: idList });

/** The application ledger (blade-ledger/appparameter): the group's IT systems and their parameters. */
export const ledgerEntry = defineResource({
  service: 'blade-ledger',
  name: 'appparameter',
  table: 'blade_app_parameter',
  tenantScoped: true,
  permission: 'appparameter',
  entity: ledgerEntryEntity,
  references: { appId: { to: () => app, label: 'appName', hint: 'appCode', missing: m.say.appMissing, choose: m.say.appChoose } },
  names: {
    linkedAppName: { field: 'appId', table: 'blade_app', column: 'appName', sameTenant: true },
  },
  filters: { appName: 'like', deptName: 'like', isRecommend: 'eq' },
  sorts: ['sort', 'appName'],
  defaultSort: { column: 'sort' },
  hidden: ['nameInitials', 'namePinyin'],
  extras: {
    update: defineExtra({
      method: 'POST',
      path: 'update',
      summary: 'Change an existing ledger entry (id and the fields to change)',
      body: ledgerEntryEntity.partial().extend({ id: idString }),
      response: z.record(z.string(), z.unknown()),
      permission: 'appparameter_edit',
    }),
    batchCheck: defineExtra({
      method: 'GET',
      path: 'batchCheck',
      summary: 'Mark entries (ids, comma-joined) reviewed',
      query: ids,
      response: z.boolean(),
      permission: 'appparameter_check',
    }),
    batchShelf: defineExtra({
      method: 'GET',
      path: 'batchShelf',
      summary: 'Put reviewed entries (ids) on the market (isShelf 1) or take them off (0)',
      query: ids.extend({ isShelf: formNumber(m.say.isShelf).pipe(z.union([z.literal(0), z.literal(1)], m.say.isShelf)) }),
      response: z.boolean(),
      permission: 'appparameter_shelf',
    }),
  },
  view: {
    title: ['台账参数', 'Ledger parameters'],
    dialogWidth: 880,
    columns: [
      { prop: 'appName', label: ['系统名称', 'System'], search: true },
      { prop: 'appId', label: ['关联应用', 'Catalogue application'], type: 'tree', hideInTable: true },
      { prop: 'linkedAppName', label: ['关联应用', 'Catalogue application'], hideInForm: true },
      { prop: 'deptName', label: ['归属部门', 'Department'], search: true },
      { prop: 'ownerName', label: ['负责人', 'Owner'] },
      { prop: 'contactPhone', label: ['联系电话', 'Phone'], hideInTable: true },
      { prop: 'vendor', label: ['开发厂商', 'Vendor'], hideInTable: true },
      { prop: 'version', label: ['版本', 'Version'], hideInTable: true },
      { prop: 'deployMode', label: ['部署方式', 'Deployment'], hideInTable: true },
      { prop: 'techStack', label: ['技术架构', 'Technology'], hideInTable: true },
      { prop: 'databaseType', label: ['数据库', 'Database'], hideInTable: true },
      { prop: 'serverInfo', label: ['部署位置', 'Servers'], hideInTable: true },
      { prop: 'onlineDate', label: ['上线日期', 'In service since'], type: 'date', hideInTable: true },
      { prop: 'userScale', label: ['用户规模', 'Users'], type: 'number', hideInTable: true },
      { prop: 'description', label: ['系统简介', 'Description'], type: 'textarea', hideInTable: true },
      { prop: 'icon', label: ['图标地址', 'Icon address'], hideInTable: true },
      { prop: 'isRecommend', label: ['推荐', 'Recommended'], type: 'select', dict: 'yes_no', width: 90 },
      { prop: 'sort', label: ['排序', 'Sort'], type: 'number', width: 80 },
      { prop: 'isCheck', label: ['已审核', 'Reviewed'], type: 'select', dict: 'yes_no', hideInForm: true, width: 90 },
      { prop: 'isShelf', label: ['已上架', 'On the market'], type: 'select', dict: 'yes_no', hideInForm: true, width: 100 },
    ],
  },
});
