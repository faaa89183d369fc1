import { syncMessages as m } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, failure, useTestServer } from '../../api-suite.testkit.js';
import { type OrgFake, sampleOrganisation, startOrgFake } from './org-fake.testkit.js';
import { ldifOf, ROOT_PASSWORD } from './slapd.testkit.js';
import { ldapSource, syncKit, useSlapd } from './sync.testkit.js';
import { startWecom, WECOM } from './wecom.testkit.js';

/**
 * Test connection: a saved source is reached with its credentials through the outbound guard (an
 * LDAP bind and its base DN, the vendor's token) and the answer says ok or why not, writing nothing.
 */
const suite = useTestServer();
const slapd = useSlapd(ldifOf([{ path: ['Head'] }], []), { skips: 'the LDAP connection tests are skipped' });
const noSlapd = slapd.skipped;
const { api, db, save } = syncKit(suite);
let wecom: OrgFake;

const test = (id: string) => api().testConnection(undefined, { id });

beforeAll(async () => {
  wecom = await startWecom(sampleOrganisation());
});
afterAll(async () => {
  await wecom?.close();
});

describe('test connection', () => {
  it('answers ok for an organisation API that gives its token, and the refusal for a wrong secret, never the secret', async () => {
    const good = await save({ name: 'WeCom', kind: 'wecom', corpId: WECOM.corpId, secret: WECOM.secret, apiBase: wecom.url });
    expect(await test(good)).toEqual({ ok: true, message: m.connectionOk });
    expect(wecom.calls.filter((call) => call.includes('gettoken'))).toHaveLength(1);
    expect(wecom.calls.some((call) => call.includes('department'))).toBe(false);
    const wrong = await save({ name: 'WeCom wrong', kind: 'wecom', corpId: WECOM.corpId, secret: 'not-the-secret', apiBase: wecom.url });
    const refused = await test(wrong);
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain(m.apiRefused);
    expect(refused.message).not.toContain('not-the-secret');
    expect(await db().selectFrom('blade_sync_run').select('id').execute()).toEqual([]);
  });

  it('refuses an accepted token call that carries no token, for each organisation API, naming the field', async () => {
    // The vendors' "ok" without the token field: a misconfigured proxy or a changed API.
    const accepting = await startOrgFake(
      () => ({ body: { errcode: 0, errmsg: 'ok', code: 0, msg: 'ok' } }),
      () => ({ status: 429, body: {} }),
    );
    const apiBase = accepting.url;
    try {
      const sources = [
        { name: 'WeCom empty', kind: 'wecom', corpId: 'c', secret: 'wecom-secret-1', apiBase, field: 'WeCom access_token' },
        { name: 'DingTalk empty', kind: 'dingtalk', appKey: 'k', secret: 'dingtalk-secret-1', apiBase, field: 'DingTalk access_token' },
        { name: 'Feishu empty', kind: 'feishu', appKey: 'a', secret: 'feishu-secret-1', apiBase, field: 'Feishu tenant_access_token' },
      ];
      for (const { field, ...source } of sources) {
        const answer = await test(await save(source));
        expect(answer).toEqual({ ok: false, message: expect.stringContaining(m.apiBadAnswer) });
        expect(answer.message).toContain(field);
        expect(answer.message).not.toContain(source.secret);
      }
      // Each stopped at its token call: nothing was asked with a missing token.
      expect(accepting.calls).toEqual(['GET /cgi-bin/gettoken', 'GET /gettoken', 'POST /open-apis/auth/v3/tenant_access_token/internal']);
    } finally {
      await accepting.close();
    }
  });

  it('answers why an address cannot be reached', async () => {
    const closed = await save({ name: 'Nowhere', kind: 'dingtalk', appKey: 'k', secret: 's', apiBase: 'http://127.0.0.1:9/' });
    const answer = await test(closed);
    expect(answer.ok).toBe(false);
    expect(answer.message).toContain(m.apiUnreachable);
  });

  it.skipIf(noSlapd)('binds to a directory and finds its base DN, or names the refused bind', async () => {
    const ldap = ldapSource(slapd);
    expect(await test(await save({ name: 'LDAP', ...ldap, bindPassword: ROOT_PASSWORD }))).toEqual({ ok: true, message: m.connectionOk });
    expect(await test(await save({ name: 'LDAP wrong', ...ldap, bindPassword: 'wrong' }))).toEqual({ ok: false, message: m.bindRefused });
    const missingBase = await test(
      await save({ name: 'LDAP base', ...ldap, bindPassword: ROOT_PASSWORD, baseDn: 'ou=Nowhere,dc=example,dc=com' }),
    );
    expect(missingBase).toEqual({ ok: false, message: `${m.searchFailed}: ou=Nowhere,dc=example,dc=com` });
  });

  it('answers for an HR file source whether its file is there', async () => {
    const file = await save({ name: 'HR', kind: 'file' });
    expect(await test(file)).toEqual({ ok: false, message: m.fileMissing });
  });

  it('tests the values of an unsaved form, a blank secret being the stored one while the address stays', async () => {
    const values = { kind: 'wecom', corpId: WECOM.corpId, apiBase: wecom.url };
    // A new source, not saved: its typed values alone.
    expect(await api().testConnection({ name: 'New', ...values, secret: WECOM.secret } as never, {})).toEqual({
      ok: true,
      message: m.connectionOk,
    });
    const saved = await save({ name: 'WeCom saved', ...values, secret: 'stored-but-wrong' });
    const stored = async () =>
      await db().selectFrom('blade_sync_source').select(['secret', 'corpId']).where('id', '=', saved).executeTakeFirstOrThrow();
    const before = await stored();
    // The typed secret over the saved source is tested, and nothing is saved.
    expect(await api().testConnection({ secret: WECOM.secret } as never, { id: saved })).toEqual({ ok: true, message: m.connectionOk });
    expect(await stored()).toEqual(before);
    expect((await test(saved)).ok).toBe(false);

    await api().submit({ id: saved, secret: WECOM.secret } as never);
    // Left blank, the secret is the stored one: a typed CorpID is tested with it.
    const otherCorp = await api().testConnection({ corpId: 'ww-not-this-corp', secret: '' } as never, { id: saved });
    expect(otherCorp.ok).toBe(false);
    expect(otherCorp.message).toContain(m.apiRefused);
    expect(await api().testConnection({ ...values, secret: '' } as never, { id: saved })).toEqual({ ok: true, message: m.connectionOk });
    // Another address never gets the stored secret: it has to be typed again.
    expect(await api().testConnection({ apiBase: `${wecom.url}/`, secret: '' } as never, { id: saved })).toEqual({
      ok: false,
      message: m.secretRequired,
    });
    const secretsSent = wecom.calls.length;
    expect(await api().testConnection({ kind: 'dingtalk', appKey: 'k' } as never, { id: saved })).toEqual({
      ok: false,
      message: m.secretRequired,
    });
    expect(wecom.calls.length).toBe(secretsSent);
  });

  it('asks the permission to save values before testing them, and checks them as a save would', async () => {
    const saved = await save({ name: 'WeCom kept', kind: 'wecom', corpId: WECOM.corpId, secret: WECOM.secret, apiBase: wecom.url });
    const tester = await createUserWithRole(suite.server, { account: 'sync_tester', menuCodes: ['syncsource', 'syncsource_dryrun'] });
    const theirs = tester.sdk.system.syncSource;
    expect(await theirs.testConnection(undefined, { id: saved })).toEqual({ ok: true, message: m.connectionOk });
    expect((await failure(tester.sdk, theirs.testConnection({ apiBase: 'http://127.0.0.1:9/' } as never, { id: saved }))).status).toBe(403);
    expect((await failure(tester.sdk, theirs.testConnection({ kind: 'wecom', corpId: 'ww1' } as never, {}))).status).toBe(403);

    const badUrl = await failure(suite.admin, api().testConnection({ kind: 'ldap', url: 'http://not-ldap' } as never, {}));
    expect(badUrl).toMatchObject({ status: 400, msg: m.url });
    expect(await failure(suite.admin, api().testConnection(undefined, {}))).toMatchObject({ status: 400, msg: m.sourceMissing });
    expect(await failure(suite.admin, api().testConnection({ name: 'No kind' } as never, {}))).toMatchObject({ status: 400, msg: m.kind });
  });

  it.skipIf(noSlapd)('binds with a typed password to a saved directory, and with the stored one when it is left blank', async () => {
    const ldap = ldapSource(slapd);
    const saved = await save({ name: 'LDAP typed', ...ldap, bindPassword: 'wrong' });
    expect(await api().testConnection({ ...ldap, bindPassword: ROOT_PASSWORD } as never, { id: saved })).toEqual({
      ok: true,
      message: m.connectionOk,
    });
    await api().submit({ id: saved, bindPassword: ROOT_PASSWORD } as never);
    const typedBase = await api().testConnection({ ...ldap, bindPassword: '', baseDn: 'ou=Nowhere,dc=example,dc=com' } as never, {
      id: saved,
    });
    expect(typedBase).toEqual({ ok: false, message: `${m.searchFailed}: ou=Nowhere,dc=example,dc=com` });
  });
});
