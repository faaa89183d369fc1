import { z } from 'zod';
import { formNumber, optionalText } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { enableExtra } from './enable-extra.js';
import { resourceMessages as m } from './resource-messages.js';

/** Dict `sms`: 3 ali (dysmsapi), 4 tencent (sms.tencentcloudapi.com); 0 is the log provider (the default). */
export const SMS_LOG = 0;

export const smsLogRow = z.object({
  id: z.string(),
  phone: z.string(),
  smsCode: z.string().nullable(),
  templateId: z.string().nullable(),
  content: z.string().nullable(),
  provider: z.string().nullable(),
  outcome: z.string().nullable(),
  createTime: z.string(),
});

const SMS_CATEGORIES: readonly number[] = [0, 3, 4];

/** SMS configurations, one enabled per tenant; the secret key is never answered. */
export const sms = defineResource({
  service: 'blade-resource',
  name: 'sms',
  table: 'blade_sms',
  tenantScoped: true,
  permission: 'sms',
  entity: z.object({
    // 0 log (records only), 3 Aliyun, 4 Tencent Cloud: the providers with an adapter (dict `sms`).
    category: formNumber(m.say.category).pipe(z.number().refine((c) => SMS_CATEGORIES.includes(c), m.say.smsCategory)),
    smsCode: optionalText(32),
    templateId: optionalText(64),
    accessKey: optionalText(255),
    secretKey: optionalText(255),
    regionId: optionalText(255),
    signName: optionalText(64),
    remark: optionalText(255),
    /** The API base URL when not the provider's public one (a private gateway, a test server). */
    endpoint: optionalText(255),
    /** Tencent Cloud SmsSdkAppId. */
    appId: optionalText(64),
  }),
  filters: { category: 'eq', smsCode: 'like', templateId: 'like' },
  sorts: ['category'],
  hidden: ['secretKey'],
  extras: {
    enable: enableExtra('sms_enable'),
    sendMessage: defineExtra({
      method: 'POST',
      fieldsFrom: 'query-or-body',
      path: 'endpoint/send-message',
      summary: 'Send a template message (code = sms code, phones comma-joined, params JSON); rate-limited per phone',
      query: z.object({
        code: z.string(m.say.templateCode).trim().min(1, m.say.templateCode).max(32),
        phones: z.string(m.say.phones).trim().min(1, m.say.phones).max(2000),
        params: z.string().max(2000).optional(),
      }),
      response: z.boolean(),
      permission: 'sms_send',
    }),
    logs: defineExtra({
      method: 'GET',
      path: 'log-list',
      summary: 'Messages and codes recorded by the log provider (newest first, at most 200)',
      query: z.object({ phone: z.string().max(32).optional() }),
      response: z.array(smsLogRow),
      permission: 'sms',
    }),
  },
  view: {
    title: ['短信配置', 'SMS'],
    columns: [
      { prop: 'category', label: ['分类', 'Category'], type: 'select', dict: 'sms', search: true },
      { prop: 'smsCode', label: ['资源编号', 'Code'], search: true },
      { prop: 'templateId', label: ['模板ID', 'Template id'], search: true },
      { prop: 'accessKey', label: ['accessKey', 'Access key'], hideInTable: true },
      { prop: 'secretKey', label: ['secretKey', 'Secret key'], hideInTable: true },
      { prop: 'regionId', label: ['regionId', 'Region'], hideInTable: true },
      { prop: 'appId', label: ['应用ID', 'SDK app id'], hideInTable: true },
      { prop: 'endpoint', label: ['接口地址', 'API endpoint'], hideInTable: true },
      { prop: 'signName', label: ['短信签名', 'Sign name'] },
      { prop: 'status', label: ['是否启用', 'Enabled'], hideInForm: true },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});
