import { randomBytes } from 'node:crypto';
import { syncMessages as m } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, tableSnapshot, useTestServer } from '../../api-suite.testkit.js';
import { encryptMessage, signatureOf } from '../../wechat/callback-crypto.js';
import { administratorRole } from '../user/users.testkit.js';
import { callbackSyncsSettled } from './callback-sync.js';
import { type OrgFake, sampleOrganisation } from './org-fake.testkit.js';
import { counts, syncKit } from './sync.testkit.js';
import { startWecom, WECOM, wecomCallback } from './wecom.testkit.js';

/**
 * Directory sync from WeCom against a local server speaking its contact API: the whole
 * department tree four levels deep, people per department, a refusal for the call rate retried,
 * a wrong secret refused clearly, and change callbacks checked by signature.
 */
const suite = useTestServer();
const { api, db, save, deptNamed, userOf, runs: runsOf } = syncKit(suite);
const org = sampleOrganisation();
const CALLBACK_TOKEN = 'wecomCallbackToken';
const AES_KEY = randomBytes(32).toString('base64').slice(0, 43);
let fake: OrgFake;
let sourceId: string;
const seenNonces = async () =>
  (await db().selectFrom('blade_callback_seen').select('nonce').where('channel', '=', 'sync').where('key', '=', sourceId).execute()).map(
    (r) => r.nonce,
  );
const runs = () => runsOf(sourceId);

const callback = (query: Record<string, string>, init: RequestInit = {}) =>
  fetch(`${suite.server.baseUrl}/api/blade-system/sync-source/callback/${sourceId}?${new URLSearchParams(query)}`, init);

beforeAll(async () => {
  fake = await startWecom(org);
  sourceId = await save({
    name: 'WeCom organisation',
    kind: 'wecom',
    corpId: WECOM.corpId,
    secret: WECOM.secret,
    apiBase: fake.url,
    callbackToken: CALLBACK_TOKEN,
    callbackKey: AES_KEY,
    mapping: JSON.stringify({ roleId: await administratorRole(suite.server), retryBaseMs: 0 }),
  });
});
afterAll(() => fake?.close());

describe('directory sync from WeCom', () => {
  it('keeps the secret and the callback key write-only and encrypted', async () => {
    const detail = await api().detail(sourceId);
    expect(detail).toMatchObject({ kind: 'wecom', corpId: WECOM.corpId, apiBase: fake.url });
    for (const field of ['secret', 'callbackToken', 'callbackKey']) expect(detail).not.toHaveProperty(field);
    const stored = await db().selectFrom('blade_sync_source').selectAll().where('id', '=', sourceId).executeTakeFirstOrThrow();
    expect([stored.secret, stored.callbackToken, stored.callbackKey].every((v) => v?.startsWith('enc:v1:'))).toBe(true);
    const badKey = await failure(suite.admin, api().submit({ id: sourceId, kind: 'wecom', callbackKey: 'short' } as never));
    expect(badKey).toMatchObject({ status: 400, msg: m.callbackKey });
  });

  it('answers the whole tree and every person in a dry run, writing nothing', async () => {
    const users = await tableSnapshot(suite.server, 'blade_user');
    const answer = await api().dryRun(undefined, { id: sourceId });
    expect(counts(answer)).toEqual([18, 0, 0, 0, 0]);
    expect(answer.rows.find((r) => r.label === 'Payables')).toMatchObject({ changes: { parent: [null, 'Finance'] } });
    expect(JSON.stringify(answer)).not.toContain(WECOM.secret);
    expect(await tableSnapshot(suite.server, 'blade_user')).toEqual(users);
  });

  it('retries a call refused for its rate (45009) and applies the tree four levels deep', async () => {
    fake.limitNext('/cgi-bin/user/list');
    const before = fake.calls.filter((c) => c === 'GET /cgi-bin/user/list').length;
    const answer = await api().apply(undefined, { id: sourceId });
    expect(counts(answer)).toEqual([18, 0, 0, 0, 0]);
    // Six departments, one call each, and the refused one again.
    expect(fake.calls.filter((c) => c === 'GET /cgi-bin/user/list').length - before).toBe(7);
    const [group, head, finance, payables] = await Promise.all(['Example Group', 'Head', 'Finance', 'Payables'].map(deptNamed));
    expect(payables).toMatchObject({ parentId: finance.id, ancestors: `0,${group.id},${head.id},${finance.id}` });
    expect(await userOf('u03')).toMatchObject({ deptId: payables.id, status: 1, email: 'person03@example.com' });
    // Leaders from department_leader, set once their users exist.
    expect(head.leaderId).toBe((await userOf('u01'))?.id);
    expect(finance.leaderId).toBe((await userOf('u02'))?.id);
    expect(payables.leaderId).toBeNull();
    expect(counts(await api().apply(undefined, { id: sourceId }))).toEqual([0, 0, 0, 0, 0]);
  });

  it('refuses a wrong secret clearly, naming the code and never the secret', async () => {
    await api().submit({ id: sourceId, kind: 'wecom', secret: 'not-the-secret' } as never);
    const refused = await failure(suite.admin, api().dryRun(undefined, { id: sourceId }));
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain(m.apiRefused);
    expect(refused.msg).toContain('40001');
    expect(refused.msg).not.toContain('not-the-secret');
    await api().submit({ id: sourceId, kind: 'wecom', secret: WECOM.secret } as never);
  });

  it('answers the URL check with the decrypted echostr, and refuses a wrong signature', async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const echostr = encryptMessage(AES_KEY, 'echo-1234', WECOM.corpId);
    const good = await callback({ msg_signature: signatureOf(CALLBACK_TOKEN, timestamp, 'n1', echostr), timestamp, nonce: 'n1', echostr });
    expect(good.status).toBe(200);
    expect(await good.text()).toBe('echo-1234');
    const bad = await callback({ msg_signature: signatureOf('other', timestamp, 'n1', echostr), timestamp, nonce: 'n1', echostr });
    expect(bad.status).toBe(403);
  });

  it('syncs on a signed change callback, and a badly signed one changes nothing', async () => {
    const mover = org.people.find((p) => p.id === 'u01')!;
    mover.dept = '6';
    const event = { ToUserName: WECOM.corpId, MsgType: 'event', Event: 'change_contact', ChangeType: 'update_user', UserID: 'u01' };
    const forged = wecomCallback('not-the-token', AES_KEY, WECOM.corpId, event);
    const runsBefore = (await runs()).length;
    const refused = await callback(forged.query, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: forged.body });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { msg: string }).msg).toBe(m.callbackSignature);
    const tampered = wecomCallback(CALLBACK_TOKEN, AES_KEY, WECOM.corpId, event);
    const wrongBody = tampered.body.replace(/<Encrypt><!\[CDATA\[./, '<Encrypt><![CDATA[A');
    expect((await callback(tampered.query, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: wrongBody })).status).toBe(403);
    await callbackSyncsSettled();
    expect((await runs()).length).toBe(runsBefore);
    expect((await userOf('u01'))?.deptId).toBe((await deptNamed('Head')).id);

    const signed = wecomCallback(CALLBACK_TOKEN, AES_KEY, WECOM.corpId, event);
    const accepted = await callback(signed.query, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: signed.body });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toBe('success');
    await callbackSyncsSettled();
    expect((await userOf('u01'))?.deptId).toBe((await deptNamed('North')).id);
    expect((await runs()).find((r) => r.message === 'callback')).toMatchObject({ outcome: 'applied' });

    // The same signed call again (a replay) is refused and starts nothing.
    const afterFirst = (await runs()).length;
    const replayed = await callback(signed.query, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: signed.body });
    expect(replayed.status).toBe(403);
    expect(((await replayed.json()) as { msg: string }).msg).toBe(m.callbackReplay);
    await callbackSyncsSettled();
    expect((await runs()).length).toBe(afterFirst);
  });

  it('refuses a replay whichever node saw the call first, and a call whose timestamp is out of the window', async () => {
    const event = { ToUserName: WECOM.corpId, MsgType: 'event', Event: 'change_contact', ChangeType: 'update_user', UserID: 'u03' };
    const signed = wecomCallback(CALLBACK_TOKEN, AES_KEY, WECOM.corpId, event);
    // Another node of the cluster took this call: it recorded the nonce where every node looks.
    await db()
      .insertInto('blade_callback_seen')
      .values({ channel: 'sync', key: sourceId, nonce: signed.query.nonce, timestamp: signed.query.timestamp, seenAt: new Date() })
      .execute();
    const before = (await runs()).length;
    const replayed = await callback(signed.query, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: signed.body });
    expect(replayed.status).toBe(403);
    expect(((await replayed.json()) as { msg: string }).msg).toBe(m.callbackReplay);

    // Signed rightly, but ten minutes old (or ahead): refused before its nonce is even recorded.
    for (const skew of [-600, 600]) {
      const timestamp = String(Math.floor(Date.now() / 1000) + skew);
      const echostr = encryptMessage(AES_KEY, 'echo-old', WECOM.corpId);
      const query = { msg_signature: signatureOf(CALLBACK_TOKEN, timestamp, 'old1', echostr), timestamp, nonce: 'old1', echostr };
      const stale = await callback(query);
      expect(stale.status).toBe(403);
      expect(((await stale.json()) as { msg: string }).msg).toBe(m.callbackStale);
    }
    const recorded = await seenNonces();
    expect(recorded).not.toContain('old1');

    // Records older than any timestamp that could still pass are pruned by the next call.
    await db()
      .insertInto('blade_callback_seen')
      .values({ channel: 'sync', key: sourceId, nonce: 'ancient', timestamp: '1', seenAt: new Date(Date.now() - 3_600_000) })
      .execute();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const echostr = encryptMessage(AES_KEY, 'echo-5678', WECOM.corpId);
    const check = await callback({ msg_signature: signatureOf(CALLBACK_TOKEN, timestamp, 'n5', echostr), timestamp, nonce: 'n5', echostr });
    expect(await check.text()).toBe('echo-5678');
    const left = await seenNonces();
    expect(left).not.toContain('ancient');
    await callbackSyncsSettled();
    expect((await runs()).length).toBe(before);
  });

  it('lists every member by user/list_id (paged by cursor) and user/get, reading the same people', async () => {
    const mapping = JSON.parse(
      (await db().selectFrom('blade_sync_source').select('mapping').where('id', '=', sourceId).executeTakeFirstOrThrow()).mapping ?? '{}',
    );
    await api().submit({ id: sourceId, kind: 'wecom', mapping: JSON.stringify({ ...mapping, userListing: 'ids' }) } as never);
    const from = fake.calls.length;
    fake.limitNext('/cgi-bin/user/list_id');
    // The same organisation read the other way: nothing to change.
    expect(counts(await api().dryRun(undefined, { id: sourceId }))).toEqual([0, 0, 0, 0, 0]);
    const calls = fake.calls.slice(from);
    // Twelve members in pages of five (three pages), the refused page again, and each member read once.
    expect(calls.filter((c) => c === 'POST /cgi-bin/user/list_id')).toHaveLength(4);
    expect(calls.filter((c) => c === 'GET /cgi-bin/user/get')).toHaveLength(org.people.length);
    expect(calls).not.toContain('GET /cgi-bin/user/list');

    // A member moved and one joining are seen through the ids as well.
    org.people.find((p) => p.id === 'u04')!.dept = '5';
    org.people.push({ id: 'u13', name: 'Person 13', code: '', mobile: '13900001300', email: 'p13@example.com', dept: '4', active: true });
    const plan = await api().dryRun(undefined, { id: sourceId });
    expect(plan.rows.map((r) => [r.action, r.label])).toEqual(
      expect.arrayContaining([
        ['move', 'u04'],
        ['create', 'u13'],
      ]),
    );
    org.people.pop();
    org.people.find((p) => p.id === 'u04')!.dept = '4';
    await api().submit({ id: sourceId, kind: 'wecom', mapping: JSON.stringify(mapping) } as never);
  });

  it('reads the department tree by department/simplelist and department/get, with names and leaders', async () => {
    const mapping = JSON.parse(
      (await db().selectFrom('blade_sync_source').select('mapping').where('id', '=', sourceId).executeTakeFirstOrThrow()).mapping ?? '{}',
    );
    await api().submit({ id: sourceId, kind: 'wecom', mapping: JSON.stringify({ ...mapping, departmentListing: 'ids' }) } as never);
    const from = fake.calls.length;
    fake.limitNext('/cgi-bin/department/get');
    // The same tree read by ids: names, parents and leaders all as department/list gave them.
    expect(counts(await api().dryRun(undefined, { id: sourceId }))).toEqual([0, 0, 0, 0, 0]);
    const calls = fake.calls.slice(from);
    expect(calls.filter((c) => c === 'GET /cgi-bin/department/simplelist')).toHaveLength(1);
    // One read per department, and the one refused for its rate again.
    expect(calls.filter((c) => c === 'GET /cgi-bin/department/get')).toHaveLength(org.depts.length + 1);
    expect(calls).not.toContain('GET /cgi-bin/department/list');

    // A renamed department and a new leader are seen through department/get.
    const payables = org.depts.find((d) => d.id === '4')!;
    payables.name = 'Accounts Payable';
    payables.leader = 'u03';
    const plan = await api().dryRun(undefined, { id: sourceId });
    expect(plan.rows.map((r) => [r.kind, r.action, r.label, Object.keys(r.changes)])).toEqual([
      ['dept', 'rename', 'Accounts Payable', ['deptName']],
      ['dept', 'update', 'Accounts Payable', ['leader']],
    ]);
    payables.name = 'Payables';
    delete payables.leader;
    expect(counts(await api().dryRun(undefined, { id: sourceId }))).toEqual([0, 0, 0, 0, 0]);

    const refused = await failure(
      suite.admin,
      api().submit({ id: sourceId, kind: 'wecom', mapping: JSON.stringify({ ...mapping, departmentListing: 'tree' }) } as never),
    );
    expect(refused).toMatchObject({ status: 400, msg: m.mapping });
    await api().submit({ id: sourceId, kind: 'wecom', mapping: JSON.stringify(mapping) } as never);
  });

  it('keeps a callback that finds a run under way, and syncs once that run ends', async () => {
    const held = new Date(Date.now() + 60_000);
    await db().updateTable('blade_sync_source').set({ runOwner: 'another-node', runUntil: held }).where('id', '=', sourceId).execute();
    org.people.find((p) => p.id === 'u02')!.active = false;
    const event = { ToUserName: WECOM.corpId, MsgType: 'event', Event: 'change_contact', ChangeType: 'update_user', UserID: 'u02' };
    const signed = wecomCallback(CALLBACK_TOKEN, AES_KEY, WECOM.corpId, event);
    const before = (await runs()).length;
    expect((await callback(signed.query, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: signed.body })).status).toBe(200);
    await callbackSyncsSettled();
    expect((await runs()).length).toBe(before);
    const wish = await db().selectFrom('blade_sync_source').select('syncWanted').where('id', '=', sourceId).executeTakeFirstOrThrow();
    expect(wish.syncWanted).not.toBeNull();

    // The other run ends; the next apply (here from the console) meets the wish when it gives the lease back.
    await db().updateTable('blade_sync_source').set({ runOwner: null, runUntil: null }).where('id', '=', sourceId).execute();
    // u02 leaves: disabled, and no longer Finance's leader.
    expect(counts(await api().apply(undefined, { id: sourceId }))).toEqual([0, 1, 0, 1, 0]);
    expect((await deptNamed('Finance')).leaderId).toBeNull();
    await callbackSyncsSettled();
    const after = await runs();
    expect(after.length).toBe(before + 2);
    expect(after.filter((r) => r.message === 'callback').length).toBe(2);
    const cleared = await db().selectFrom('blade_sync_source').select('syncWanted').where('id', '=', sourceId).executeTakeFirstOrThrow();
    expect(cleared.syncWanted).toBeNull();
  });
});
