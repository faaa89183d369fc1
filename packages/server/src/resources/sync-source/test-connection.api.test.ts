import { existsSync } from 'node:fs';
import { syncMessages as m } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../api-suite.testkit.js';
import { type OrgFake, sampleOrganisation } from './org-fake.testkit.js';
import { ldifOf, ROOT_DN, ROOT_PASSWORD, SLAPD, type Slapd, startSlapd } from './slapd.testkit.js';
import { startWecom, WECOM } from './wecom.testkit.js';

/**
 * Test connection: a saved source is reached with its credentials through the outbound guard (an
 * LDAP bind and its base DN, the vendor's token) and the answer says ok or why not, writing nothing.
 */
const suite = useTestServer();
const api = () => suite.admin.system.syncSource;
const db = () => suite.server.ctx.db;
let wecom: OrgFake;
let slapd: Slapd | undefined;
const noSlapd = !existsSync(SLAPD);
if (noSlapd) console.warn(`no ${SLAPD} (Debian's slapd): the LDAP connection tests are skipped`);

const save = async (values: Record<string, unknown>) => String(((await api().submit(values as never)) as { id: string }).id);
const test = (id: string) => api().testConnection(undefined, { id });

beforeAll(async () => {
  wecom = await startWecom(sampleOrganisation());
  if (noSlapd) return;
  const started = await startSlapd(ldifOf([{ path: ['Head'] }], []));
  if (typeof started === 'string') throw new Error(started);
  slapd = started;
});
afterAll(async () => {
  await wecom?.close();
  await slapd?.stop();
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

  it('answers why an address cannot be reached', async () => {
    const closed = await save({ name: 'Nowhere', kind: 'dingtalk', appKey: 'k', secret: 's', apiBase: 'http://127.0.0.1:9/' });
    const answer = await test(closed);
    expect(answer.ok).toBe(false);
    expect(answer.message).toContain(m.apiUnreachable);
  });

  it.skipIf(noSlapd)('binds to a directory and finds its base DN, or names the refused bind', async () => {
    const ldap = { kind: 'ldap', url: slapd?.url, bindDn: ROOT_DN, baseDn: 'dc=example,dc=com' };
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
});
