import { randomBytes } from 'node:crypto';
import { syncMessages as m } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, useTestServer } from '../../api-suite.testkit.js';
import { decryptMessage, signatureOf } from '../../wechat/callback-crypto.js';
import { administratorRole } from '../user/users.testkit.js';
import { callbackSyncsSettled } from './callback-sync.js';
import { DINGTALK, dingtalkCallback, startDingtalk } from './dingtalk.testkit.js';
import { type OrgFake, sampleOrganisation } from './org-fake.testkit.js';
import { counts, syncKit } from './sync.testkit.js';

/**
 * Directory sync from DingTalk against a local server speaking its API: the department tree walked
 * down through listsub (which answers only direct children), people paged with cursor, both kinds
 * of refusal for the call rate retried (HTTP 429 with Retry-After, errcode 88/90018), and change
 * events checked by signature and answered encrypted.
 */
const suite = useTestServer();
const { api, db, save, deptNamed, userOf, runs: runsOf } = syncKit(suite);
const org = sampleOrganisation();
const CALLBACK_TOKEN = 'dingCallbackToken';
const AES_KEY = randomBytes(32).toString('base64').slice(0, 43);
let fake: OrgFake;
let sourceId: string;
const runs = () => runsOf(sourceId);
const callback = (query: Record<string, string>, body: string) =>
  fetch(`${suite.server.baseUrl}/api/blade-system/sync-source/callback/${sourceId}?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
const calls = (path: string) => fake.calls.filter((c) => c === `POST ${path}`).length;

beforeAll(async () => {
  fake = await startDingtalk(org);
  sourceId = await save({
    name: 'DingTalk organisation',
    kind: 'dingtalk',
    appKey: DINGTALK.appKey,
    secret: DINGTALK.secret,
    apiBase: fake.url,
    callbackToken: CALLBACK_TOKEN,
    callbackKey: AES_KEY,
    mapping: JSON.stringify({ roleId: await administratorRole(suite.server), retryBaseMs: 0 }),
  });
});
afterAll(() => fake?.close());

describe('directory sync from DingTalk', () => {
  it('walks the whole tree and pages through every department, retrying refusals for the rate', async () => {
    fake.limitNext('/topapi/v2/department/listsub');
    fake.limitNext('/topapi/v2/user/list');
    const answer = await api().apply(undefined, { id: sourceId });
    expect(counts(answer)).toEqual([18, 0, 0, 0, 0]);
    // listsub once per department (6) and the refused call again.
    expect(calls('/topapi/v2/department/listsub')).toBe(7);
    // Payables holds four people (two pages); a department with none still takes one call.
    expect(calls('/topapi/v2/user/list')).toBeGreaterThan(7);
    const [group, head, finance, payables] = await Promise.all(['Example Group', 'Head', 'Finance', 'Payables'].map(deptNamed));
    expect(payables).toMatchObject({ parentId: finance.id, ancestors: `0,${group.id},${head.id},${finance.id}` });
    const people = await db()
      .selectFrom('blade_sync_link')
      .select('externalId')
      .where('sourceId', '=', sourceId)
      .where('kind', '=', 'user')
      .execute();
    expect(people.map((p) => p.externalId).sort()).toEqual(org.people.map((p) => p.id).sort());
    expect(await userOf('u04')).toMatchObject({ code: 'E2004', deptId: payables.id, status: 1 });
    const leaders = await db().selectFrom('blade_dept').select(['deptName', 'leaderId']).where('id', 'in', [head.id, finance.id]).execute();
    expect(Object.fromEntries(leaders.map((d) => [d.deptName, d.leaderId]))).toEqual({
      Head: (await userOf('u01'))?.id,
      Finance: (await userOf('u02'))?.id,
    });
    expect(counts(await api().apply(undefined, { id: sourceId }))).toEqual([0, 0, 0, 0, 0]);
  });

  it('gives up clearly when the API keeps refusing for the rate', async () => {
    await api().submit({ id: sourceId, kind: 'dingtalk', mapping: JSON.stringify({ retryBaseMs: 0, retries: 0 }) } as never);
    fake.limitNext('/topapi/v2/department/get');
    const refused = await failure(suite.admin, api().dryRun(undefined, { id: sourceId }));
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain(m.apiRateLimited);
    expect(refused.msg).toContain('90018');
    await api().submit({ id: sourceId, kind: 'dingtalk', mapping: JSON.stringify({ retryBaseMs: 0 }) } as never);
  });

  it('syncs on a signed change event, answers it encrypted, and refuses a forged one', async () => {
    org.people.find((p) => p.id === 'u05')!.active = false;
    const event = { EventType: 'user_leave_org', UserId: ['u05'], CorpId: 'dingcorp', TimeStamp: String(Date.now()) };
    const before = (await runs()).length;
    const forged = dingtalkCallback('not-the-token', AES_KEY, DINGTALK.appKey, event);
    expect((await callback(forged.query, forged.body)).status).toBe(403);
    const otherApp = dingtalkCallback(CALLBACK_TOKEN, AES_KEY, 'another-app-key', event);
    expect((await callback(otherApp.query, otherApp.body)).status).toBe(403);
    expect((await callback(forged.query, 'not json')).status).toBe(400);
    await callbackSyncsSettled();
    expect((await runs()).length).toBe(before);
    expect((await userOf('u05'))?.status).toBe(1);

    const signed = dingtalkCallback(CALLBACK_TOKEN, AES_KEY, DINGTALK.appKey, event);
    const accepted = await callback(signed.query, signed.body);
    expect(accepted.status).toBe(200);
    const reply = (await accepted.json()) as { msg_signature: string; timeStamp: string; nonce: string; encrypt: string };
    expect(reply.msg_signature).toBe(signatureOf(CALLBACK_TOKEN, reply.timeStamp, reply.nonce, reply.encrypt));
    expect(decryptMessage(AES_KEY, reply.encrypt)).toEqual({ message: 'success', appId: DINGTALK.appKey });
    await callbackSyncsSettled();
    expect((await userOf('u05'))?.status).toBe(0);
    expect((await runs()).find((r) => r.message === 'callback')).toMatchObject({ outcome: 'applied' });
    // The same event posted again (a replay) is refused.
    const replayed = await callback(signed.query, signed.body);
    expect(replayed.status).toBe(403);
    expect(((await replayed.json()) as { msg: string }).msg).toBe(m.callbackReplay);
  });

  it('answers the registration check without syncing', async () => {
    const before = (await runs()).length;
    const check = dingtalkCallback(CALLBACK_TOKEN, AES_KEY, DINGTALK.appKey, { EventType: 'check_url' });
    expect((await callback(check.query, check.body)).status).toBe(200);
    const older = dingtalkCallback(CALLBACK_TOKEN, AES_KEY, DINGTALK.appKey, { EventType: 'check_url' }, true);
    expect((await callback(older.query, older.body)).status).toBe(200);
    await callbackSyncsSettled();
    expect((await runs()).length).toBe(before);
  });
});
