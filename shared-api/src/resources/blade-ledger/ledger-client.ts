import { z } from 'zod';
import { idString, pageQuery } from '../../common.js';
import { defineEndpoints, defineExtra } from '../../resource.js';
import { pageOfRows } from '../blade-system/dept-tree.js';
import { commentContent } from './ledger-feedback.js';

/** A ledger entry as the market lists it. */
export const ledgerEntryRow = z.object({
  id: z.string(),
  appName: z.string(),
  appId: z.string(),
  deptName: z.string(),
  ownerName: z.string(),
  version: z.string(),
  description: z.string(),
  icon: z.string(),
  isRecommend: z.number(),
  likeCount: z.number(),
  commentCount: z.number(),
  viewCount: z.number(),
});
export type MarketEntryRow = z.infer<typeof ledgerEntryRow>;

/** An entry with every parameter, whether the caller likes it and whether they may open its catalogue application. */
export const ledgerEntryDetail = ledgerEntryRow.extend({
  contactPhone: z.string(),
  vendor: z.string(),
  deployMode: z.string(),
  techStack: z.string(),
  databaseType: z.string(),
  serverInfo: z.string(),
  onlineDate: z.string(),
  userScale: z.number().nullable(),
  liked: z.boolean(),
  openable: z.boolean(),
});
export type MarketEntryDetail = z.infer<typeof ledgerEntryDetail>;

export const ledgerCommentRow = z.object({
  id: z.string(),
  appParameterId: z.string(),
  content: z.string(),
  userName: z.string(),
  createTime: z.string(),
});
export type MarketCommentRow = z.infer<typeof ledgerCommentRow>;

export const ledgerNetworkRow = z.object({
  id: z.string(),
  systemName: z.string(),
  appParameterId: z.string(),
  networkZone: z.string(),
  exposure: z.number(),
  protectionLevel: z.number().nullable(),
  lastAssessment: z.string(),
  findings: z.string(),
});
export type MarketNetworkRow = z.infer<typeof ledgerNetworkRow>;

const searchQuery = pageQuery.extend({ searchValue: z.string().max(100).optional() });
const entryId = z.object({ appParameterId: idString });

/**
 * The market's calls (BladeX blade-ledger/client/appparameter), open to any signed-in user of the
 * tenant: only reviewed and shelved entries exist here; a missing entry and one off the market get
 * the same answer. Search matches contained text, pinyin initials and full pinyin.
 */
export const ledgerClient = defineEndpoints({
  service: 'blade-ledger',
  name: 'client-appparameter',
  basePath: '/api/blade-ledger/client/appparameter',
  permission: 'appparameter',
  rowsOf: 'blade_app_parameter',
  endpoints: {
    getListByRecommend: defineExtra({
      method: 'GET',
      path: 'getListByRecommend',
      summary: 'Entries on the market, recommended first, paged; searchValue matches the name, its pinyin initials or full pinyin',
      query: searchQuery,
      response: pageOfRows(ledgerEntryRow),
      permission: null,
    }),
    getAppParameterDetail: defineExtra({
      method: 'GET',
      path: 'getAppParameterDetail',
      summary: 'One entry on the market (id) with its parameters, counts and whether the caller likes it',
      query: z.object({ id: idString }),
      response: ledgerEntryDetail,
      permission: null,
    }),
    saveComment: defineExtra({
      method: 'POST',
      path: 'saveComment',
      summary: 'Comment on an entry (appParameterId, content: plain text, at most 500 characters), stored as sent',
      body: z.object({ appParameterId: idString, content: commentContent }),
      response: ledgerCommentRow,
      permission: null,
    }),
    getCommentList: defineExtra({
      method: 'GET',
      path: 'getCommentList',
      summary: "An entry's comments (appParameterId), newest first, paged",
      query: pageQuery.extend({ appParameterId: idString }),
      response: pageOfRows(ledgerCommentRow),
      permission: null,
    }),
    saveAppParameterLog: defineExtra({
      method: 'POST',
      fieldsFrom: 'query-or-body',
      path: 'saveAppParameterLog',
      summary: 'Record that the caller viewed an entry (appParameterId); answers its view count',
      body: entryId,
      response: z.object({ viewCount: z.number() }),
      permission: null,
    }),
    saveLike: defineExtra({
      method: 'POST',
      fieldsFrom: 'query-or-body',
      path: 'saveLike',
      summary: "Like an entry (appParameterId) or take the caller's like back; one like per user",
      body: entryId,
      response: z.object({ liked: z.boolean(), likeCount: z.number() }),
      permission: null,
    }),
    getNetworkPage: defineExtra({
      method: 'GET',
      path: 'getNetworkPage',
      summary: 'Enabled network-security records, paged; searchValue matches the system name or its pinyin',
      query: searchQuery,
      response: pageOfRows(ledgerNetworkRow),
      permission: null,
    }),
    getNetworkDetail: defineExtra({
      method: 'GET',
      path: 'getNetworkDetail',
      summary: 'One enabled network-security record (id)',
      query: z.object({ id: idString }),
      response: ledgerNetworkRow.extend({ appName: z.string() }),
      permission: null,
    }),
  },
  title: ['系统共享市场', 'Systems sharing market'],
});
