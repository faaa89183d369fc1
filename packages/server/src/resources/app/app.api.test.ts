import { appMessages, appUserMessages, redirectMessages } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { bad, createRole, createUser, failure, tableSnapshot, useTestServer } from '../../api-suite.testkit.js';
import { catalogueSnapshot, storedApp } from '../../apps/catalogue.testkit.js';
import { hashClientSecret } from '../../kernel/client-secret.js';

/** The catalogue and its grants: the contract's bodies, the secret shown once, and refusals that change nothing. */
const suite = useTestServer();

const APP = '/api/blade-aps/app';
const GRANT = '/api/blade-aps/appuser';
type Row = Record<string, unknown>;
const submit = (body: Row) => suite.admin.call('POST', `${APP}/submit`, undefined, body) as Promise<Row>;
const grant = (body: Row) => suite.admin.call('POST', `${GRANT}/submit`, undefined, body) as Promise<Row>;
const stored = async (id: unknown) => {
  const row = await storedApp(suite.server, { id: String(id) });
  if (!row) throw new Error(`no application ${String(id)}`);
  return row;
};

let serial = 0;
const contractBody = (over: Row = {}) => ({
  appCode: `app_${++serial}`,
  appName: '财务系统',
  appType: '1',
  appCategory: '4',
  appUrl: 'https://finance.example.com/',
  redirectUris: 'https://finance.example.com/callback,https://finance.example.com/cas',
  protocol: 'oidc',
  status: 1,
  ...over,
});

describe('the catalogue', () => {
  it('creates an oidc application from the contract body, answers its secret once and stores only its hash', async () => {
    const row = await submit(contractBody({ appCode: 'finance' }));
    expect(row).toMatchObject({ appCode: 'finance', appName: '财务系统', protocol: 'oidc', status: 1 });
    expect(row.clientSecret).toMatch(/^[\w-]{32}$/);
    const saved = await stored(row.id);
    expect(saved.clientSecret).toBe(hashClientSecret(String(row.clientSecret)));
    expect(saved).toMatchObject({ nameInitials: 'cwxt', namePinyin: 'caiwuxitong' });

    const detail = (await suite.admin.call('GET', `${APP}/detail`, { id: String(row.id) })) as Row;
    expect(detail).toMatchObject({ appCode: 'finance', appTypeName: expect.any(String) });
    expect(detail).not.toHaveProperty('clientSecret');
    expect(detail).not.toHaveProperty('namePinyin');
    const page = (await suite.admin.call('GET', `${APP}/list`, { appCode: 'finance' })) as { records: Row[] };
    expect(page.records.map((r) => 'clientSecret' in r)).toEqual([false]);
    expect(await submit({ id: row.id, appName: '财务共享' })).not.toHaveProperty('clientSecret');
    expect(await stored(row.id)).toMatchObject({ clientSecret: saved.clientSecret, nameInitials: 'cwgx' });
  });

  it('resets the secret: answered once, the stored hash replaced', async () => {
    const row = await submit(contractBody());
    const reset = (await suite.admin.call('POST', `${APP}/reset-secret`, { id: String(row.id) })) as Row;
    expect(reset).toEqual({ id: row.id, appCode: row.appCode, clientSecret: expect.stringMatching(/^[\w-]{32}$/) });
    expect(reset.clientSecret).not.toBe(row.clientSecret);
    expect((await stored(row.id)).clientSecret).toBe(hashClientSecret(String(reset.clientSecret)));
    const link = await submit(contractBody({ protocol: 'link', redirectUris: '' }));
    expect(link).not.toHaveProperty('clientSecret');
    expect(await failure(suite.admin, suite.admin.call('POST', `${APP}/reset-secret`, { id: String(link.id) }))).toEqual(
      bad(appMessages.secretOnlyOidc),
    );
  });

  it.each([
    ['an upper-case appCode', { appCode: 'Finance' }, appMessages.appCodeFormat],
    ['a one-letter appCode', { appCode: 'f' }, appMessages.appCodeFormat],
    ['an appCode with a dot', { appCode: 'fin.ance' }, appMessages.appCodeFormat],
    ['an unknown protocol', { protocol: 'ws-federation' }, appMessages.protocol],
    ['a saml application without entity ID', { protocol: 'saml', samlEntityId: '' }, appMessages.samlEntityIdRequired],
    [
      'a saml application with a certificate that is not one',
      { protocol: 'saml', samlEntityId: 'urn:sp', samlSpCertificate: 'x' },
      appMessages.samlSpCertificate,
    ],
    [
      'a saml application encrypting without certificate',
      { protocol: 'saml', samlEntityId: 'urn:sp', samlEncryptAssertion: 1 },
      appMessages.samlEncryptNeedsCertificate,
    ],
    ['an oidc application without redirect URI', { redirectUris: '' }, appMessages.redirectUrisRequired],
    ['a link application without address', { protocol: 'link', appUrl: '' }, appMessages.appUrlRequired],
    ['an address that is not http(s)', { appUrl: 'javascript:alert(1)' }, appMessages.appUrl],
  ])('refuses %s with 400 and changes nothing', async (_name, over, message) => {
    const before = await catalogueSnapshot(suite.server);
    expect(await failure(suite.admin, submit(contractBody(over)))).toEqual(bad(message));
    expect(await catalogueSnapshot(suite.server)).toEqual(before);
  });

  it.each([
    ['a wildcard', 'https://erp.example.com/*'],
    ['a fragment', 'https://erp.example.com/cb#x'],
    ['a user name', 'https://user@erp.example.com/cb'],
    ['no scheme', '//erp.example.com/cb'],
  ])('refuses a redirect URI with %s, naming it', async (_name, uri) => {
    const before = await catalogueSnapshot(suite.server);
    const refused = await failure(suite.admin, submit(contractBody({ redirectUris: `https://ok.example.com/cb,${uri}` })));
    expect(refused).toMatchObject({ status: 400, code: 400 });
    expect(refused.msg.startsWith(redirectMessages.badRedirectUri)).toBe(true);
    expect(refused.msg).toContain(uri);
    expect(await catalogueSnapshot(suite.server)).toEqual(before);
  });

  it('refuses an appCode already taken in the tenant', async () => {
    await submit(contractBody({ appCode: 'taken' }));
    const before = await catalogueSnapshot(suite.server);
    expect(await failure(suite.admin, submit(contractBody({ appCode: 'taken' })))).toEqual(bad(appMessages.appCodeTaken));
    expect(await catalogueSnapshot(suite.server)).toEqual(before);
  });

  it("registers an application's redirect URIs for its own tenant's callers, never another tenant's", async () => {
    const { registeredRedirect } = await import('../../auth/redirects.js');
    const { isRegisteredForApp } = await import('../../apps/registered-uris.js');
    const ctx = suite.server.ctx;
    const row = await submit(contractBody({ redirectUris: 'https://mes.example.com/sso' }));
    const tenantId = String((await stored(row.id)).tenantId);
    expect((await registeredRedirect(ctx, 'https://mes.example.com/sso/callback?x=1', tenantId))?.href).toBe(
      'https://mes.example.com/sso/callback?x=1',
    );
    // Registered by this tenant: no other tenant's caller, and no anonymous one, may be sent there.
    expect(await registeredRedirect(ctx, 'https://mes.example.com/sso/callback', '999999')).toBeUndefined();
    expect(await registeredRedirect(ctx, 'https://mes.example.com/sso/callback', undefined)).toBeUndefined();
    const saved = await stored(row.id);
    expect(isRegisteredForApp(saved, 'https://mes.example.com/sso/cb')?.href).toBe('https://mes.example.com/sso/cb');
    expect(isRegisteredForApp(saved, 'https://finance.example.com/callback')).toBeUndefined();
    await submit({ id: row.id, status: 0 });
    expect(await registeredRedirect(ctx, 'https://mes.example.com/sso/callback', tenantId)).toBeUndefined();
  });
});

describe('catalogue extras', () => {
  it('binds a data source to an application, refusing a missing one', async () => {
    const app = await submit(contractBody());
    const db = suite.server.ctx.db;
    const datasourceId = suite.server.ctx.ids.next();
    await db
      .insertInto('blade_datasource')
      .values({
        id: datasourceId,
        name: 'erp',
        driverClass: 'org.postgresql.Driver',
        url: 'jdbc:postgresql://db/erp',
        username: 'erp',
        password: 'x',
      })
      .execute();
    const bind = (id: string) => suite.admin.call('POST', `${APP}/datasource`, { appId: String(app.id), datasourceId: id });
    expect(await bind(datasourceId)).toBe(true);
    expect((await stored(app.id)).datasourceId).toBe(datasourceId);
    expect(await failure(suite.admin, bind('123456789'))).toEqual(bad(appMessages.datasourceMissing));
    expect((await stored(app.id)).datasourceId).toBe(datasourceId);
  });

  it('removes an icon by its link: the attachment goes and the application loses its icon', async () => {
    const link = `/oss/icon-${suite.server.ctx.ids.next()}.png`;
    const attachId = suite.server.ctx.ids.next();
    await suite.server.ctx.db.insertInto('blade_attach').values({ id: attachId, link, name: link, originalName: 'icon.png' }).execute();
    const app = await submit(contractBody({ icon: link }));
    expect(await suite.admin.call('GET', `${APP}/attachRemoveByLink`, { link })).toBe(true);
    expect((await stored(app.id)).icon).toBeNull();
    const attach = await suite.server.ctx.db
      .selectFrom('blade_attach')
      .select('isDeleted')
      .where('id', '=', attachId)
      .executeTakeFirstOrThrow();
    expect(attach.isDeleted).toBe(1);
  });
});

describe('grants', () => {
  it('grants by the contract bodies and records each grant and revoke as a security event', async () => {
    const app = await submit(contractBody({ protocol: 'link', redirectUris: '' }));
    const roleId = await createRole(suite.server, { alias: 'grant_role' });
    const userId = await createUser(suite.server, { account: 'granted_one', roleId });
    const deptId = suite.server.ctx.ids.next();
    await suite.server.ctx.db
      .insertInto('blade_dept')
      .values({ id: deptId, parentId: '0', ancestors: '0', deptCategory: 1, deptName: '财务部', fullName: '财务部', sort: 1 })
      .execute();
    const rows = [await grant({ appId: app.id, userId }), await grant({ appId: app.id, roleId }), await grant({ appId: app.id, deptId })];
    expect(rows.map((r) => [r.userId ?? '', r.roleId ?? '', r.deptId ?? ''])).toEqual([
      [userId, '', ''],
      ['', roleId, ''],
      ['', '', deptId],
    ]);
    await suite.admin.call('POST', `${GRANT}/remove`, { ids: String(rows[0]!.id) });
    const events = await suite.server.ctx.db
      .selectFrom('blade_log_usual')
      .select(['logId'])
      .where('logLevel', '=', 'security')
      .where('logId', 'like', 'appuser.%')
      .execute();
    expect(events.map((e) => e.logId).sort()).toEqual(['appuser.create', 'appuser.create', 'appuser.create', 'appuser.remove']);
  });

  it.each([
    ['two targets', (ids: Ids) => ({ appId: ids.app, userId: ids.user, roleId: ids.role }), appUserMessages.oneTarget],
    ['no target', (ids: Ids) => ({ appId: ids.app }), appUserMessages.oneTarget],
    ['a user of no one', (ids: Ids) => ({ appId: ids.app, userId: '123456789' }), appUserMessages.targetMissing],
    ['a missing application', (ids: Ids) => ({ appId: '123456789', userId: ids.user }), appUserMessages.appMissing],
    ['a grant given already', (ids: Ids) => ({ appId: ids.app, userId: ids.user }), appUserMessages.granted],
  ])('refuses a grant with %s and changes nothing', async (_name, body, message) => {
    const ids = await grantFixture();
    const before = await tableSnapshot(suite.server, 'blade_app_user');
    expect(await failure(suite.admin, grant(body(ids)))).toEqual(bad(message));
    expect(await tableSnapshot(suite.server, 'blade_app_user')).toEqual(before);
  });

  it("refuses to grant another tenant's user", async () => {
    const ids = await grantFixture();
    const stranger = await createUser(suite.server, { tenantId: '200001', account: 'stranger', roleId: ids.role });
    const before = await tableSnapshot(suite.server, 'blade_app_user');
    expect(await failure(suite.admin, grant({ appId: ids.app, userId: stranger }))).toEqual(bad(appUserMessages.targetMissing));
    expect(await tableSnapshot(suite.server, 'blade_app_user')).toEqual(before);
  });
});

interface Ids {
  app: string;
  user: string;
  role: string;
}
let fixture: Ids | undefined;
/** One application with a user granted, shared by the refusal cases. */
async function grantFixture(): Promise<Ids> {
  if (fixture) return fixture;
  const app = await submit(contractBody({ protocol: 'link', redirectUris: '' }));
  const role = await createRole(suite.server, { alias: 'fixture_role' });
  const user = await createUser(suite.server, { account: 'fixture_user', roleId: role });
  await grant({ appId: app.id, userId: user });
  fixture = { app: String(app.id), user, role };
  return fixture;
}
