import { namePinyin } from '../../domain/app-pinyin.js';
import type { ResourceRules } from '../../engine/types.js';
import type { Caller } from '../../kernel/caller.js';

type Row = Record<string, unknown>;

/** The caller's display name as feedback rows keep it. */
export const callerName = (caller: Caller) => caller.real_name || caller.nick_name || caller.account;

/**
 * What an entry's market placement is made of rather than its content: the recommendation and the
 * order. Changing them does not call for a new review; every other field of the entry does.
 */
const PLACEMENT_FIELDS = new Set(['isRecommend', 'sort']);

/** Text and ids as stored and as sent compare alike: none, null and "" are the same, numbers as text. */
const comparable = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Whether saving `values` over `existing` changes anything the review approved. */
function changesContent(values: Row, existing: Row): boolean {
  return Object.entries(values).some(
    ([field, value]) => value !== undefined && !PLACEMENT_FIELDS.has(field) && comparable(value) !== comparable(existing[field]),
  );
}

/**
 * Entries: the name is indexed by pinyin when saved (a linked application is one of the tenant's
 * catalogue, as the definition's reference checks). Only reviewed entries reach the market, so a change of a reviewed entry's
 * content (name, parameters, links) makes it not reviewed again: it leaves the market until an
 * administrator reviews it again. Shelving and placement (recommendation, order) keep the review.
 */
export const ledgerEntryRules: ResourceRules = {
  async beforeSave({ values, existing }) {
    if (existing && existing.isCheck === 1 && changesContent(values, existing)) values.isCheck = 0;
    if (typeof values.appName === 'string') Object.assign(values, namePinyin(values.appName));
  },
};

/** Network records: the system name is indexed by pinyin (a linked entry is checked as a reference). */
export const ledgerNetworkRules: ResourceRules = {
  async beforeSave({ values }) {
    if (typeof values.systemName === 'string') Object.assign(values, namePinyin(values.systemName));
  },
};

/**
 * Comments and likes are the caller's own: the author is whoever sends it (never a field of the
 * form); the entry is checked as a reference. A second like of the same entry by the same user is refused.
 */
export const feedbackRules: ResourceRules = {
  async beforeSave({ caller, values, existing }) {
    if (!existing) Object.assign(values, { userId: caller.user_id, userName: callerName(caller) });
  },
};
