import { z } from 'zod';
import { idString, optionalText, pageQuery, requiredText } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { pageOfRows } from '../blade-system/dept-tree.js';
import { wxApp } from './wx-app.js';
import { blankAsNull, wxMiniAppId, wxUrl } from './wx-fields.js';
import { wxMessages as m } from './wx-messages.js';

/** Message kinds: a template message (one call per recipient) or a mass message (one call per batch, or to a tag or all). */
export const WX_MESSAGE_KINDS = ['template', 'mass'] as const;
/** Mass message types taken here: text, or a news article already uploaded (mpnews, by media_id). */
export const WX_MASS_TYPES = ['text', 'mpnews'] as const;
/** Who receives it: the followers named by OpenID, the followers of a tag, or every follower (mass only). */
export const WX_TARGETS = ['users', 'tag', 'all'] as const;

/** Send states of a message: 0 draft, 1 sending, 2 sent to every recipient, 3 sent with failures, 4 failed. */
export const WX_SEND_STATES = {
  0: ['草稿', 'Draft'],
  1: ['发送中', 'Sending'],
  2: ['已发送', 'Sent'],
  3: ['部分失败', 'Partly failed'],
  4: ['发送失败', 'Failed'],
} as const;
/** Recipient states: 0 waiting, 1 being sent, 2 accepted by WeChat (msgid kept), 3 refused (errcode kept). */
export const WX_RECIPIENT_STATES = {
  0: ['待发送', 'Waiting'],
  1: ['发送中', 'Sending'],
  2: ['已发送', 'Sent'],
  3: ['失败', 'Failed'],
} as const;

/** What a send did: recipients accepted by WeChat, refused, and still waiting (another node sending them). */
export const wxSendAnswer = z.object({
  sendStatus: z.number(),
  total: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  waiting: z.number(),
});

/** One recipient's outcome: the OpenID (or `tag:<id>` / `all` for a mass message to a tag or everyone), WeChat's msgid or its error. */
export const wxRecipientRow = z.object({
  id: z.string(),
  sendId: z.string(),
  openId: z.string(),
  status: z.number(),
  statusName: z.string(),
  msgId: z.string(),
  errcode: z.number(),
  errmsg: z.string(),
  attempts: z.number(),
  sentTime: z.string(),
});

/**
 * Messages to the followers of an official account: template messages (`message/template/send`,
 * one per recipient) to chosen followers or the followers of a tag, and mass messages
 * (`message/mass/sendall` to a tag or everyone, `message/mass/send` to chosen followers in
 * batches of 10,000). `send` records every recipient before the first call and each one's outcome
 * (msgid, status, error) as WeChat answers; WeChat's transient errors are retried, and a
 * recipient WeChat accepted is never sent again, however often `send` is called for the message
 * or by however many nodes. A message once sent is not edited.
 */
export const wxMessageSend = defineResource({
  service: 'blade-appmanage',
  name: 'wxmessagesend',
  table: 'blade_wx_message_send',
  tenantScoped: true,
  permission: 'wxmessagesend',
  entity: z.object({
    appId: z.string(m.say.appId).pipe(idString),
    title: requiredText(m.say.title, 64),
    msgKind: z.enum(WX_MESSAGE_KINDS, m.say.msgKind),
    templateId: blankAsNull(z.string(m.say.templateId).trim().max(64, m.say.templateId)),
    /** Template messages: the template's data as JSON ({"first": {"value": "…"}, …}); text mass messages: the text. */
    content: optionalText(20000),
    massType: blankAsNull(z.enum(WX_MASS_TYPES, m.say.massType)),
    mediaId: blankAsNull(z.string(m.say.mediaId).trim().max(128, m.say.mediaId)),
    /** Where a template message opens: a web page, or a mini program page (miniAppId, pagePath). */
    url: wxUrl,
    miniAppId: wxMiniAppId,
    pagePath: blankAsNull(z.string(m.say.pagePath).trim().max(255, m.say.pagePath)),
    target: z.enum(WX_TARGETS, m.say.target),
    /** The recipients' OpenIDs, comma- or line-separated (target users). */
    openIds: optionalText(2_000_000),
    tagId: z.preprocess(
      (v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v),
      z.number(m.say.tagRequired).int().min(0).nullish(),
    ),
  }),
  names: {
    appName: { field: 'appId', table: 'blade_wx_app', column: 'name', sameTenant: true },
    sendStatusName: { field: 'sendStatus', labels: WX_SEND_STATES },
    msgKindName: { field: 'msgKind', labels: { template: ['模板消息', 'Template message'], mass: ['群发消息', 'Mass message'] } },
  },
  references: { appId: { to: () => wxApp, label: 'name', hint: 'appId', missing: m.say.appMissing, choose: m.say.appChoose } },
  filters: { appId: 'eq', title: 'like', msgKind: 'eq', target: 'eq' },
  sorts: ['title'],
  defaultSort: { column: 'createTime', desc: true },
  extras: {
    send: defineExtra({
      method: 'POST',
      path: 'send',
      fieldsFrom: 'query-or-body',
      summary:
        'Send a message: every recipient recorded, then sent once; calling it again sends only the recipients not yet sent, so it never sends one twice',
      query: z.object({ id: z.string(m.say.messageMissing).pipe(idString) }),
      response: wxSendAnswer,
      permission: 'wxmessagesend_send',
    }),
    recipients: defineExtra({
      method: 'GET',
      path: 'recipients',
      summary: "The recipients of a message with each one's outcome (status, msgid, errcode, errmsg), a page at a time",
      query: pageQuery.extend({
        id: z.string(m.say.messageMissing).pipe(idString),
        status: z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), z.number().int().min(0).max(3).optional()),
      }),
      response: pageOfRows(wxRecipientRow),
      permission: 'wxmessagesend',
    }),
  },
  view: {
    title: ['消息发送', 'Send messages'],
    dialogWidth: 880,
    columns: [
      { prop: 'appId', label: ['公众号', 'Official account'], search: true, hideInTable: true },
      { prop: 'appName', label: ['公众号', 'Official account'], hideInForm: true },
      { prop: 'title', label: ['消息标题', 'Title'], search: true },
      {
        prop: 'msgKind',
        label: ['消息类型', 'Kind'],
        type: 'select',
        search: true,
        options: [
          { value: 'template', label: ['模板消息', 'Template message'] },
          { value: 'mass', label: ['群发消息', 'Mass message'] },
        ],
      },
      { prop: 'templateId', label: ['模板 ID', 'Template id'], hideInTable: true, appliesWhen: { field: 'msgKind', in: ['template'] } },
      {
        prop: 'massType',
        label: ['群发类型', 'Mass type'],
        type: 'select',
        hideInTable: true,
        appliesWhen: { field: 'msgKind', in: ['mass'] },
        options: [
          { value: 'text', label: ['文本', 'Text'] },
          { value: 'mpnews', label: ['图文', 'News article'] },
        ],
      },
      { prop: 'content', label: ['内容 / 模板数据(JSON)', 'Content / template data (JSON)'], type: 'textarea', hideInTable: true },
      {
        prop: 'mediaId',
        label: ['图文素材 media_id', 'News media_id'],
        hideInTable: true,
        appliesWhen: { field: 'massType', in: ['mpnews'] },
      },
      { prop: 'url', label: ['跳转链接', 'Link'], hideInTable: true, appliesWhen: { field: 'msgKind', in: ['template'] } },
      {
        prop: 'miniAppId',
        label: ['小程序 AppID', 'Mini program AppID'],
        hideInTable: true,
        appliesWhen: { field: 'msgKind', in: ['template'] },
      },
      {
        prop: 'pagePath',
        label: ['小程序页面路径', 'Mini program page'],
        hideInTable: true,
        appliesWhen: { field: 'msgKind', in: ['template'] },
      },
      {
        prop: 'target',
        label: ['发送对象', 'Recipients'],
        type: 'select',
        options: [
          { value: 'users', label: ['指定粉丝', 'Chosen followers'] },
          { value: 'tag', label: ['标签', 'A tag'] },
          { value: 'all', label: ['全部粉丝', 'All followers'] },
        ],
      },
      {
        prop: 'openIds',
        label: ['粉丝 OpenID', 'Follower OpenIDs'],
        type: 'textarea',
        hideInTable: true,
        appliesWhen: { field: 'target', in: ['users'] },
      },
      { prop: 'tagId', label: ['标签 ID', 'Tag id'], type: 'number', hideInTable: true, appliesWhen: { field: 'target', in: ['tag'] } },
      { prop: 'sendStatusName', label: ['发送状态', 'State'], hideInForm: true },
      { prop: 'total', label: ['接收人数', 'Recipients'], type: 'number', hideInForm: true },
      { prop: 'succeeded', label: ['成功', 'Sent'], type: 'number', hideInForm: true },
      { prop: 'failed', label: ['失败', 'Failed'], type: 'number', hideInForm: true },
      { prop: 'sentTime', label: ['发送时间', 'Sent at'], type: 'datetime', hideInForm: true },
    ],
  },
});
