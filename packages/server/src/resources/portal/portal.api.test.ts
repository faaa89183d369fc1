import { portalMessages } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createRole,
  createTenant,
  createUser,
  failure,
  rowCount,
  signIn,
  TEST_PASSWORD,
  type TrackedClient,
  trackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';
import { insertAppRow } from '../../apps/catalogue.testkit.js';

/**
 * The portal: a user sees, searches, favourites, reads and opens only the enabled applications
 * granted to them, to a role they hold or to their department or one above it.
 */
const suite = useTestServer();

const PORTAL = '/api/blade-portal/client/app';
type Row = Record<string, unknown>;
const NOT_YOURS = { status: 404, code: 404, msg: portalMessages.appMissing };

let alice: TrackedClient;
let bob: TrackedClient;
const ids: Record<string, string> = {};
let aliceId = '';
let roleA = '';
let groupDept = '';

const admin = (method: 'GET' | 'POST', path: string, query?: Row, body?: Row) =>
  suite.admin.call(method, path, query as Record<string, string>, body) as Promise<Row>;
const portal = (who: TrackedClient, path: string, query?: Record<string, string>) =>
  who.call('GET', `${PORTAL}/${path}`, query) as Promise<unknown>;
const codes = async (who: TrackedClient, path = 'list', query?: Record<string, string>) =>
  ((await portal(who, path, query)) as Row[]).map((row) => row.appCode).sort();

async function addApp(appCode: string, appName: string, over: Row = {}): Promise<string> {
  const row = await admin('POST', '/api/blade-aps/app/submit', undefined, {
    appCode,
    appName,
    appType: '1',
    appCategory: '1',
    appUrl: `https://${appCode.replace(/_/g, '-')}.example.com/`,
    redirectUris: '',
    protocol: 'link',
    status: 1,
    ...over,
  });
  ids[appCode] = String(row.id);
  return String(row.id);
}
const grant = (body: Row) => admin('POST', '/api/blade-aps/appuser/submit', undefined, body);

async function addDept(name: string, parentId = '0', ancestors = '0'): Promise<string> {
  const id = suite.server.ctx.ids.next();
  await suite.server.ctx.db
    .insertInto('blade_dept')
    .values({ id, parentId, ancestors, deptCategory: 1, deptName: name, fullName: name, sort: 1 })
    .execute();
  return id;
}

beforeAll(async () => {
  const group = await addDept('集团');
  groupDept = group;
  const finance = await addDept('财务部', group, `0,${group}`);
  roleA = await createRole(suite.server, { alias: 'staff_a' });
  const roleB = await createRole(suite.server, { alias: 'staff_b' });
  aliceId = await createUser(suite.server, { account: 'alice', roleId: roleA, deptId: finance });
  await createUser(suite.server, { account: 'bob', roleId: roleB });
  alice = await signIn(suite.server, { account: 'alice', password: TEST_PASSWORD });
  bob = await signIn(suite.server, { account: 'bob', password: TEST_PASSWORD });

  await grant({ appId: await addApp('finance', '财务系统', { appType: '3' }), userId: aliceId });
  await grant({ appId: await addApp('mes', '生产执行系统'), roleId: roleA });
  await grant({ appId: await addApp('hr', '人力资源'), deptId: group });
  await grant({ appId: await addApp('closed', '停用系统', { status: 0 }), userId: aliceId });
  await addApp('everyone', '公告门户', { visibility: 2 });
  await addApp('ungranted', '未授权系统');

  // Another tenant's application, granted (wrongly) to alice's id: still not hers to see.
  await createTenant(suite.server, '300001');
  const foreign = suite.server.ctx.ids.next();
  await insertAppRow(suite.server, {
    id: foreign,
    tenantId: '300001',
    appCode: 'foreign',
    appName: '外部系统',
    protocol: 'link',
    appUrl: 'https://x.example.com/',
  });
  await suite.server.ctx.db
    .insertInto('blade_app_user')
    .values({ id: suite.server.ctx.ids.next(), tenantId: '300001', appId: foreign, userId: aliceId })
    .execute();
  ids.foreign = foreign;
});

describe('what a user sees', () => {
  it('lists the applications granted to the user, a role they hold or their department or one above it, enabled, of their tenant', async () => {
    expect(await codes(alice)).toEqual(['everyone', 'finance', 'hr', 'mes']);
    expect(await codes(bob)).toEqual(['everyone']);
    const [row] = (await portal(alice, 'list', { appName: '财务' })) as Row[];
    expect(row).toEqual(
      expect.objectContaining({
        id: ids.finance,
        appCode: 'finance',
        appName: '财务系统',
        appType: '3',
        appUrl: 'https://finance.example.com/',
        protocol: 'link',
      }),
    );
    expect(Object.keys(row ?? {})).not.toContain('clientSecret');
    expect(Object.keys(row ?? {})).not.toContain('redirectUris');
  });

  it('finds applications by contained text, pinyin initials and full pinyin, only among those visible', async () => {
    for (const text of ['财务', 'cw', 'CW', 'caiwu', 'cai wu', 'cwxt', 'xitong']) {
      expect(await codes(alice, 'getSearchAppList', { appName: text }), text).toEqual(text === 'xitong' ? ['finance', 'mes'] : ['finance']);
    }
    expect(await codes(alice, 'getSearchAppList', { appName: 'rlzy' })).toEqual(['hr']);
    expect(await codes(bob, 'getSearchAppList', { appName: 'cw' })).toEqual([]);
    expect(await codes(alice, 'getSearchAppList', { appName: 'tingyong' })).toEqual([]);
    expect(await codes(alice, 'getSearchAppList', { appName: 'wbxt' })).toEqual([]);
  });

  it('counts and groups by type only what the user may open', async () => {
    const counts = (await portal(alice, 'typeCount')) as Row[];
    expect(counts.map((c) => [c.appType, c.count]).sort()).toEqual([
      ['1', 3],
      ['3', 1],
    ]);
    const groups = (await portal(bob, 'getAppListByType')) as { appType: string; apps: Row[] }[];
    expect(groups.map((g) => [g.appType, g.apps.map((a) => a.appCode)])).toEqual([['1', ['everyone']]]);
  });

  it("names an application's type in the caller's language: the dictionary's English label for Accept-Language: en", async () => {
    const english = await signIn(suite.server, { account: 'alice', password: TEST_PASSWORD }, { language: 'en' });
    const typeNames = async (who: TrackedClient) =>
      Object.fromEntries(((await portal(who, 'typeCount')) as Row[]).map((c) => [c.appType, c.appTypeName]));
    expect(await typeNames(english)).toEqual({ 1: 'Office', 3: 'Operations management' });
    expect(await typeNames(alice)).toEqual({ 1: '办公协同', 3: '经营管理' });
    expect(await portal(english, 'detail', { id: ids.finance! })).toMatchObject({ appTypeName: 'Operations management' });
    const groups = (await portal(english, 'getAppListByType')) as Row[];
    expect(groups.map((g) => g.appTypeName).sort()).toEqual(['Office', 'Operations management']);
  });

  it('answers detail of a visible application and refuses an invisible, disabled or foreign one as a missing one', async () => {
    expect(await portal(alice, 'detail', { id: ids.finance! })).toMatchObject({ appCode: 'finance', favorite: false, recentOpens: [] });
    const missing = await failure(alice, portal(alice, 'detail', { id: '123456789' }) as Promise<unknown>);
    expect(missing).toEqual(NOT_YOURS);
    for (const id of [ids.ungranted, ids.closed, ids.foreign])
      expect(await failure(alice, portal(alice, 'detail', { id: id! }))).toEqual(missing);
    expect(await failure(bob, portal(bob, 'detail', { id: ids.finance! }))).toEqual(missing);
  });
});

describe('favourites and opens', () => {
  it('toggles a favourite of a visible application and refuses an invisible one, writing nothing', async () => {
    expect(await portal(alice, 'saveAppFavorites', { appId: ids.mes! })).toEqual({ favorite: true });
    expect(((await portal(alice, 'getAppFavoritesPage')) as { records: Row[] }).records.map((r) => r.appCode)).toEqual(['mes']);
    expect(await portal(alice, 'detail', { id: ids.mes! })).toMatchObject({ favorite: true });
    expect(await portal(alice, 'saveAppFavorites', { appId: ids.mes! })).toEqual({ favorite: false });
    expect(((await portal(alice, 'getAppFavoritesPage')) as { total: number }).total).toBe(0);

    const before = await rowCount(suite.server, 'blade_app_favorites');
    for (const id of [ids.finance, ids.closed, ids.foreign])
      expect(await failure(bob, portal(bob, 'saveAppFavorites', { appId: id! }))).toEqual(NOT_YOURS);
    expect(await rowCount(suite.server, 'blade_app_favorites')).toBe(before);
  });

  it('opens a visible application: exactly one login-log row, recently visited, the own log page and chart', async () => {
    const before = await rowCount(suite.server, 'blade_app_login_log');
    expect(await portal(alice, 'open', { id: ids.finance! })).toEqual({
      id: ids.finance,
      appCode: 'finance',
      protocol: 'link',
      url: 'https://finance.example.com/',
    });
    expect(await rowCount(suite.server, 'blade_app_login_log')).toBe(before + 1);
    const log = await suite.server.ctx.db.selectFrom('blade_app_login_log').selectAll().where('account', '=', 'alice').execute();
    expect(log).toEqual([
      expect.objectContaining({
        appCode: 'finance',
        appName: '财务系统',
        appType: '3',
        account: 'alice',
        name: 'alice',
        tenantId: '000000',
        loginCity: '本机',
      }),
    ]);
    const recent = (await portal(alice, 'recentlyVisited')) as Row[];
    expect(recent.map((r) => r.appCode)).toEqual(['finance']);
    const page = (await portal(alice, 'getAppLogPage')) as { records: Row[]; total: number };
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ appCode: 'finance', account: 'alice' });
    expect(((await portal(bob, 'getAppLogPage')) as { total: number }).total).toBe(0);
    const chart = (await portal(alice, 'getAppChartData')) as Row[];
    expect(chart.map((c) => c.count)).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(((await portal(alice, 'detail', { id: ids.finance! })) as { recentOpens: Row[] }).recentOpens).toHaveLength(1);
  });

  it('names where an application was opened from in the language asked for (本机 is This machine in English)', async () => {
    const english = await signIn(suite.server, { account: 'alice', password: TEST_PASSWORD }, { language: 'en' });
    const detail = (await portal(english, 'detail', { id: ids.finance! })) as { recentOpens: Row[] };
    expect(detail.recentOpens.map((open) => open.loginCity)).toEqual(['This machine']);
    const page = (await portal(english, 'getAppLogPage')) as { records: Row[] };
    expect(page.records.map((row) => row.loginCity)).toEqual(['This machine']);
    const englishAdmin = await signIn(suite.server, { account: 'admin', password: 'admin' }, { language: 'en' });
    const adminPage = (await englishAdmin.call('GET', '/api/blade-aps/apploginlog/list', { account: 'alice' })) as { records: Row[] };
    expect(adminPage.records.map((row) => row.loginCity)).toEqual(['This machine']);
    expect(((await portal(alice, 'getAppLogPage')) as { records: Row[] }).records.map((row) => row.loginCity)).toEqual(['本机']);
  });

  it('refuses to open what the user may not open, writing nothing', async () => {
    const before = await rowCount(suite.server, 'blade_app_login_log');
    for (const id of [ids.ungranted, ids.closed, ids.foreign])
      expect(await failure(alice, portal(alice, 'open', { id: id! }))).toEqual(NOT_YOURS);
    expect(await failure(bob, portal(bob, 'open', { id: ids.finance! }))).toEqual(NOT_YOURS);
    expect(await rowCount(suite.server, 'blade_app_login_log')).toBe(before);
  });

  it('answers where a sign-on application starts', async () => {
    await grant({
      appId: await addApp('cas_app', 'CAS 应用', { protocol: 'cas', redirectUris: 'https://cas-app.example.com/login/cas' }),
      userId: aliceId,
    });
    expect(await portal(alice, 'open', { id: ids.cas_app! })).toMatchObject({
      protocol: 'cas',
      url: `/cas/login?service=${encodeURIComponent('https://cas-app.example.com/login/cas')}`,
    });
  });
});

describe('changes take effect at once', () => {
  it('a revoked user, role or department grant and a disabled application leave the list on the next call', async () => {
    const grants = (await admin('GET', '/api/blade-aps/appuser/list', { appId: ids.finance! })) as unknown as { records: Row[] };
    expect(await codes(alice)).toContain('finance');
    await admin('POST', '/api/blade-aps/appuser/remove', { ids: grants.records.map((g) => g.id).join(',') });
    expect(await codes(alice)).not.toContain('finance');
    expect(await failure(alice, portal(alice, 'open', { id: ids.finance! }))).toEqual(NOT_YOURS);

    const roleGrants = (await admin('GET', '/api/blade-aps/appuser/list', { roleId: roleA })) as unknown as { records: Row[] };
    await admin('POST', '/api/blade-aps/appuser/remove', { ids: roleGrants.records.map((g) => g.id).join(',') });
    expect(await codes(alice)).not.toContain('mes');

    const deptGrants = (await admin('GET', '/api/blade-aps/appuser/list', { deptId: groupDept })) as unknown as { records: Row[] };
    await admin('POST', '/api/blade-aps/appuser/remove', { ids: deptGrants.records.map((g) => g.id).join(',') });
    expect(await codes(alice)).toEqual(['cas_app', 'everyone']);
    await grant({ appId: ids.hr, deptId: groupDept });
    expect(await codes(alice)).toEqual(['cas_app', 'everyone', 'hr']);

    await admin('POST', '/api/blade-aps/app/submit', undefined, { id: ids.hr, status: 0 });
    expect(await codes(alice)).toEqual(['cas_app', 'everyone']);
    await admin('POST', '/api/blade-aps/app/submit', undefined, { id: ids.hr, status: 1 });
    expect(await codes(alice)).toEqual(['cas_app', 'everyone', 'hr']);
  });
});

describe('admin views and friendly links', () => {
  it('pages the login log, its charts and the analysis', async () => {
    const page = (await admin('GET', '/api/blade-aps/apploginlog/page', { account: 'alice' })) as { records: Row[] };
    expect(page.records.map((r) => r.appCode)).toEqual(['cas_app', 'finance']);
    // Every day of the week is a point: the two opens today, the quiet days before as 0.
    const perDay = (await admin('GET', '/api/blade-aps/apploginlog/getAppLogEchart')) as unknown as Row[];
    expect(perDay.length).toBeGreaterThanOrEqual(7);
    expect(perDay.at(-1)?.count).toBe(2);
    expect(perDay.slice(0, -1).every((r) => r.count === 0)).toBe(true);
    expect(new Set(perDay.map((r) => r.day)).size).toBe(perDay.length);
    expect(await admin('GET', '/api/blade-aps/apploginlog/getAppLogVisit')).toEqual(
      expect.arrayContaining([
        { name: '财务系统', value: 1 },
        { name: 'CAS 应用', value: 1 },
      ]),
    );
    // Named by the app_type dictionary: 3 经营管理 (finance), 1 办公协同 (cas_app).
    expect(await admin('GET', '/api/blade-aps/apploginlog/getAppLogChartType')).toEqual(
      expect.arrayContaining([
        { name: '经营管理', value: 1 },
        { name: '办公协同', value: 1 },
      ]),
    );
    const analysis = (await admin('GET', '/api/blade-aps/appanalysis/page', { filters: 'finance' })) as { records: Row[] };
    expect(analysis.records).toEqual([expect.objectContaining({ appCode: 'finance', opens: 1, users: 1, lastOpen: expect.any(String) })]);
    const same = (await admin('GET', '/api/blade-aps/app/analyzePage', { filters: 'finance' })) as { records: Row[] };
    expect(same.records).toEqual(analysis.records);
  });

  it('serves friendly links to administrators and, enabled ones, to anyone', async () => {
    await admin('POST', '/api/blade-portal/friendlylink/submit', undefined, {
      linkName: '集团官网',
      linkUrl: 'https://group.example.com/',
      sort: 1,
    });
    await admin('POST', '/api/blade-portal/friendlylink/submit', undefined, {
      linkName: '停用',
      linkUrl: 'https://off.example.com/',
      sort: 2,
      status: 0,
    });
    const anyone = trackedClient(suite.server);
    const links = (await anyone.call('GET', '/api/blade-portal/client/friendly/getFriendlyLink')) as Row[];
    expect(links.map((l) => l.linkName)).toEqual(['集团官网']);
  });
});
