import { z } from 'zod';
import { idString, optionalText } from '../../common.js';
import { defineExtra, defineResource } from '../../resource.js';
import { wxApp } from './wx-app.js';
import { wxAppIdQuery } from './wx-menu.js';
import { wxMessages as m } from './wx-messages.js';

/** Comma-joined WeChat tag ids (at most 20, as WeChat allows per follower); empty clears them. */
const tagIdsText = z.preprocess(
  (v) => (Array.isArray(v) ? v.join(',') : typeof v === 'number' ? String(v) : v),
  z
    .string(m.say.tagIds)
    .trim()
    .regex(/^(\d{1,10}(,\d{1,10}){0,19})?$/, m.say.tagIds)
    .nullish(),
);
const remarkText = z.preprocess((v) => (v === null ? '' : v), z.string(m.say.remark).trim().max(30, m.say.remark));

/** Ids of follower rows, comma-joined or a list: at most 50 at a time (WeChat tags 50 per call). */
const followerIds = z.preprocess(
  (v) => (Array.isArray(v) ? v.join(',') : v),
  z
    .string(m.say.ids)
    .regex(/^[1-9]\d{0,18}(,[1-9]\d{0,18})*$/, m.say.ids)
    .transform((s) => [...new Set(s.split(','))])
    .refine((ids) => ids.length <= 50, m.say.tooManyIds),
);

/** What a synchronisation did: followers read from WeChat, added, updated, and those no longer following. */
export const wxUserSyncAnswer = z.object({ total: z.number(), added: z.number(), updated: z.number(), unsubscribed: z.number() });
/** A tag of an official account (tags/get). */
export const wxTag = z.object({ id: z.number(), name: z.string(), count: z.number() });

/**
 * The followers of an official account, synchronised from WeChat: every follower's OpenID is read
 * with `user/get` (paged by `next_openid`) and their profile with `user/info/batchget` (100 at a
 * time); a synchronisation is incremental (only followers it has not got are read in full unless
 * `full` is asked), and the callback's subscribe and unsubscribe events keep the list current.
 * Only the remark and the tags are edited here, and each change is pushed to WeChat
 * (`user/info/updateremark`, `tags/members/batchtagging` / `batchuntagging`) before it is kept.
 */
export const wxUser = defineResource({
  service: 'blade-appmanage',
  name: 'wxuser',
  table: 'blade_wx_user',
  tenantScoped: true,
  permission: 'wxuser',
  entity: z.object({
    appId: z.string(m.say.appId).pipe(idString).optional(),
    /** Read from WeChat; searchable, never changed here. */
    openId: optionalText(64),
    nickname: optionalText(100),
    subscribe: z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), z.number().int().nullish()),
    remark: remarkText.optional(),
    tagIds: tagIdsText,
  }),
  names: {
    appName: { field: 'appId', table: 'blade_wx_app', column: 'name', sameTenant: true },
    subscribeName: { field: 'subscribe', labels: { 0: ['已取消关注', 'Unfollowed'], 1: ['已关注', 'Following'] } },
  },
  references: { appId: { to: () => wxApp, label: 'name', hint: 'appId', missing: m.say.appMissing, choose: m.say.appChoose } },
  filters: { appId: 'eq', openId: 'eq', nickname: 'like', remark: 'like', subscribe: 'eq', tagIds: 'like' },
  sorts: ['remark', 'nickname'],
  defaultSort: { column: 'id', desc: true },
  extras: {
    sync: defineExtra({
      method: 'POST',
      path: 'sync',
      fieldsFrom: 'query-or-body',
      summary: 'Synchronise the followers of an official account from WeChat (full=true reads every profile again)',
      query: wxAppIdQuery.extend({
        full: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional(),
      }),
      response: wxUserSyncAnswer,
      permission: 'wxuser_sync',
    }),
    remark: defineExtra({
      method: 'POST',
      path: 'remark',
      fieldsFrom: 'query-or-body',
      summary: "Set a follower's remark (at most 30 characters) on WeChat (user/info/updateremark) and here",
      body: z.object({ id: z.string(m.say.followerMissing).pipe(idString), remark: remarkText }),
      response: z.boolean(),
      permission: 'wxuser_edit',
    }),
    tag: defineExtra({
      method: 'POST',
      path: 'tag',
      fieldsFrom: 'query-or-body',
      summary: 'Tag followers (ids, at most 50) with tagId on WeChat (tags/members/batchtagging), or untag them (untag=true)',
      body: z.object({
        ids: followerIds,
        tagId: z.preprocess(
          (v) => (typeof v === 'string' && v !== '' ? Number(v) : v),
          z.number(m.say.tagId).int(m.say.tagId).min(0, m.say.tagId),
        ),
        untag: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional(),
      }),
      response: z.boolean(),
      permission: 'wxuser_edit',
    }),
    tags: defineExtra({
      method: 'GET',
      path: 'tags',
      summary: 'The tags of an official account as WeChat has them (tags/get): id, name, followers',
      query: wxAppIdQuery,
      response: z.array(wxTag),
      permission: ['wxuser', 'wxmessagesend'],
    }),
  },
  view: {
    title: ['微信用户', 'WeChat users'],
    actions: { add: false, remove: false },
    columns: [
      { prop: 'appId', label: ['公众号', 'Official account'], search: true, hideInTable: true, hideInForm: true },
      { prop: 'appName', label: ['公众号', 'Official account'], hideInForm: true },
      { prop: 'nickname', label: ['昵称', 'Nickname'], hideInForm: true },
      { prop: 'openId', label: ['OpenID', 'OpenID'], hideInForm: true },
      { prop: 'unionId', label: ['UnionID', 'UnionID'], hideInTable: true, hideInForm: true },
      { prop: 'remark', label: ['备注', 'Remark'], search: true },
      { prop: 'tagIds', label: ['标签', 'Tags'] },
      { prop: 'subscribeName', label: ['关注状态', 'Following'], hideInForm: true },
      { prop: 'subscribeTime', label: ['关注时间', 'Followed'], type: 'datetime', hideInForm: true },
      { prop: 'subscribeScene', label: ['关注渠道', 'Source'], hideInTable: true, hideInForm: true },
      { prop: 'language', label: ['语言', 'Language'], hideInTable: true, hideInForm: true },
    ],
  },
});
