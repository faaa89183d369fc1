import { syncMessages as m } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../api-suite.testkit.js';
import { administratorRole } from '../user/users.testkit.js';
import { callbackSyncsSettled } from './callback-sync.js';
import { FEISHU, feishuCallback, startFeishu } from './feishu.testkit.js';
import { type OrgFake, sampleOrganisation } from './org-fake.testkit.js';
import { counts, syncKit } from './sync.testkit.js';

/**
 * Directory sync from Feishu against a local server speaking its open API: every department below
 * the root through fetch_child, page after page; members paged per department; a refusal for the
 * call rate (HTTP 429, 99991400) retried as the reset header says; events checked by signature.
 */
const suite = useTestServer();
const { api, db, save, deptNamed, userOf, runs: runsOf } = syncKit(suite);
const org = sampleOrganisation();
const VERIFICATION_TOKEN = 'feishuVerificationToken';
const ENCRYPT_KEY = 'feishu-encrypt-key-123';
let fake: OrgFake;
let sourceId: string;
const runs = () => runsOf(sourceId);
const callback = (request: { body: string; headers: Record<string, string> }) =>
  fetch(`${suite.server.baseUrl}/api/blade-system/sync-source/callback/${sourceId}`, { method: 'POST', ...request });
const calls = (prefix: string) => fake.calls.filter((c) => c.startsWith(`GET ${prefix}`)).length;

beforeAll(async () => {
  fake = await startFeishu(org);
  sourceId = await save({
    name: 'Feishu organisation',
    kind: 'feishu',
    appKey: FEISHU.appId,
    secret: FEISHU.secret,
    apiBase: fake.url,
    callbackToken: VERIFICATION_TOKEN,
    callbackKey: ENCRYPT_KEY,
    mapping: JSON.stringify({ roleId: await administratorRole(suite.server), retryBaseMs: 60_000 }),
  });
});
afterAll(() => fake?.close());

describe('directory sync from Feishu', () => {
  it('reads every page of the whole tree and of each department, waiting as the reset header says', async () => {
    // The base wait is a minute: the run ends promptly only because the reset header says 0.
    fake.limitNext('/open-apis/contact/v3/users/find_by_department');
    const answer = await api().apply(undefined, { id: sourceId });
    expect(counts(answer)).toEqual([17, 0, 0, 0, 0]);
    // Five departments, two a page: three pages.
    expect(calls('/open-apis/contact/v3/departments/0/children')).toBe(3);
    const [head, finance, payables] = await Promise.all(['Head', 'Finance', 'Payables'].map(deptNamed));
    expect(head.parentId).toBe('0');
    expect(payables).toMatchObject({ parentId: finance.id, ancestors: `0,${head.id},${finance.id}` });
    expect(await userOf('u04')).toMatchObject({ code: 'E2004', phone: '+8613900000400', deptId: payables.id, status: 1 });
    const leaders = await db().selectFrom('blade_dept').select(['deptName', 'leaderId']).where('id', 'in', [head.id, finance.id]).execute();
    expect(Object.fromEntries(leaders.map((d) => [d.deptName, d.leaderId]))).toEqual({
      Head: (await userOf('u01'))?.id,
      Finance: (await userOf('u02'))?.id,
    });
    const linked = await db()
      .selectFrom('blade_sync_link')
      .select('externalId')
      .where('sourceId', '=', sourceId)
      .where('kind', '=', 'user')
      .execute();
    expect(linked).toHaveLength(12);
    expect(counts(await api().apply(undefined, { id: sourceId }))).toEqual([0, 0, 0, 0, 0]);
  });

  it('answers the URL verification challenge with the verification token only', async () => {
    const good = await callback(feishuCallback(ENCRYPT_KEY, { type: 'url_verification', token: VERIFICATION_TOKEN, challenge: 'ch-42' }));
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ challenge: 'ch-42' });
    const wrong = await callback(feishuCallback(ENCRYPT_KEY, { type: 'url_verification', token: 'other', challenge: 'ch-42' }));
    expect(wrong.status).toBe(403);
  });

  it('syncs on a signed contact event, and refuses a bad signature or token changing nothing', async () => {
    org.people.find((p) => p.id === 'u06')!.active = false;
    const event = {
      schema: '2.0',
      header: { event_id: 'ev-1', event_type: 'contact.user.updated_v3', token: VERIFICATION_TOKEN, app_id: FEISHU.appId },
      event: { object: { user_id: 'u06' } },
    };
    const before = (await runs()).length;
    const badSignature = await callback(feishuCallback(ENCRYPT_KEY, event, 'another-key'));
    expect(badSignature.status).toBe(403);
    expect(((await badSignature.json()) as { msg: string }).msg).toBe(m.callbackSignature);
    const badToken = feishuCallback(ENCRYPT_KEY, { ...event, header: { ...event.header, token: 'forged' } });
    expect((await callback(badToken)).status).toBe(403);
    expect((await callback({ body: '{"encrypt":"bm90IGEgY2lwaGVy"}', headers: { 'content-type': 'application/json' } })).status).toBe(403);
    await callbackSyncsSettled();
    expect((await runs()).length).toBe(before);
    expect((await userOf('u06'))?.status).toBe(1);

    const signed = feishuCallback(ENCRYPT_KEY, event);
    const accepted = await callback(signed);
    expect(accepted.status).toBe(200);
    // The same event posted again (a replay) is refused.
    const replayed = await callback(signed);
    expect(replayed.status).toBe(403);
    expect(((await replayed.json()) as { msg: string }).msg).toBe(m.callbackReplay);
    await callbackSyncsSettled();
    expect((await userOf('u06'))?.status).toBe(0);
    expect((await runs()).find((r) => r.message === 'callback')).toMatchObject({ outcome: 'applied' });
  });
});
