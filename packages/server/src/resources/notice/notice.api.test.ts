import { noticeMessages, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUser,
  createUserWithRole,
  FORBIDDEN,
  failure,
  type TestUser,
  tableSnapshot,
  trackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';

/** Notices (blade-desk/notice) and the dashboard calls (blade-desk/dash). */
const suite = useTestServer();
let tenantN: TestUser;
let noticeViewer: TestUser;

beforeAll(async () => {
  tenantN = await createTenantWithAdmin(suite.server, '320001');
  noticeViewer = await createUserWithRole(suite.server, { account: 'notice_viewer', menuCodes: ['notice'] });
});

const snapshot = () => tableSnapshot(suite.server, 'blade_notice');
const valid = { title: '放假通知', category: 1, releaseTime: '2026-10-01 09:00:00', content: '<p>国庆放假七天</p>' };

describe('notice', () => {
  it('adds, reads, lists, updates and removes a notice', async () => {
    const row = await suite.admin.desk.notice.submit(valid);
    expect(row).toMatchObject({ ...valid, tenantId: '000000', isDeleted: 0 });
    expect(await suite.admin.desk.notice.detail(row.id)).toEqual(row);
    expect((await suite.admin.desk.notice.page({ title: '放假', category: 1 })).records.map((r) => r.id)).toEqual([row.id]);
    expect((await suite.admin.desk.notice.page({ category: 6 })).records).toEqual([]);
    expect(await suite.admin.desk.notice.submit({ id: row.id, category: '6', title: '会议' })).toMatchObject({
      category: 6,
      title: '会议',
    });
    expect(await suite.admin.desk.notice.remove(row.id)).toBe(true);
    expect(await suite.admin.desk.notice.detail(row.id)).toBeNull();
  });

  it('refuses bad input with its message and changes nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, title: ' ' }, noticeMessages.title],
      [{ ...valid, category: 99 }, noticeMessages.category],
      [{ ...valid, category: 'x' }, noticeMessages.category],
      [{ ...valid, releaseTime: '2026-02-30' }, noticeMessages.releaseTime],
      [{ ...valid, releaseTime: undefined }, noticeMessages.releaseTime],
    ];
    for (const [body, msg] of cases)
      expect(await failure(suite.admin, suite.admin.desk.notice.submit(body as typeof valid))).toEqual(bad(msg));
    expect(await snapshot()).toEqual(before);
  });

  it('answers in English when asked', async () => {
    const en = trackedClient(suite.server, { language: 'en' });
    await en.login({ username: 'admin', password: 'admin' });
    expect(await failure(en, en.desk.notice.submit({ ...valid, category: 99 }))).toEqual(bad('Please choose the notice type'));
  });

  it('keeps notices to their tenant and needs the buttons to write', async () => {
    const mine = await tenantN.sdk.desk.notice.submit({ ...valid, title: '租户通知' });
    expect(mine.tenantId).toBe('320001');
    expect((await suite.admin.desk.notice.page({ title: '租户通知' })).total).toBe(0);
    expect(await suite.admin.desk.notice.detail(mine.id)).toBeNull();
    const before = await snapshot();
    expect((await failure(suite.admin, suite.admin.desk.notice.remove(mine.id))).msg).toBe('数据不存在或已删除');
    expect(await snapshot()).toEqual(before);
    expect((await noticeViewer.sdk.desk.notice.page()).total).toBeGreaterThanOrEqual(0);
    expect(await failure(noticeViewer.sdk, noticeViewer.sdk.desk.notice.submit(valid))).toEqual(FORBIDDEN);
    expect(await failure(noticeViewer.sdk, noticeViewer.sdk.desk.notice.remove(mine.id))).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(before);
  });
});

describe('dash', () => {
  it('counts the users of the caller tenant by type, with dictionary labels', async () => {
    const roleId = tenantN.roleId;
    await createUser(suite.server, { tenantId: '320001', account: 'app_user', roleId });
    await suite.server.ctx.db.updateTable('blade_user').set({ userType: 2 }).where('account', '=', 'app_user').execute();
    expect(await tenantN.sdk.desk.dash.findUserByType()).toEqual([
      { userType: 1, label: 'web', count: 1 },
      { userType: 2, label: 'app', count: 1 },
      { userType: 3, label: 'other', count: 0 },
    ]);
    const platform = await suite.admin.desk.dash.findUserByType();
    const platformUsers = await suite.server.ctx.db
      .selectFrom('blade_user')
      .select('id')
      .where('tenantId', '=', '000000')
      .where('isDeleted', '=', 0)
      .execute();
    expect(platform.reduce((sum, t) => sum + t.count, 0)).toBe(platformUsers.length);
  });

  it('pages the applications missing a redirect URI or a description', async () => {
    const add = (clientId: string, redirect: string | null, info: string | null) =>
      suite.server.ctx.db
        .insertInto('blade_client')
        .values({
          id: suite.server.ctx.ids.next(),
          clientId,
          clientSecret: 'x',
          scope: 'all',
          authorizedGrantTypes: 'password',
          webServerRedirectUri: redirect,
          additionalInformation: info,
          accessTokenValidity: 3600,
          refreshTokenValidity: 7200,
        })
        .execute();
    await add('miss_both', null, ' ');
    await add('miss_info', 'https://app.example/cb', null);
    await add('complete', 'https://app.example/cb', '{"owner":"ops"}');
    const all = await suite.admin.desk.dash.selectAppMissPage({ size: 100 });
    const byId = new Map(all.records.map((r) => [r.clientId, r.missing]));
    expect(byId.get('miss_both')).toEqual(['redirectUri', 'description']);
    expect(byId.get('miss_info')).toEqual(['description']);
    expect(byId.has('complete')).toBe(false);
    expect(all.total).toBe(all.records.length);
    const first = await suite.admin.desk.dash.selectAppMissPage({ current: 1, size: 10 });
    expect(first).toMatchObject({ current: 1, size: 10, total: all.total, pages: Math.ceil(all.total / 10) });
    expect(await failure(suite.admin, suite.admin.desk.dash.selectAppMissPage({ size: 7 }))).toEqual(bad(zh('badPageSize')));
    expect(await failure(tenantN.sdk, tenantN.sdk.desk.dash.selectAppMissPage())).toEqual(FORBIDDEN);
    expect(await failure(noticeViewer.sdk, noticeViewer.sdk.desk.dash.selectAppMissPage())).toEqual(FORBIDDEN);
  });
});
