import { ApiError, badRequest, wxMessages as m } from '@sso/shared-api';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { IdGenerator } from '../kernel/ids.js';
import type { WxApp } from './apps.js';
import { WechatCallError, type WechatClient } from './client.js';

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** WeChat takes at most 10,000 OpenIDs per mass message; a list is sent in batches of that size. */
export const MASS_BATCH = 10_000;
const MAX_RECIPIENTS = 50_000;
/** Tries of a recipient WeChat answers "system busy" (-1) for, the first included. */
const TRIES = 3;
/** How long a node holds the recipients it is sending before another node may take them over. */
const LEASE_MS = 60_000;
const CLAIM = 100;
const OPEN_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Recipient states (WX_RECIPIENT_STATES). */
const WAITING = 0;
const SENDING = 1;
const SENT = 2;
const FAILED = 3;

/** The OpenIDs of a message's text: comma-, space- or line-separated, each once, in order. */
export function openIdList(value: unknown): string[] {
  return [
    ...new Set(
      text(value)
        .split(/[\s,;，]+/)
        .filter(Boolean),
    ),
  ];
}

/** The template's data: a JSON object whose fields are text or { value, color? }, as `message/template/send` takes it. */
export function templateData(content: unknown): Record<string, { value: string; color?: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text(content) || '{}');
  } catch {
    throw badRequest(m.say.templateData);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest(m.say.templateData);
  const data: Record<string, { value: string; color?: string }> = {};
  for (const [key, field] of Object.entries(parsed)) {
    if (typeof field === 'string' || typeof field === 'number') data[key] = { value: String(field) };
    else if (field && typeof field === 'object' && typeof (field as Row).value !== 'undefined') {
      const { value, color } = field as Row;
      data[key] = { value: String(value), ...(typeof color === 'string' ? { color } : {}) };
    } else throw badRequest(m.say.templateData);
  }
  return data;
}

/**
 * The checks of a message on save: what its kind needs (a template id and data, or a mass type
 * with its text or media), and recipients that WeChat would take. `values` is normalised in place
 * (OpenIDs comma-joined). A message that was sent is not changed.
 */
export function checkMessage(values: Row, existing?: Row): void {
  if (existing && Number(existing.sendStatus ?? 0) !== 0) throw badRequest(m.say.sentLocked);
  const merged = { ...existing, ...values };
  const kind = text(merged.msgKind);
  const target = text(merged.target);
  if (kind === 'template') {
    if (!text(merged.templateId)) throw badRequest(m.say.templateId);
    templateData(merged.content);
    if (target === 'all') throw badRequest(m.say.templateAll);
  } else {
    const massType = text(merged.massType);
    if (!massType) throw badRequest(m.say.massType);
    if (massType === 'text' && !text(merged.content).trim()) throw badRequest(m.say.massContent);
    if (massType === 'mpnews' && !text(merged.mediaId)) throw badRequest(m.say.mediaId);
  }
  if (target === 'users') {
    const openIds = openIdList(merged.openIds);
    if (!openIds.length) throw badRequest(m.say.openIds);
    if (!openIds.every((id) => OPEN_ID.test(id))) throw badRequest(m.say.openIdFormat);
    if (openIds.length > MAX_RECIPIENTS) throw badRequest(m.say.tooManyOpenIds);
    if (kind === 'mass' && openIds.length < 2) throw badRequest(m.say.massTwoUsers);
    if ('openIds' in values) values.openIds = openIds.join(',');
  }
  if (target === 'tag' && (merged.tagId === null || merged.tagId === undefined || merged.tagId === '')) throw badRequest(m.say.tagRequired);
}

interface SendDeps {
  db: Db;
  ids: IdGenerator;
  client: WechatClient;
  /** Waits between tries of a recipient WeChat was too busy for (tests pass none). */
  pause?: (ms: number) => Promise<void>;
}

type Message = Awaited<ReturnType<typeof loadMessage>>;

async function loadMessage(db: Db, tenantId: string, id: string) {
  const row = await db
    .selectFrom('blade_wx_message_send')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw badRequest(m.say.messageMissing);
  return row;
}

/** The recipient keys of a message: OpenIDs (chosen, or the tag's followers as last synchronised), or `tag:<id>` / `all` for a mass message to them. */
async function recipientsOf(db: Db, message: Message): Promise<{ openId: string; batch: number }[]> {
  if (message.msgKind === 'mass' && message.target === 'all') return [{ openId: 'all', batch: 0 }];
  if (message.msgKind === 'mass' && message.target === 'tag') return [{ openId: `tag:${message.tagId}`, batch: 0 }];
  let openIds: string[];
  if (message.target === 'tag') {
    const tag = String(message.tagId);
    const rows = await db
      .selectFrom('blade_wx_user')
      .select(['openId', 'tagIds'])
      .where('appId', '=', message.appId)
      .where('subscribe', '=', 1)
      .where('isDeleted', '=', 0)
      .where('tagIds', 'like', `%${tag}%`)
      .orderBy('id')
      .execute();
    openIds = rows.filter((row) => (row.tagIds ?? '').split(',').includes(tag)).map((row) => row.openId);
  } else openIds = openIdList(message.openIds);
  return openIds.map((openId, i) => ({ openId, batch: Math.floor(i / MASS_BATCH) }));
}

/** Records every recipient of a message once (the first `send` of it does; any later one finds them). */
async function prepare(deps: SendDeps, message: Message): Promise<void> {
  if (Number(message.sendStatus) !== 0) return;
  const recipients = await recipientsOf(deps.db, message);
  if (!recipients.length) throw badRequest(m.say.noRecipients);
  await deps.db.transaction().execute(async (trx) => {
    const started = await trx
      .updateTable('blade_wx_message_send')
      .set({ sendStatus: 1, total: recipients.length, updateTime: new Date() })
      .where('id', '=', message.id)
      .where('sendStatus', '=', 0)
      .executeTakeFirst();
    if (!Number(started.numUpdatedRows)) return;
    for (let i = 0; i < recipients.length; i += 1000) {
      await trx
        .insertInto('blade_wx_message_recipient')
        .values(recipients.slice(i, i + 1000).map((r) => ({ id: deps.ids.next(), tenantId: message.tenantId, sendId: message.id, ...r })))
        .onConflict((oc) => oc.columns(['sendId', 'openId']).doNothing())
        .execute();
    }
  });
}

/**
 * Takes recipients waiting (or left by a node whose lease ran out) for this node: the update
 * checks their state again, so a recipient another node took in between is not taken twice.
 */
async function claim(db: Db, sendId: string, byBatch: boolean) {
  const open = () =>
    db
      .selectFrom('blade_wx_message_recipient')
      .where('sendId', '=', sendId)
      .where((eb) => eb.or([eb('status', '=', WAITING), eb.and([eb('status', '=', SENDING), eb('leaseUntil', '<', new Date())])]));
  let candidates: { id: string }[];
  if (byBatch) {
    const first = await open().select('batch').orderBy('batch').limit(1).executeTakeFirst();
    if (!first) return [];
    candidates = await open().select('id').where('batch', '=', first.batch).orderBy('id').limit(MASS_BATCH).execute();
  } else candidates = await open().select('id').orderBy('id').limit(CLAIM).execute();
  if (!candidates.length) return [];
  return db
    .updateTable('blade_wx_message_recipient')
    .set({ status: SENDING, leaseUntil: new Date(Date.now() + LEASE_MS), attempts: sql<number>`attempts + 1` })
    .where(
      'id',
      'in',
      candidates.map((c) => c.id),
    )
    .where((eb) => eb.or([eb('status', '=', WAITING), eb.and([eb('status', '=', SENDING), eb('leaseUntil', '<', new Date())])]))
    .returning(['id', 'openId', 'batch'])
    .execute();
}

async function settle(db: Db, ids: string[], outcome: { status: number; msgId?: string; errcode?: number; errmsg?: string }) {
  if (!ids.length) return;
  await db
    .updateTable('blade_wx_message_recipient')
    .set({
      status: outcome.status,
      msgId: outcome.msgId ?? null,
      errcode: outcome.errcode ?? 0,
      errmsg: outcome.errmsg?.slice(0, 500) ?? null,
      leaseUntil: null,
      sentTime: new Date(),
    })
    .where('id', 'in', ids)
    .execute();
}

/** Hands recipients back untouched (a frequency limit stopped the send): the next `send` takes them. */
async function release(db: Db, ids: string[]) {
  if (!ids.length) return;
  await db
    .updateTable('blade_wx_message_recipient')
    .set({ status: WAITING, leaseUntil: null, attempts: sql<number>`attempts - 1` })
    .where('id', 'in', ids)
    .execute();
}

/**
 * One WeChat call, tried again while WeChat answers "system busy" (-1): the call was not carried
 * out, so trying again cannot send twice. A call whose answer was lost (the network) is not
 * repeated: its recipient is recorded as failed with the outcome unknown rather than risk a
 * second message.
 */
async function tryCall(deps: SendDeps, call: () => Promise<Row>): Promise<Row> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof WechatCallError) || error.errcode !== -1 || attempt >= TRIES) throw error;
      await (deps.pause ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))))(200 * attempt);
    }
  }
}

function failureOf(error: unknown): { errcode: number; errmsg: string } {
  if (error instanceof WechatCallError) {
    const errmsg = error.errcode === -2 ? `outcome unknown, not sent again: ${error.errmsg}` : error.errmsg;
    return { errcode: error.errcode, errmsg };
  }
  if (error instanceof ApiError) return { errcode: error.code, errmsg: error.message };
  throw error;
}

/** A frequency limit ends this send; the recipients not yet sent wait for the next one. */
const isLimit = (error: unknown) => error instanceof WechatCallError && error.code === 429;

function massContent(message: Message): Row {
  return message.massType === 'mpnews'
    ? { msgtype: 'mpnews', mpnews: { media_id: message.mediaId }, send_ignore_reprint: 0 }
    : { msgtype: 'text', text: { content: message.content ?? '' } };
}

export interface SendOutcome {
  sendStatus: number;
  total: number;
  succeeded: number;
  failed: number;
  waiting: number;
}

/**
 * Sends a message: its recipients are recorded once, then taken a few at a time by this node
 * (another node sending the same message takes others) and each sent once, its outcome kept.
 * Template messages go one per recipient; mass messages one per batch of OpenIDs, or one to the
 * tag or to all, with a `clientmsgid` so that WeChat too refuses a second one (45065).
 */
export async function sendMessage(deps: SendDeps, app: WxApp, tenantId: string, id: string): Promise<SendOutcome> {
  const message = await loadMessage(deps.db, tenantId, id);
  if (String(message.appId) !== app.id) throw badRequest(m.say.appMissing);
  await prepare(deps, message);
  let limited: unknown;
  const mass = message.msgKind === 'mass';
  while (!limited) {
    const taken = await claim(deps.db, message.id, mass);
    if (!taken.length) break;
    if (!mass) {
      const data = templateData(message.content);
      for (let i = 0; i < taken.length; i++) {
        const recipient = taken[i]!;
        if (limited) {
          await release(deps.db, [recipient.id]);
          continue;
        }
        try {
          const answer = await tryCall(deps, () =>
            deps.client.call(app, 'cgi-bin/message/template/send', {
              body: {
                touser: recipient.openId,
                template_id: message.templateId,
                ...(message.url ? { url: message.url } : {}),
                ...(message.miniAppId ? { miniprogram: { appid: message.miniAppId, pagepath: message.pagePath ?? '' } } : {}),
                data,
                client_msg_id: `${message.id}-${recipient.id}`,
              },
            }),
          );
          await settle(deps.db, [recipient.id], { status: SENT, msgId: text(answer.msgid) });
        } catch (error) {
          if (isLimit(error)) {
            limited = error;
            await release(deps.db, [recipient.id]);
          } else await settle(deps.db, [recipient.id], { status: FAILED, ...failureOf(error) });
        }
      }
      continue;
    }
    const ids = taken.map((r) => r.id);
    const batch = taken[0]!.batch;
    const key = taken[0]!.openId;
    const everyone = key === 'all';
    const tagId = key.startsWith('tag:') ? Number(key.slice(4)) : undefined;
    const body = {
      ...(everyone || tagId !== undefined
        ? { filter: { is_to_all: everyone, ...(tagId !== undefined ? { tag_id: tagId } : {}) } }
        : { touser: taken.map((r) => r.openId) }),
      ...massContent(message),
      clientmsgid: `${message.id}-${batch}`,
    };
    try {
      const answer = await tryCall(deps, () =>
        deps.client.call(app, everyone || tagId !== undefined ? 'cgi-bin/message/mass/sendall' : 'cgi-bin/message/mass/send', { body }),
      );
      await settle(deps.db, ids, { status: SENT, msgId: text(answer.msg_id) });
    } catch (error) {
      if (error instanceof WechatCallError && error.errcode === 45065) {
        // WeChat already has this batch under its clientmsgid: it was sent.
        await settle(deps.db, ids, { status: SENT, errmsg: error.errmsg });
      } else if (isLimit(error)) {
        limited = error;
        await release(deps.db, ids);
      } else await settle(deps.db, ids, { status: FAILED, ...failureOf(error) });
    }
  }
  const outcome = await tally(deps.db, message.id);
  if (limited) throw limited;
  return outcome;
}

/** Counts a message's recipients by outcome and records the message's state. */
async function tally(db: Db, sendId: string): Promise<SendOutcome> {
  const rows = await db
    .selectFrom('blade_wx_message_recipient')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('sendId', '=', sendId)
    .groupBy('status')
    .execute();
  const count = (status: number) => Number(rows.find((row) => Number(row.status) === status)?.n ?? 0);
  const succeeded = count(SENT);
  const failed = count(FAILED);
  const waiting = count(WAITING) + count(SENDING);
  const total = succeeded + failed + waiting;
  const sendStatus = waiting ? 1 : failed === 0 ? 2 : succeeded === 0 ? 4 : 3;
  await db
    .updateTable('blade_wx_message_send')
    .set({ sendStatus, total, succeeded, failed, updateTime: new Date(), ...(waiting ? {} : { sentTime: new Date() }) })
    .where('id', '=', sendId)
    .execute();
  return { sendStatus, total, succeeded, failed, waiting };
}

/** WeChat's report of a template message (TEMPLATESENDJOBFINISH): a recipient it could not deliver to is marked failed, and its message recounted. */
export async function templateDelivered(db: Db, msgId: string, status: string): Promise<void> {
  if (status === 'success') return;
  const changed = await db
    .updateTable('blade_wx_message_recipient')
    .set({ status: FAILED, errmsg: status.slice(0, 500) })
    .where('msgId', '=', msgId)
    .where('status', '=', SENT)
    .returning('sendId')
    .execute();
  for (const sendId of new Set(changed.map((row) => String(row.sendId)))) await tally(db, sendId);
}
