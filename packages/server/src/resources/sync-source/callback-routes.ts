import { randomBytes } from 'node:crypto';
import { fail, type Message, syncMessages as m } from '@sso/shared-api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { decryptSecret } from '../../db/secrets.js';
import { live } from '../../kernel/live-rows.js';
import { firstSeen } from '../../net/callback-replay.js';
import { decryptMessage, encryptMessage, parseWechatXml, signatureMatches, signatureOf } from '../../wechat/callback-crypto.js';
import { requestSync } from './callback-sync.js';
import { feishuDecrypt, feishuSignature, feishuSignatureMatches } from './feishu-crypto.js';

/**
 * Where WeCom, DingTalk and Feishu call a source back when their organisation changes: register
 * `https://<host>/api/blade-system/sync-source/callback/<source id>` at the vendor, with the
 * source's callback token and key. A call whose signature matches, whose timestamp is within five
 * minutes of now and whose nonce and timestamp no node has seen (a replay) starts a sync of the
 * source (in the background, one run at a time); anything else is refused and changes nothing.
 */
export const SYNC_CALLBACK_PATH = '/api/blade-system/sync-source/callback/:id';

/** A callback whose timestamp is further than this from now is refused, as is one whose nonce and timestamp were seen. */
const FRESH_SECONDS = 300;
/** Seen nonces are kept a little longer than a timestamp stays fresh, so a replay is refused for as long as it could pass. */
const SEEN_KEEP_MS = 2 * FRESH_SECONDS * 1000;

const callbackQuery = z.object({
  msg_signature: z.string().max(128).optional(),
  signature: z.string().max(128).optional(),
  timestamp: z
    .string()
    .regex(/^\d{1,16}$/)
    .optional(),
  // DingTalk's older apps write it timeStamp.
  timeStamp: z
    .string()
    .regex(/^\d{1,16}$/)
    .optional(),
  nonce: z.string().max(128).optional(),
  echostr: z.string().max(2048).optional(),
});
type CallbackQuery = z.infer<typeof callbackQuery>;

interface CallbackSource {
  id: string;
  kind: string;
  corpId: string | null;
  appKey: string | null;
  token: string;
  key: string;
}

/** What a signed call carries to tell it from a replay of itself. */
interface Once {
  nonce: string;
  timestamp: string;
}

type Outcome = { status: number; message: Message } | { reply: unknown; type?: string; sync: boolean; once?: Once };

const refused = (status: number, message: Message): Outcome => ({ status, message });

/** The enabled organisation-API source with its callback token and key, decrypted. */
async function sourceOf(ctx: AppContext, id: string): Promise<CallbackSource | undefined> {
  if (!/^\d{1,20}$/.test(id)) return undefined;
  const row = await ctx.db
    .selectFrom('blade_sync_source')
    .select(['id', 'kind', 'status', 'corpId', 'appKey', 'callbackToken', 'callbackKey'])
    .where('id', '=', id)
    .$call(live())
    .executeTakeFirst();
  if (!row || row.status !== 1 || !['wecom', 'dingtalk', 'feishu'].includes(row.kind)) return undefined;
  const token = (await decryptSecret(ctx.db, row.callbackToken)) ?? '';
  const key = (await decryptSecret(ctx.db, row.callbackKey)) ?? '';
  return { id: row.id, kind: row.kind, corpId: row.corpId, appKey: row.appKey, token, key };
}

/** Seconds since the epoch, whether the vendor sent seconds or (DingTalk) milliseconds. */
function fresh(timestamp: string | undefined): boolean {
  if (!timestamp || !/^\d{1,16}$/.test(timestamp)) return false;
  const value = Number(timestamp);
  const seconds = value > 1e11 ? value / 1000 : value;
  return Math.abs(Date.now() / 1000 - seconds) <= FRESH_SECONDS;
}

const onceOf = (query: CallbackQuery): Once => ({ nonce: query.nonce ?? '', timestamp: query.timestamp ?? '' });

/** WeChat's scheme, as WeCom and DingTalk use it: SHA-1 over the sorted token, timestamp, nonce and cipher text. */
function openWechatStyle(source: CallbackSource, query: CallbackQuery, encrypted: string, receivers: (string | null)[]) {
  const given = query.msg_signature ?? query.signature;
  const { timestamp, nonce } = query;
  if (!timestamp || !nonce || !signatureMatches(signatureOf(source.token, timestamp, nonce, encrypted), given)) return undefined;
  const plain = decryptMessage(source.key, encrypted);
  if (!plain || !receivers.some((r) => r && r === plain.appId)) return undefined;
  return plain.message;
}

/** WeCom: GET verifies the URL (echostr decrypted and answered); POST delivers XML whose `Encrypt` holds the event. */
function wecom(source: CallbackSource, query: CallbackQuery, method: string, body: string): Outcome {
  if (method === 'GET') {
    const plain = query.echostr ? openWechatStyle(source, query, query.echostr, [source.corpId]) : undefined;
    if (plain === undefined) return refused(403, m.say.callbackSignature);
    if (!fresh(query.timestamp)) return refused(403, m.say.callbackStale);
    return { reply: plain, type: 'text/plain; charset=utf-8', sync: false, once: onceOf(query) };
  }
  const outer = parseWechatXml(body);
  if (!outer?.Encrypt) return refused(400, m.say.callbackBody);
  const plain = openWechatStyle(source, query, outer.Encrypt, [source.corpId]);
  if (plain === undefined) return refused(403, m.say.callbackSignature);
  if (!fresh(query.timestamp)) return refused(403, m.say.callbackStale);
  const event = parseWechatXml(plain);
  if (!event) return refused(400, m.say.callbackBody);
  return { reply: 'success', type: 'text/plain; charset=utf-8', sync: event.Event === 'change_contact', once: onceOf(query) };
}

/**
 * DingTalk: JSON `{"encrypt": …}` signed like WeCom's, encrypted for the app's AppKey (or the
 * CorpID of older apps); answered with "success" encrypted and signed the same way. `check_url`
 * is the registration's test and syncs nothing.
 */
function dingtalk(source: CallbackSource, query: CallbackQuery, body: string): Outcome {
  const encrypted = jsonField(body, 'encrypt');
  if (!encrypted) return refused(400, m.say.callbackBody);
  const plain = openWechatStyle(source, query, encrypted, [source.appKey, source.corpId]);
  if (plain === undefined) return refused(403, m.say.callbackSignature);
  if (!fresh(query.timestamp)) return refused(403, m.say.callbackStale);
  const eventType = jsonField(plain, 'EventType');
  if (eventType === undefined) return refused(400, m.say.callbackBody);
  const receiver = (source.appKey || source.corpId) ?? '';
  const timeStamp = String(Date.now());
  const nonce = randomBytes(8).toString('hex');
  const answer = encryptMessage(source.key, 'success', receiver);
  return {
    reply: { msg_signature: signatureOf(source.token, timeStamp, nonce, answer), timeStamp, nonce, encrypt: answer },
    sync: eventType.startsWith('user_') || eventType.startsWith('org_dept_'),
    once: onceOf(query),
  };
}

/**
 * Feishu (with an Encrypt Key set at Feishu, as the source requires): the body is
 * `{"encrypt": …}` and every event carries `X-Lark-Signature`; the event's `header.token` (or the verification's `token`) must be the
 * source's Verification Token. `url_verification` answers the challenge; `contact.*` events sync.
 */
function feishu(source: CallbackSource, headers: Record<string, unknown>, body: string): Outcome {
  const encrypted = jsonField(body, 'encrypt');
  if (!encrypted) return refused(400, m.say.callbackBody);
  const plain = feishuDecrypt(source.key, encrypted);
  if (plain === undefined) return refused(403, m.say.callbackSignature);
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(plain) as Record<string, unknown>;
  } catch {
    return refused(400, m.say.callbackBody);
  }
  if (!event || typeof event !== 'object') return refused(400, m.say.callbackBody);
  const header = (event.header ?? {}) as Record<string, unknown>;
  const token = event.type === 'url_verification' ? event.token : header.token;
  if (!source.token || token !== source.token) return refused(403, m.say.callbackSignature);
  if (event.type === 'url_verification') return { reply: { challenge: String(event.challenge ?? '') }, sync: false };
  const timestamp = String(headers['x-lark-request-timestamp'] ?? '');
  const nonce = String(headers['x-lark-request-nonce'] ?? '');
  const given = headers['x-lark-signature'];
  if (
    !timestamp ||
    !feishuSignatureMatches(feishuSignature(timestamp, nonce, source.key, body), typeof given === 'string' ? given : undefined)
  ) {
    return refused(403, m.say.callbackSignature);
  }
  if (!fresh(timestamp)) return refused(403, m.say.callbackStale);
  return { reply: { msg: 'success' }, sync: String(header.event_type ?? '').startsWith('contact.'), once: { nonce, timestamp } };
}

function jsonField(text: string, field: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const value = parsed && typeof parsed === 'object' ? parsed[field] : undefined;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

const respond = (reply: FastifyReply, outcome: Outcome) => {
  if ('status' in outcome) return reply.status(outcome.status).send(fail(outcome.status, outcome.message));
  if (outcome.type) reply.type(outcome.type);
  return reply.send(outcome.reply);
};

/** The change callbacks of the organisation-API sources (GET: WeCom's URL check; POST: the events). */
export function registerSyncCallbacks(root: FastifyInstance, ctx: AppContext): void {
  void root.register(async (scope) => {
    // The raw body is what Feishu signs and what the WeChat-style schemes decrypt.
    scope.addContentTypeParser(
      ['application/json', 'text/xml', 'application/xml', 'text/plain'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_r, body, done) => done(null, body),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const schema = { tags: ['sync-source'], params: z.object({ id: z.string().max(32) }), querystring: callbackQuery };
    const handle = async (method: string, id: string, query: CallbackQuery, headers: Record<string, unknown>, body: unknown) => {
      const source = await sourceOf(ctx, id);
      if (!source) return refused(404, m.say.sourceMissing);
      if (!source.token || !source.key) return refused(400, m.say.callbackNotSet);
      const text = typeof body === 'string' ? body : '';
      const signed = { ...query, timestamp: query.timestamp ?? query.timeStamp };
      const outcome =
        source.kind === 'wecom'
          ? wecom(source, signed, method, text)
          : source.kind === 'dingtalk'
            ? dingtalk(source, signed, text)
            : feishu(source, headers, text);
      if (!('reply' in outcome)) return outcome;
      if (outcome.once && !(await firstSeen(ctx.db, { channel: 'sync', key: source.id, ...outcome.once }, SEEN_KEEP_MS)))
        return refused(403, m.say.callbackReplay);
      if (outcome.sync) requestSync(ctx, source.id);
      return outcome;
    };
    app.get(
      SYNC_CALLBACK_PATH,
      { config: { access: 'public' }, schema: { ...schema, summary: "WeCom's check of the callback URL: answers the decrypted echostr" } },
      async (request, reply) => respond(reply, await handle('GET', request.params.id, request.query, request.headers, undefined)),
    );
    app.post(
      SYNC_CALLBACK_PATH,
      {
        config: { access: 'public' },
        schema: { ...schema, summary: 'A change callback of WeCom, DingTalk or Feishu: a signed one starts a sync of the source' },
      },
      async (request, reply) => respond(reply, await handle('POST', request.params.id, request.query, request.headers, request.body)),
    );
  });
}
