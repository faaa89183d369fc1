import { defineResource, md5, zh } from '@sso/shared-api';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createTenantWithAdmin,
  createUser,
  createUserWithRole,
  FORBIDDEN,
  failure,
  signInAdmin,
  type TestUser,
  tableSnapshot,
  trackedClient,
  useTestServer,
} from '../api-suite.testkit.js';
import { OfflineCityResolver } from './ip-city.js';
import { LogRecorder } from './log-recorder.js';
import { callShape } from './log-rows.js';
import { purgeOldLogs } from './retention.js';

/** A resource over a missing table: its list fails in the database, a real 500. */
const broken = defineResource({
  service: 'blade-test',
  name: 'broken',
  table: 'no_such_table',
  tenantScoped: false,
  permission: 'param',
  routes: 'read',
  entity: z.object({}),
  view: { title: ['坏的', 'Broken'], columns: [] },
});

const suite = useTestServer({}, { testResources: [broken] });
let tenantAdmin: TestUser;
let usualViewer: TestUser;

beforeAll(async () => {
  tenantAdmin = await createTenantWithAdmin(suite.server, '310001');
  usualViewer = await createUserWithRole(suite.server, { account: 'usual_viewer', menuCodes: ['log_usual'] });
});

const apiRows = async (uriPart: string) => {
  await suite.server.ctx.logs.flush();
  return suite.server.ctx.db.selectFrom('blade_log_api').selectAll().where('requestUri', 'like', `%${uriPart}%`).execute();
};

describe('api log', () => {
  it('records a call with who, where, how long and its code, secrets stripped', async () => {
    await suite.admin.call('GET', '/api/blade-system/param/list', {
      paramKey: 'logmark1',
      password: 'hunter2',
      newPassword1: 'n1',
      access_token: 't',
    });
    const [row] = await apiRows('logmark1');
    expect(row).toMatchObject({ tenantId: '000000', createBy: 'admin', serviceId: 'blade-system', method: 'GET', resultCode: 200 });
    expect(row?.requestUri).toBe('/api/blade-system/param/list?paramKey=logmark1&password=***&newPassword1=***&access_token=***');
    expect(row?.remoteIp).toBe('127.0.0.1');
    expect(row?.methodName).toBe('/api/blade-system/param/list');
    expect(Number(row?.time)).toBeGreaterThanOrEqual(0);
    const page = await suite.admin.log.api.page({ requestUri: 'logmark1' });
    expect(page.records.map((r) => r.id)).toEqual([row?.id]);
    expect(await suite.admin.log.api.detail(row?.id ?? '')).toMatchObject({ requestUri: row?.requestUri, resultCode: 200 });
  });

  it('never writes the password of a sign-in', async () => {
    const sdk = trackedClient(suite.server);
    await sdk.login({ username: 'admin', password: 'admin' });
    const rows = await apiRows('/oauth/token');
    const digest = md5('admin');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(`${row.requestUri} ${row.params}`).not.toContain(digest);
    expect(rows.at(-1)?.params).toContain('"password":"***"');
  });

  it('keeps every entry of a burst of 2,000 requests', async () => {
    const before = suite.server.ctx.logs.dropped + suite.server.ctx.logs.failed;
    for (let wave = 0; wave < 20; wave++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => suite.admin.call('GET', '/api/blade-system/param/list', { paramKey: `burst-${wave}-${i}` })),
      );
    }
    const rows = await apiRows('paramKey=burst-');
    expect(rows.length).toBe(2000);
    expect(new Set(rows.map((r) => r.requestUri)).size).toBe(2000);
    expect(suite.server.ctx.logs.dropped + suite.server.ctx.logs.failed).toBe(before);
  });

  it('puts a request that failed with 500 in the error log with its stack', async () => {
    expect((await failure(suite.admin, suite.admin.call('GET', '/api/blade-test/broken/list'))).status).toBe(500);
    await suite.server.ctx.logs.flush();
    const rows = await suite.server.ctx.db
      .selectFrom('blade_log_error')
      .selectAll()
      .where('requestUri', 'like', '/api/blade-test/broken/list%')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: '000000', createBy: 'admin', method: 'GET', serviceId: 'blade-test' });
    expect(rows[0]?.message).toContain('no_such_table');
    expect(rows[0]?.stackTrace).toContain('\n    at ');
    expect((await apiRows('/api/blade-test/broken/list'))[0]?.resultCode).toBe(500);
    const listed = await suite.admin.log.error.page({ requestUri: 'blade-test/broken' });
    expect(listed.records.map((r) => r.id)).toEqual([rows[0]?.id]);
  });

  it('drops cached totals of a log table once new entries are stored in it', async () => {
    const { cache } = suite.server.ctx;
    await cache.get('blade_log_usual', 'count|remembered', async () => 12_345);
    expect(cache.peek('blade_log_usual', 'count|remembered')).toBe(12_345);
    suite.server.ctx.logs.usual('info', 'cache-drop', 'x');
    await suite.server.ctx.logs.flush();
    expect(cache.peek('blade_log_usual', 'count|remembered')).toBeUndefined();
  });

  it('bounds the queue: what overflows is counted and reported in the usual log', async () => {
    const recorder = new LogRecorder(suite.server.ctx.db, suite.server.ctx.ids, { capacity: 3 });
    for (let i = 0; i < 5; i++) recorder.usual('info', `overflow-${i}`, i);
    expect([recorder.pending, recorder.dropped]).toEqual([3, 2]);
    await recorder.flush();
    const rows = await suite.server.ctx.db
      .selectFrom('blade_log_usual')
      .select(['logId', 'logLevel', 'logData'])
      .where((eb) => eb.or([eb('logId', 'like', 'overflow-%'), eb('logId', '=', 'log-queue-full')]))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.logId)).toEqual(['overflow-0', 'overflow-1', 'overflow-2', 'log-queue-full']);
    expect(rows[3]).toMatchObject({ logLevel: 'warn', logData: '{"dropped":2,"capacity":3}' });
    expect([recorder.pending, recorder.failed]).toEqual([0, 0]);
  });

  it('stores shared, varying and awkward values of one batch exactly', async () => {
    // Control characters take the driver's array encoding, the rest the JSON-made literal.
    const awkward = ['line\nbreak', '"quoted" back\\slash', 'tab\there', 'null', '', '中文 \u{1F600}', 'NULL', '{a,b}', 'bell\u0007'];
    const recorder = new LogRecorder(suite.server.ctx.db, suite.server.ctx.ids);
    // No control character here: this column takes the JSON-made literal.
    const uris = ['/api/x', '/api/"q" \\b {a,b}', 'NULL'];
    for (const [i, text] of awkward.entries()) {
      recorder.usual('info', `awkward-${i}`, text, { method: 'POST', requestUri: uris[i % 3], createUser: i % 2 ? '7' : null });
    }
    await recorder.flush();
    const rows = await suite.server.ctx.db
      .selectFrom('blade_log_usual')
      .select(['logId', 'logData', 'createUser', 'method', 'requestUri', 'tenantId'])
      .where('logId', 'like', 'awkward-%')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.logData)).toEqual(awkward);
    expect(rows.map((r) => r.requestUri)).toEqual(awkward.map((_, i) => uris[i % 3]));
    expect(rows.map((r) => r.createUser)).toEqual(awkward.map((_, i) => (i % 2 ? '7' : null)));
    expect(new Set(rows.map((r) => `${r.tenantId} ${r.method}`))).toEqual(new Set(['000000 POST']));
  });

  it('keeps a call whose URL has a malformed escape, secrets still hidden', async () => {
    const url = '/api/blade-test/escape?mark=%E0%A4%A&password=x';
    suite.server.ctx.logs.api({
      method: 'GET',
      shape: callShape('GET', url, { mark: '%E0%A4%A', password: 'x' }, () => ({})),
      ip: '127.0.0.1',
      userAgent: undefined,
      tenantHeader: undefined,
      caller: undefined,
      elapsedMs: 1,
      status: 404,
    });
    const [row] = await apiRows('/api/blade-test/escape');
    expect(row).toMatchObject({ requestUri: '/api/blade-test/escape?mark=%E0%A4%A&password=***', resultCode: 404 });
    expect(row?.params).toBe('{"mark":"%E0%A4%A","password":"***"}');
  });

  it('lists usual entries the application writes', async () => {
    suite.server.ctx.logs.usual('warn', 'order-42', { note: '库存不足' });
    await suite.server.ctx.logs.flush();
    const page = await suite.admin.log.usual.page({ logId: 'order-42' });
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ logLevel: 'warn', logId: 'order-42', logData: '{"note":"库存不足"}', tenantId: '000000' });
  });
});

describe('sign-in log', () => {
  it('records successes and failures with reason, address and city', async () => {
    const roleId = (
      await suite.server.ctx.db.selectFrom('blade_role').select('id').where('roleAlias', '=', 'administrator').executeTakeFirstOrThrow()
    ).id;
    await createUser(suite.server, { account: 'frozen', roleId, status: 0 });
    const sdk = trackedClient(suite.server);
    await expect(sdk.login({ username: 'admin', password: 'wrong' })).rejects.toThrow(zh('badCredentials'));
    await expect(sdk.login({ username: 'frozen', password: 'Test@12345' })).rejects.toThrow(zh('accountDisabled'));
    await sdk.login({ username: 'admin', password: 'admin' });
    await suite.server.ctx.logs.flush();
    const rows = await suite.server.ctx.db.selectFrom('blade_log_login').selectAll().orderBy('id', 'desc').limit(3).execute();
    expect(rows.map((r) => [r.account, r.success, r.reason])).toEqual([
      ['admin', 1, '登录成功'],
      ['frozen', 0, zh('accountDisabled')],
      ['admin', 0, zh('badCredentials')],
    ]);
    for (const row of rows) expect(row).toMatchObject({ tenantId: '000000', remoteIp: '127.0.0.1', city: '本机', clientId: 'saber' });
    const failed = await suite.admin.log.login.page({ account: 'frozen', success: '0' });
    expect(failed.records.map((r) => r.reason)).toEqual([zh('accountDisabled')]);
  });

  it('answers the recorded reasons and cities in English to an English caller, and keeps them in Chinese', async () => {
    const sdk = trackedClient(suite.server);
    await expect(sdk.login({ username: 'admin', password: 'wrong-again' })).rejects.toThrow(zh('badCredentials'));
    await suite.server.ctx.logs.flush();
    const english = await signInAdmin(suite.server, { language: 'en' });
    const rows = (await english.log.login.page({ account: 'admin', size: 100 })).records;
    expect(rows.map((r) => r.reason)).toContain('Wrong account or password');
    expect(rows.map((r) => r.reason)).toContain('Signed in');
    expect(new Set(rows.map((r) => r.city))).toEqual(new Set(['This machine']));
    const detail = await english.log.login.detail(String(rows[0]?.id));
    expect(detail).toMatchObject({ city: 'This machine' });
    // Stored, and answered to everyone else, as recorded.
    const chinese = (await suite.admin.log.login.page({ account: 'admin', size: 100 })).records;
    expect(chinese.map((r) => r.reason)).toContain('用户名或密码错误');
    expect(new Set(chinese.map((r) => r.city))).toEqual(new Set(['本机']));
  });

  it('resolves cities offline: this machine, private networks, unknown', () => {
    const cities = new OfflineCityResolver();
    expect(['127.0.0.1', '::1', '10.1.2.3', '192.168.0.9', '172.20.0.1', '8.8.8.8', 'bogus'].map((ip) => cities.city(ip))).toEqual([
      '本机',
      '本机',
      '内网IP',
      '内网IP',
      '内网IP',
      '未知',
      '未知',
    ]);
  });
});

describe('log access', () => {
  it('offers no submit or remove: audit rows cannot be changed through the API', async () => {
    const before = await tableSnapshot(suite.server, 'blade_log_api');
    expect(await failure(suite.admin, suite.admin.log.api.submit({ requestUri: '/forged' }))).toMatchObject({ status: 404, code: 404 });
    const id = String((before[0] as { id: string }).id);
    expect(await failure(suite.admin, suite.admin.log.api.remove(id))).toMatchObject({ status: 404, code: 404 });
    expect(await failure(suite.admin, suite.admin.log.error.remove(id))).toMatchObject({ status: 404 });
    expect(await failure(suite.admin, suite.admin.log.login.submit({ account: 'x' }))).toMatchObject({ status: 404 });
    const after = (await tableSnapshot(suite.server, 'blade_log_api')) as { id: string }[];
    expect(after.filter((r) => before.some((b) => (b as { id: string }).id === r.id))).toEqual(before);
  });

  it('needs the menu of each log', async () => {
    expect((await usualViewer.sdk.log.usual.page()).total).toBeGreaterThan(0);
    expect(await failure(usualViewer.sdk, usualViewer.sdk.log.api.page())).toEqual(FORBIDDEN);
    expect(await failure(usualViewer.sdk, usualViewer.sdk.log.error.page())).toEqual(FORBIDDEN);
    expect(await failure(usualViewer.sdk, usualViewer.sdk.log.login.page())).toEqual(FORBIDDEN);
  });

  it('shows a tenant only its own entries', async () => {
    await tenantAdmin.sdk.call('GET', '/api/blade-system/dict/list', { code: 'tenantmark' });
    await suite.server.ctx.logs.flush();
    const own = await tenantAdmin.sdk.log.api.page({ size: 100 });
    expect(own.total).toBeGreaterThan(0);
    expect(new Set(own.records.map((r) => r.tenantId))).toEqual(new Set(['310001']));
    const platformRow = (await apiRows('logmark1'))[0];
    expect(await tenantAdmin.sdk.log.api.detail(platformRow?.id ?? '')).toBeNull();
    const signIns = await tenantAdmin.sdk.log.login.page();
    expect(signIns.records.map((r) => r.account)).toEqual(['admin']);
    expect(signIns.records[0]?.tenantId).toBe('310001');
  });
});

describe('retention', () => {
  it('purges entries older than log.retentionDays and keeps newer ones', async () => {
    const old = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    const recent = new Date(Date.now() - 20 * 24 * 3600 * 1000);
    const [oldId, recentId] = [suite.server.ctx.ids.next(), suite.server.ctx.ids.next()];
    await suite.server.ctx.db
      .insertInto('blade_log_usual')
      .values([
        { id: oldId, logId: 'aged', createTime: old },
        { id: recentId, logId: 'aged', createTime: recent },
      ])
      .execute();
    await sql`update blade_param set param_value = '30' where param_key = 'log.retentionDays'`.execute(suite.server.ctx.db);
    suite.server.ctx.cache.invalidate('blade_param');
    const removed = await purgeOldLogs(suite.server.ctx);
    expect(removed.blade_log_usual).toBe(1);
    const left = await suite.server.ctx.db.selectFrom('blade_log_usual').select('id').where('logId', '=', 'aged').execute();
    expect(left.map((r) => r.id)).toEqual([recentId]);
    const seeded = await suite.server.ctx.db
      .selectFrom('blade_param')
      .select('paramValue')
      .where('paramKey', '=', 'log.retentionDays')
      .execute();
    expect(seeded).toHaveLength(1);
  });
});
