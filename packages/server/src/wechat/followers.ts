import type { Db } from '../db/database.js';
import type { IdGenerator } from '../kernel/ids.js';
import type { WxApp } from './apps.js';
import type { WechatClient } from './client.js';

/** WeChat answers at most 10,000 OpenIDs per `user/get` and 100 profiles per `user/info/batchget`. */
const BATCH = 100;
const INSERT_CHUNK = 500;

/** A follower's profile as `user/info` and `user/info/batchget` answer it. */
interface WxProfile {
  subscribe?: number;
  openid?: string;
  language?: string;
  subscribe_time?: number;
  unionid?: string;
  remark?: string;
  tagid_list?: number[];
  subscribe_scene?: string;
  nickname?: string;
}

/** The columns a profile fills. */
function columnsOf(profile: WxProfile) {
  return {
    subscribe: profile.subscribe === 0 ? 0 : 1,
    unionId: profile.unionid || null,
    nickname: profile.nickname || null,
    language: profile.language || null,
    remark: (profile.remark ?? '').slice(0, 30) || null,
    tagIds: Array.isArray(profile.tagid_list) ? profile.tagid_list.slice(0, 20).join(',') || null : null,
    subscribeScene: profile.subscribe_scene || null,
    subscribeTime: profile.subscribe_time ? new Date(profile.subscribe_time * 1000) : null,
    syncedAt: new Date(),
  };
}

/** Every OpenID following the account: `user/get` page after page (by next_openid) until WeChat has no more. */
async function followerIds(client: WechatClient, app: WxApp): Promise<string[]> {
  const ids: string[] = [];
  let next = '';
  for (let page = 0; page < 10_000; page++) {
    const answer = await client.call(app, 'cgi-bin/user/get', { query: next ? { next_openid: next } : {} });
    const list = (answer.data as { openid?: unknown } | undefined)?.openid;
    const openIds = Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
    ids.push(...openIds);
    const total = Number(answer.total ?? 0);
    next = typeof answer.next_openid === 'string' ? answer.next_openid : '';
    if (openIds.length === 0 || !next || ids.length >= total) break;
  }
  return [...new Set(ids)];
}

/** Profiles of these followers, 100 per `user/info/batchget`. */
async function profiles(client: WechatClient, app: WxApp, openIds: readonly string[]): Promise<WxProfile[]> {
  const out: WxProfile[] = [];
  for (let i = 0; i < openIds.length; i += BATCH) {
    const answer = await client.call(app, 'cgi-bin/user/info/batchget', {
      body: { user_list: openIds.slice(i, i + BATCH).map((openid) => ({ openid, lang: 'zh_CN' })) },
    });
    if (Array.isArray(answer.user_info_list)) out.push(...(answer.user_info_list as WxProfile[]));
  }
  return out;
}

export interface SyncOutcome {
  total: number;
  added: number;
  updated: number;
  unsubscribed: number;
}

/**
 * Brings the followers of an official account up to date with WeChat: the OpenIDs of every
 * follower are read; the profiles of those not yet here (or no longer marked as following), or of
 * everyone with `full`, are read 100 at a time and stored; followers here that WeChat no longer
 * lists are marked as having unfollowed.
 */
export async function syncFollowers(
  deps: { db: Db; ids: IdGenerator; client: WechatClient },
  app: WxApp,
  full: boolean,
): Promise<SyncOutcome> {
  const { db, ids, client } = deps;
  const openIds = await followerIds(client, app);
  const existing = new Map(
    (
      await db
        .selectFrom('blade_wx_user')
        .select(['id', 'openId', 'subscribe'])
        .where('appId', '=', app.id)
        .where('isDeleted', '=', 0)
        .execute()
    ).map((row) => [row.openId, row]),
  );
  const wanted = full ? openIds : openIds.filter((openId) => existing.get(openId)?.subscribe !== 1);
  const read = await profiles(client, app, wanted);
  let added = 0;
  let updated = 0;
  const inserts = [];
  for (const profile of read) {
    if (!profile.openid) continue;
    const columns = columnsOf(profile);
    const row = existing.get(profile.openid);
    if (row) {
      await db
        .updateTable('blade_wx_user')
        .set({ ...columns, unsubscribeTime: columns.subscribe ? null : new Date(), updateTime: new Date() })
        .where('id', '=', row.id)
        .execute();
      updated++;
    } else {
      inserts.push({ id: ids.next(), tenantId: app.tenantId, appId: app.id, openId: profile.openid, ...columns });
    }
  }
  for (let i = 0; i < inserts.length; i += INSERT_CHUNK) {
    const result = await db
      .insertInto('blade_wx_user')
      .values(inserts.slice(i, i + INSERT_CHUNK))
      .onConflict((oc) => oc.columns(['appId', 'openId']).where('isDeleted', '=', 0).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  const following = new Set(openIds);
  const gone = [...existing.values()].filter((row) => row.subscribe === 1 && !following.has(row.openId)).map((row) => row.id);
  for (let i = 0; i < gone.length; i += INSERT_CHUNK) {
    await db
      .updateTable('blade_wx_user')
      .set({ subscribe: 0, unsubscribeTime: new Date(), updateTime: new Date() })
      .where('id', 'in', gone.slice(i, i + INSERT_CHUNK))
      .execute();
  }
  return { total: openIds.length, added, updated, unsubscribed: gone.length };
}

/** A subscribe event: the follower is here and marked as following at once; the profile is read afterwards. */
export async function followed(deps: { db: Db; ids: IdGenerator }, app: WxApp, openId: string, at: Date): Promise<void> {
  await deps.db
    .insertInto('blade_wx_user')
    .values({ id: deps.ids.next(), tenantId: app.tenantId, appId: app.id, openId, subscribe: 1, subscribeTime: at })
    .onConflict((oc) =>
      oc
        .columns(['appId', 'openId'])
        .where('isDeleted', '=', 0)
        .doUpdateSet({ subscribe: 1, subscribeTime: at, unsubscribeTime: null, updateTime: new Date() }),
    )
    .execute();
}

/** Reads one follower's profile (`user/info`) into the row. */
export async function refreshFollower(deps: { db: Db; client: WechatClient }, app: WxApp, openId: string): Promise<void> {
  const profile = (await deps.client.call(app, 'cgi-bin/user/info', { query: { openid: openId, lang: 'zh_CN' } })) as WxProfile;
  await deps.db
    .updateTable('blade_wx_user')
    .set({ ...columnsOf(profile), updateTime: new Date() })
    .where('appId', '=', app.id)
    .where('openId', '=', openId)
    .where('isDeleted', '=', 0)
    .execute();
}

/** An unsubscribe event: the follower stays, marked as no longer following. */
export async function unfollowed(db: Db, app: WxApp, openId: string, at: Date): Promise<void> {
  await db
    .updateTable('blade_wx_user')
    .set({ subscribe: 0, unsubscribeTime: at, updateTime: new Date() })
    .where('appId', '=', app.id)
    .where('openId', '=', openId)
    .where('isDeleted', '=', 0)
    .execute();
}

/** Sets a follower's remark on WeChat (`user/info/updateremark`). */
export async function pushRemark(client: WechatClient, app: WxApp, openId: string, remark: string): Promise<void> {
  await client.call(app, 'cgi-bin/user/info/updateremark', { body: { openid: openId, remark } });
}

/** Tags or untags followers on WeChat (`tags/members/batchtagging` / `batchuntagging`, at most 50 OpenIDs a call). */
export async function pushTag(client: WechatClient, app: WxApp, openIds: readonly string[], tagId: number, untag: boolean): Promise<void> {
  for (let i = 0; i < openIds.length; i += 50) {
    await client.call(app, untag ? 'cgi-bin/tags/members/batchuntagging' : 'cgi-bin/tags/members/batchtagging', {
      body: { openid_list: openIds.slice(i, i + 50), tagid: tagId },
    });
  }
}

/** The account's tags (`tags/get`). */
export async function tagsOf(client: WechatClient, app: WxApp): Promise<{ id: number; name: string; count: number }[]> {
  const answer = await client.call(app, 'cgi-bin/tags/get');
  const tags = Array.isArray(answer.tags) ? (answer.tags as { id?: unknown; name?: unknown; count?: unknown }[]) : [];
  return tags.map((tag) => ({ id: Number(tag.id ?? 0), name: String(tag.name ?? ''), count: Number(tag.count ?? 0) }));
}
