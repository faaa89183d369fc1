import { z } from 'zod';
import { idString } from '../../common.js';
import { defineResource } from '../../resource.js';
import { ledgerEntry } from './ledger-entry.js';
import { COMMENT_MAX, ledgerMessages as m } from './ledger-messages.js';

const entryName = { field: 'appParameterId', table: 'blade_app_parameter', column: 'appName', sameTenant: true } as const;

/** A comment's text: plain text as typed (never markup), not blank, at most COMMENT_MAX characters. */
export const commentContent = z
  .string(m.say.content)
  .refine((v) => v.trim().length > 0, m.say.content)
  .refine((v) => v.length <= COMMENT_MAX, m.say.contentLength);

/** Comments on ledger entries: written by staff in the market, read and removed here. */
export const ledgerComments = defineResource({
  service: 'blade-ledger',
  name: 'appparametercomments',
  table: 'blade_app_parameter_comments',
  tenantScoped: true,
  permission: 'appparametercomments',
  entity: z.object({ appParameterId: idString, content: commentContent }),
  names: { appName: entryName },
  references: { appParameterId: { to: () => ledgerEntry, label: 'appName', missing: m.say.entryMissing, choose: m.say.entryChoose } },
  filters: { appParameterId: 'eq', content: 'like' },
  defaultSort: { column: 'createTime', desc: true },
  view: {
    title: ['台账评论', 'Ledger comments'],
    actions: { add: false, edit: false },
    columns: [
      { prop: 'appParameterId', label: ['台账条目', 'Ledger entry'], hideInTable: true },
      { prop: 'appName', label: ['台账条目', 'Ledger entry'], hideInForm: true },
      { prop: 'content', label: ['评论内容', 'Comment'], type: 'textarea', search: true },
      { prop: 'userName', label: ['评论人', 'Author'], hideInForm: true },
      { prop: 'createTime', label: ['评论时间', 'Time'], hideInForm: true, width: 170 },
    ],
  },
});

/** Likes: one per user and entry (the market's like button toggles it). */
export const ledgerLikes = defineResource({
  service: 'blade-ledger',
  name: 'appparameterlike',
  table: 'blade_app_parameter_like',
  tenantScoped: true,
  permission: 'appparameterlike',
  entity: z.object({ appParameterId: idString }),
  names: { appName: entryName },
  references: { appParameterId: { to: () => ledgerEntry, label: 'appName', missing: m.say.entryMissing, choose: m.say.entryChoose } },
  filters: { appParameterId: 'eq' },
  defaultSort: { column: 'createTime', desc: true },
  unique: [{ fields: ['appParameterId', 'userId'], message: m.say.likeTaken }],
  view: {
    title: ['台账点赞', 'Ledger likes'],
    actions: { add: false, edit: false },
    columns: [
      { prop: 'appParameterId', label: ['台账条目', 'Ledger entry'], hideInTable: true },
      { prop: 'appName', label: ['台账条目', 'Ledger entry'], hideInForm: true },
      { prop: 'userName', label: ['点赞人', 'Liked by'], hideInForm: true },
      { prop: 'createTime', label: ['点赞时间', 'Time'], hideInForm: true, width: 170 },
    ],
  },
});

/** Views of ledger entries: one row each time someone opens an entry in the market. Read only. */
export const ledgerLog = defineResource({
  service: 'blade-ledger',
  name: 'appparameterlog',
  table: 'blade_app_parameter_log',
  tenantScoped: true,
  permission: 'appparameterlog',
  routes: 'read',
  entity: z.object({ appParameterId: idString }),
  names: { appName: entryName },
  references: { appParameterId: { to: () => ledgerEntry, label: 'appName', missing: m.say.entryMissing, choose: m.say.entryChoose } },
  filters: { appParameterId: 'eq' },
  defaultSort: { column: 'createTime', desc: true },
  view: {
    title: ['台账访问日志', 'Ledger visit log'],
    actions: { add: false, edit: false, remove: false },
    columns: [
      { prop: 'appName', label: ['台账条目', 'Ledger entry'] },
      { prop: 'account', label: ['账号', 'Account'] },
      { prop: 'userName', label: ['访问人', 'Visitor'] },
      { prop: 'createTime', label: ['访问时间', 'Time'], width: 170 },
    ],
  },
});
