import { fail, type Message, wxMessages as m } from '@sso/shared-api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { firstSeen } from '../net/callback-replay.js';
import { type WxApp, wxAppByAppId } from './apps.js';
import { decryptMessage, parseWechatXml, signatureMatches, signatureOf } from './callback-crypto.js';
import { wechatClientOf } from './client.js';
import { followed, refreshFollower, unfollowed } from './followers.js';
import { templateDelivered } from './messages.js';

/** Where WeChat calls an application back: register `https://<host>/api/blade-appmanage/wx/callback/<AppID>` at WeChat. */
export const WECHAT_CALLBACK_PATH = '/api/blade-appmanage/wx/callback/:appId';

/** A callback whose timestamp is further than this from now is refused, as is one whose nonce and timestamp were seen. */
const FRESH_SECONDS = 300;
/** Seen nonces are kept a little longer than a timestamp stays fresh. */
const SEEN_KEEP_MS = 2 * FRESH_SECONDS * 1000;

const signedQuery = z.object({
  signature: z.string().max(64).optional(),
  timestamp: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  nonce: z.string().max(64).optional(),
  echostr: z.string().max(256).optional(),
  encrypt_type: z.string().max(16).optional(),
  msg_signature: z.string().max(64).optional(),
  openid: z.string().max(64).optional(),
});
type SignedQuery = z.infer<typeof signedQuery>;

const refuse = (reply: FastifyReply, status: number, message: Message) => reply.status(status).send(fail(status, message));

/** The application called back, and whether the call is fresh and signed with its token (GET and POST alike). */
async function authentic(
  ctx: AppContext,
  appId: string,
  query: SignedQuery,
): Promise<{ app: WxApp } | { status: number; message: Message }> {
  const app = /^wx[0-9a-fA-F]{16}$/.test(appId) ? await wxAppByAppId(ctx.db, appId) : undefined;
  if (!app?.token || app.status !== 1) return { status: 404, message: m.say.appMissing };
  const { timestamp, nonce, signature } = query;
  if (!timestamp || !nonce || !signatureMatches(signatureOf(app.token, timestamp, nonce), signature)) {
    return { status: 403, message: m.say.callbackSignature };
  }
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > FRESH_SECONDS) return { status: 403, message: m.say.callbackReplay };
  return { app };
}

/** Records the nonce of a signed, fresh call to this official account: false when it was seen already (a replay). */
const seenFirst = (ctx: AppContext, app: WxApp, query: SignedQuery) =>
  firstSeen(
    ctx.db,
    { channel: 'wechat', key: String(app.id), nonce: String(query.nonce), timestamp: String(query.timestamp) },
    SEEN_KEEP_MS,
  );

/**
 * The message of a POST: the XML itself in plain mode; in safe mode (`encrypt_type=aes`) the
 * `Encrypt` field, checked against `msg_signature` and decrypted with the EncodingAESKey, and
 * only if it was encrypted for this AppID.
 */
type Read = { fields: Record<string, string> } | { status: number; message: Message };

function messageOf(app: WxApp, query: SignedQuery, body: string): Read {
  const outer = parseWechatXml(body);
  if (!outer) return { status: 400, message: m.say.callbackBody };
  if (query.encrypt_type !== 'aes') return { fields: outer };
  const encrypted = outer.Encrypt;
  if (!encrypted || !app.aesKey || !app.token) return { status: 403, message: m.say.callbackSignature };
  if (!signatureMatches(signatureOf(app.token, String(query.timestamp), String(query.nonce), encrypted), query.msg_signature)) {
    return { status: 403, message: m.say.callbackSignature };
  }
  const plain = decryptMessage(app.aesKey, encrypted);
  if (!plain || plain.appId !== app.appId) return { status: 403, message: m.say.callbackSignature };
  const inner = parseWechatXml(plain.message);
  return inner ? { fields: inner } : { status: 400, message: m.say.callbackBody };
}

/** Keeps what WeChat delivered, once: false when it is a delivery already kept (WeChat tries again when an answer is slow). */
async function keepOnce(ctx: AppContext, app: WxApp, message: Record<string, string>): Promise<boolean> {
  const from = (message.FromUserName ?? '').slice(0, 64);
  const type = (message.MsgType ?? '').slice(0, 32);
  const onceKey = (message.MsgId || message.MsgID || `${from}:${message.CreateTime ?? ''}:${message.Event ?? type}`).slice(0, 128);
  const kept = await ctx.db
    .insertInto('blade_wx_inbound')
    .values({
      id: ctx.ids.next(),
      tenantId: app.tenantId,
      appId: app.id,
      onceKey,
      fromUser: from,
      msgType: type,
      event: message.Event?.slice(0, 64) ?? null,
      eventKey: message.EventKey?.slice(0, 255) ?? null,
      content: message.Content ?? null,
    })
    .onConflict((oc) => oc.columns(['appId', 'onceKey']).doNothing())
    .executeTakeFirst();
  return Number(kept.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** What an event changes here: followers come and go, template deliveries are reported. */
async function handle(ctx: AppContext, app: WxApp, message: Record<string, string>): Promise<void> {
  if (message.MsgType !== 'event') return;
  const openId = message.FromUserName ?? '';
  const at = new Date(Number(message.CreateTime ?? 0) * 1000 || Date.now());
  const event = (message.Event ?? '').toLowerCase();
  if (event === 'subscribe' && openId) {
    await followed(ctx, app, openId, at);
    // The profile is read after the answer: WeChat waits 5 seconds at most.
    setImmediate(() => {
      refreshFollower({ db: ctx.db, client: wechatClientOf(ctx) }, app, openId).catch((error: unknown) =>
        ctx.log?.warn({ appId: app.appId, reason: (error as Error).message }, 'wechat follower profile not read'),
      );
    });
  }
  if (event === 'unsubscribe' && openId) await unfollowed(ctx.db, app, openId, at);
  if (event === 'templatesendjobfinish' && message.MsgID) await templateDelivered(ctx.db, message.MsgID, message.Status ?? '');
}

/**
 * WeChat's calls to an application (`/api/blade-appmanage/wx/callback/{AppID}`): GET is the
 * server verification (the signature over the sorted token, timestamp and nonce; the echostr
 * answered back); POST delivers messages and events, plain or in safe mode, answered "success"
 * as soon as they are kept. A call signed wrongly, too old, or whose nonce and timestamp were seen
 * before is refused (403).
 */
export function registerWechatCallback(root: FastifyInstance, ctx: AppContext): void {
  void root.register(async (scope) => {
    scope.addContentTypeParser(
      ['text/xml', 'application/xml', 'text/plain'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_r, body, done) => done(null, body),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const schema = { tags: ['wechat'], params: z.object({ appId: z.string().max(64) }), querystring: signedQuery };

    app.get(
      WECHAT_CALLBACK_PATH,
      {
        config: { access: 'public' },
        schema: { ...schema, summary: "WeChat's server verification: answers echostr when the signature matches" },
      },
      async (request, reply) => {
        const checked = await authentic(ctx, request.params.appId, request.query);
        if (!('app' in checked)) return refuse(reply, checked.status, checked.message);
        if (!(await seenFirst(ctx, checked.app, request.query))) return refuse(reply, 403, m.say.callbackReplay);
        return reply.type('text/plain; charset=utf-8').send(request.query.echostr ?? '');
      },
    );

    app.post(
      WECHAT_CALLBACK_PATH,
      {
        config: { access: 'public' },
        schema: { ...schema, summary: 'Messages and events WeChat delivers (plain or safe mode): answers success' },
      },
      async (request, reply) => {
        const checked = await authentic(ctx, request.params.appId, request.query);
        if (!('app' in checked)) return refuse(reply, checked.status, checked.message);
        const read = messageOf(checked.app, request.query, typeof request.body === 'string' ? request.body : '');
        if (!('fields' in read)) return refuse(reply, read.status, read.message);
        if (!(await seenFirst(ctx, checked.app, request.query))) return refuse(reply, 403, m.say.callbackReplay);
        const { fields } = read;
        if (await keepOnce(ctx, checked.app, fields)) await handle(ctx, checked.app, fields);
        return reply.type('text/plain; charset=utf-8').send('success');
      },
    );
  });
}
