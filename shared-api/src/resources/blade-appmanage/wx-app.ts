import { z } from 'zod';
import { optionalText, requiredText } from '../../common.js';
import { defineResource } from '../../resource.js';
import { wxMessages as m } from './wx-messages.js';

/** WeChat application types: 1 an official account (公众号), 2 a mini program (小程序). */
export const WX_APP_TYPES = { 1: ['公众号', 'Official account'], 2: ['小程序', 'Mini program'] } as const;

/** A text field that may be left empty: empty text stores nothing (null). */
const emptyAsNull = (schema: z.ZodType) => z.preprocess((v) => (v === '' ? null : v), schema.nullish());

/**
 * The WeChat official accounts and mini programs of a tenant: name, type, WeChat's AppID, the
 * AppSecret (write-only: stored encrypted with the platform's data key, never answered; an update
 * that leaves it empty keeps the stored one), the callback's Token and EncodingAESKey, and status
 * (1 enabled, 2 disabled). An AppID belongs to one application of the whole platform, since
 * WeChat calls back `/api/blade-appmanage/wx/callback/{appId}` by it.
 */
export const wxApp = defineResource({
  service: 'blade-appmanage',
  name: 'wxapp',
  table: 'blade_wx_app',
  tenantScoped: true,
  permission: 'wxapp',
  entity: z.object({
    name: requiredText(m.say.name, 64),
    appType: z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), z.union([z.literal(1), z.literal(2)], m.say.appType)),
    appId: z
      .string(m.say.wxAppId)
      .trim()
      .regex(/^wx[0-9a-fA-F]{16}$/, m.say.wxAppId),
    appSecret: emptyAsNull(
      z
        .string(m.say.appSecret)
        .trim()
        .regex(/^[0-9a-fA-F]{32}$/, m.say.appSecret),
    ),
    token: emptyAsNull(z.string(m.say.token).regex(/^[A-Za-z0-9]{3,32}$/, m.say.token)),
    aesKey: emptyAsNull(z.string(m.say.aesKey).regex(/^[A-Za-z0-9]{43}$/, m.say.aesKey)),
    status: z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), z.union([z.literal(1), z.literal(2)])).optional(),
    remark: optionalText(255),
  }),
  hidden: ['appSecret'],
  names: {
    appTypeName: { field: 'appType', labels: WX_APP_TYPES },
    statusName: { field: 'status', labels: { 1: ['启用', 'Enabled'], 2: ['停用', 'Disabled'] } },
  },
  filters: { name: 'like', appId: 'eq', appType: 'eq' },
  sorts: ['name', 'appType'],
  defaultSort: { column: 'createTime', desc: true },
  view: {
    title: ['公众号应用', 'Official accounts'],
    dialogWidth: 720,
    columns: [
      { prop: 'name', label: ['应用名称', 'Name'], search: true },
      {
        prop: 'appType',
        label: ['应用类型', 'Type'],
        type: 'select',
        search: true,
        options: [
          { value: '1', label: WX_APP_TYPES[1] },
          { value: '2', label: WX_APP_TYPES[2] },
        ],
      },
      { prop: 'appId', label: ['AppID', 'AppID'], search: true },
      { prop: 'appSecret', label: ['AppSecret', 'AppSecret'], type: 'password', hideInTable: true },
      { prop: 'token', label: ['令牌(Token)', 'Token'], hideInTable: true },
      { prop: 'aesKey', label: ['消息加解密密钥(EncodingAESKey)', 'EncodingAESKey'], hideInTable: true },
      {
        prop: 'status',
        label: ['状态', 'Status'],
        type: 'select',
        options: [
          { value: '1', label: ['启用', 'Enabled'] },
          { value: '2', label: ['停用', 'Disabled'] },
        ],
      },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
      { prop: 'createTime', label: ['创建时间', 'Created'], type: 'datetime', hideInForm: true },
    ],
  },
});
