import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { decryptMessage, encryptMessage, parseWechatXml, signatureOf, wechatXml } from './callback-crypto.js';
import { type FakeWechat, startFakeWechat } from './fake-wechat.testkit.js';

/**
 * WeChat calling an official account back, as its documentation describes: the GET verification
 * and POSTed events, in plain and safe (AES) mode, with good and bad signatures, replays and
 * stale timestamps.
 */
const suite = useTestServer();
let fake: FakeWechat;

const APP_ID = 'wx00112233445566aa';
const OTHER_APP_ID = 'wx99887766554433bb';
const SECRET = 'aaaabbbbccccddddeeeeffff00001111';
const TOKEN = 'callbackToken';
const AES_KEY = 'ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210abcdefg';
let appRowId: string;

beforeAll(async () => {
  fake = await startFakeWechat();
  fake.apps.set(APP_ID, SECRET);
  fake.followers.set(APP_ID, [{ openid: 'oCallbackUser1', remark: '来自微信', tagid_list: [7], subscribe_time: 1_700_000_000 }]);
  const { ctx } = suite.server;
  await ctx.db.updateTable('blade_param').set({ paramValue: fake.url }).where('paramKey', '=', 'wechat.apiBase').execute();
  ctx.cache.invalidate('blade_param');
  const row = (await suite.admin.wechat.wxApp.submit({
    name: '回调测试号',
    appType: 1,
    appId: APP_ID,
    appSecret: SECRET,
    token: TOKEN,
    aesKey: AES_KEY,
  } as never)) as { id: string };
  appRowId = String(row.id);
});
afterAll(() => fake?.close());

const now = () => String(Math.floor(Date.now() / 1000));
const nonce = () => randomBytes(6).toString('hex');

/** The query WeChat signs a call with. */
function signed(extra: Record<string, string> = {}, at = now()) {
  const n = nonce();
  return { timestamp: at, nonce: n, signature: signatureOf(TOKEN, at, n), ...extra };
}

async function call(method: 'GET' | 'POST', query: Record<string, string>, body?: string, appId = APP_ID) {
  const response = await fetch(`${suite.server.baseUrl}/api/blade-appmanage/wx/callback/${appId}?${new URLSearchParams(query)}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'text/xml' },
    body,
  });
  return { status: response.status, text: await response.text() };
}

const event = (fields: Record<string, string | number>) =>
  wechatXml({ ToUserName: 'gh_steel', FromUserName: 'oCallbackUser1', CreateTime: Math.floor(Date.now() / 1000), ...fields });

const follower = () =>
  suite.server.ctx.db
    .selectFrom('blade_wx_user')
    .selectAll()
    .where('appId', '=', appRowId)
    .where('openId', '=', 'oCallbackUser1')
    .executeTakeFirst();

describe('server verification (GET)', () => {
  it('answers echostr to a good signature and refuses a bad, replayed or stale one', async () => {
    const query = signed({ echostr: '5837397520381720839' });
    expect(await call('GET', query)).toEqual({ status: 200, text: '5837397520381720839' });
    expect((await call('GET', query)).status).toBe(403);
    expect((await call('GET', { ...signed({ echostr: 'x' }), signature: 'f'.repeat(40) })).status).toBe(403);
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    expect((await call('GET', signed({ echostr: 'x' }, old))).status).toBe(403);
    expect((await call('GET', signed({ echostr: 'x' }), undefined, OTHER_APP_ID)).status).toBe(404);
  });
});

describe('messages and events (POST)', () => {
  it('take a plain subscribe event: the follower is kept at once and its profile read after the answer', async () => {
    const answer = await call('POST', signed({ openid: 'oCallbackUser1' }), event({ MsgType: 'event', Event: 'subscribe' }));
    expect(answer).toEqual({ status: 200, text: 'success' });
    expect(await follower()).toMatchObject({ subscribe: 1, tenantId: '000000' });
    await expect.poll(async () => (await follower())?.remark).toBe('来自微信');
    expect((await follower())?.tagIds).toBe('7');
  });

  it('refuse a bad signature and a replay, keeping nothing', async () => {
    const body = event({ MsgType: 'text', Content: '你好', MsgId: '9000000001' });
    expect((await call('POST', { ...signed(), signature: '0'.repeat(40) }, body)).status).toBe(403);
    const query = signed();
    expect((await call('POST', query, body)).text).toBe('success');
    expect((await call('POST', query, body)).status).toBe(403);
    // WeChat delivering the same message again (a new nonce, the same MsgId) keeps it once.
    expect((await call('POST', signed(), body)).text).toBe('success');
    const kept = await suite.server.ctx.db.selectFrom('blade_wx_inbound').selectAll().where('onceKey', '=', '9000000001').execute();
    expect(kept.map((row) => [row.msgType, row.content])).toEqual([['text', '你好']]);
  });

  it('take a safe-mode event whose msg_signature matches and refuse one that does not or was sealed for another AppID', async () => {
    const encrypt = (xml: string, appId = APP_ID) => encryptMessage(AES_KEY, xml, appId);
    const safe = (encrypted: string, badSignature = false) => {
      const query = signed({ encrypt_type: 'aes' });
      const msgSignature = signatureOf(TOKEN, query.timestamp, query.nonce, encrypted);
      return {
        query: { ...query, msg_signature: badSignature ? 'a'.repeat(40) : msgSignature },
        body: wechatXml({ ToUserName: 'gh_steel', Encrypt: encrypted }),
      };
    };
    const unsubscribe = encrypt(event({ MsgType: 'event', Event: 'unsubscribe' }));
    const bad = safe(unsubscribe, true);
    expect((await call('POST', bad.query, bad.body)).status).toBe(403);
    const foreign = safe(encrypt(event({ MsgType: 'event', Event: 'unsubscribe' }), OTHER_APP_ID));
    expect((await call('POST', foreign.query, foreign.body)).status).toBe(403);
    expect((await follower())?.subscribe).toBe(1);
    const good = safe(unsubscribe);
    expect(await call('POST', good.query, good.body)).toEqual({ status: 200, text: 'success' });
    expect((await follower())?.subscribe).toBe(0);
  });

  it("mark a template message's recipient failed when WeChat reports it undelivered", async () => {
    const message = (await suite.admin.wechat.wxMessageSend.submit({
      appId: appRowId,
      title: '送达回执',
      msgKind: 'template',
      templateId: 'TPL_RECEIPT',
      content: '{"first":"x"}',
      target: 'users',
      openIds: 'oCallbackUser1,oCallbackUser2',
    } as never)) as { id: string };
    const id = String(message.id);
    expect(await suite.admin.wechat.wxMessageSend.send({ id })).toMatchObject({ succeeded: 2, failed: 0 });
    const { records } = (await suite.admin.wechat.wxMessageSend.recipients({ id } as never)) as { records: { msgId: string }[] };
    const report = event({ MsgType: 'event', Event: 'TEMPLATESENDJOBFINISH', MsgID: records[1]!.msgId, Status: 'failed:user block' });
    expect((await call('POST', signed(), report)).text).toBe('success');
    expect(await suite.admin.wechat.wxMessageSend.detail(id)).toMatchObject({ sendStatus: 3, succeeded: 1, failed: 1 });
  });

  it('refuse what is not WeChat XML', async () => {
    expect((await call('POST', signed(), '<!DOCTYPE x [<!ENTITY a "b">]><xml><A>&a;</A></xml>')).status).toBe(400);
  });
});

describe('the safe-mode cipher', () => {
  it('round-trips messages of any length and rejects tampering', () => {
    for (const size of [0, 1, 11, 12, 31, 32, 100]) {
      const message = 'x'.repeat(size);
      expect(decryptMessage(AES_KEY, encryptMessage(AES_KEY, message, APP_ID))).toEqual({ message, appId: APP_ID });
    }
    const sealed = Buffer.from(encryptMessage(AES_KEY, '<xml/>', APP_ID), 'base64');
    // A changed byte of the first block garbles the second, where the message length lies.
    sealed[2] = (sealed[2] ?? 0) ^ 0xff;
    expect(decryptMessage(AES_KEY, sealed.toString('base64'))).toBeUndefined();
    expect(parseWechatXml(wechatXml({ A: 'a]]>b', B: 3 }))).toEqual({ A: 'a]]>b', B: '3' });
  });
});
