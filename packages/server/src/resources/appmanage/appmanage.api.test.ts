import { createHash } from 'node:crypto';
import { appManageMessages as m, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createRole,
  createTenantWithAdmin,
  createUser,
  createUserWithRole,
  FORBIDDEN,
  failure,
  rowCount,
  type TestUser,
  tableSnapshot,
  useTestServer,
} from '../../api-suite.testkit.js';

/**
 * Mobile applications: members, versions with their packages, the public update check (only
 * released versions, cacheable), the download link and its records, and file removal by link.
 */
const suite = useTestServer();
const api = () => suite.admin.appmanage;
type Row = Record<string, unknown>;

/** A minimal zip archive (an empty one is 22 bytes starting PK\x05\x06; a local file header starts PK\x03\x04). */
const zip = (tag: string) => new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode(tag)]);
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

let appId = '';
let other: TestUser;
const lastest = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${suite.server.baseUrl}/api/blade-appmanage/appversionmanage/lastest?${new URLSearchParams(query)}`, { headers });

async function addVersion(versionCode: number, appType = 1, over: Row = {}): Promise<string> {
  const row = (await api().appVersion.submit({ appId, appType, versionName: `1.0.${versionCode}`, versionCode, ...over } as never)) as Row;
  return String(row.id);
}
const upload = (id: string, filename: string, data: Uint8Array) => api().appVersion.upload({ file: { filename, data } }, { id });

beforeAll(async () => {
  const app = (await api().appManage.submit({ appName: '掌上办公', appCategory: '1' } as never)) as Row;
  appId = String(app.id);
  other = await createTenantWithAdmin(suite.server, '200001');
});

describe('applications', () => {
  it('creates one from a name and a category, and lists it by category with the category name', async () => {
    const byCategory = await api().appManage.category({ appCategory: '1' });
    expect(byCategory.map((row) => row.appName)).toEqual(['掌上办公']);
    const categories = await suite.admin.system.dict.dictionary({ code: 'app_category' });
    expect(byCategory[0]?.appCategoryName).toBe(categories.find((entry) => String(entry.dictKey) === '1')?.dictValue);
    expect(await api().appManage.category({ appCategory: '2' })).toEqual([]);
  });

  it('refuses a missing name, an unknown category and changes nothing', async () => {
    const before = await tableSnapshot(suite.server, 'blade_app_manage');
    expect(await failure(suite.admin, api().appManage.submit({ appCategory: '1' } as never))).toEqual(bad(m.appName));
    expect(await failure(suite.admin, api().appManage.submit({ appName: 'x', appCategory: '99' } as never))).toEqual(bad(m.appCategory));
    expect(await tableSnapshot(suite.server, 'blade_app_manage')).toEqual(before);
  });

  it('is invisible to another tenant, whose category list is its own', async () => {
    expect(await other.sdk.appmanage.appManage.category({})).toEqual([]);
    const failed = await failure(
      other.sdk,
      other.sdk.appmanage.appVersion.submit({ appId, appType: 1, versionName: 'x', versionCode: 1 } as never),
    );
    expect(failed).toEqual(bad(m.appMissing));
  });

  it('removes an uploaded icon by its link and clears it from the application', async () => {
    const icon = await suite.admin.resource.oss.putFile(
      { file: { filename: 'icon.png', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]) } },
      {},
    );
    await api().appManage.submit({ id: appId, appIcon: icon.link } as never);
    expect(await api().appManage.attachRemoveByLink({ link: icon.link })).toBe(true);
    expect((await api().appManage.detail(appId)).appIcon).toBe('');
    expect(await failure(suite.admin, api().appManage.attachRemoveByLink({ link: icon.link }))).toEqual(bad(m.linkMissing));
  });
});

describe('members', () => {
  it('adds several users at once, keeps those already members, and refuses users of no one', async () => {
    const roleId = await createRole(suite.server, { alias: 'app_members' });
    const a = await createUser(suite.server, { account: 'member_a', roleId });
    const b = await createUser(suite.server, { account: 'member_b', roleId });
    expect(await api().appMember.multiSubmit({ ids: a, appManageId: appId, whetherCreator: 1 } as never)).toEqual({ added: 1, kept: 0 });
    expect(await api().appMember.multiSubmit({ ids: `${a},${b}`, appManageId: appId } as never)).toEqual({ added: 1, kept: 1 });
    const page = await api().appMember.list({ appManageId: appId } as never);
    expect(page.records.map((row) => [row.account, row.appName, row.whetherCreator]).sort()).toEqual([
      ['member_a', '掌上办公', 1],
      ['member_b', '掌上办公', 0],
    ]);
    const before = await rowCount(suite.server, 'blade_app_member_manage');
    expect(await failure(suite.admin, api().appMember.multiSubmit({ ids: '123456789', appManageId: appId } as never))).toEqual(
      bad(m.usersMissing),
    );
    expect(await failure(suite.admin, api().appMember.submit({ appManageId: appId, userId: a } as never))).toEqual(bad(m.memberTaken));
    expect(await rowCount(suite.server, 'blade_app_member_manage')).toBe(before);
  });

  it("refuses another tenant's application for members", async () => {
    const theirs = await createUser(suite.server, { account: 'member_c', tenantId: '200001', roleId: other.roleId });
    const failed = await failure(other.sdk, other.sdk.appmanage.appMember.multiSubmit({ ids: theirs, appManageId: appId } as never));
    expect(failed).toEqual(bad(m.appMissing));
  });
});

describe('versions, packages and the update check', () => {
  it('refuses bad versions: type, code, duplicate code', async () => {
    expect(await failure(suite.admin, api().appVersion.submit({ appId, appType: 3, versionName: 'x', versionCode: 1 } as never))).toEqual(
      bad(m.appType),
    );
    expect(await failure(suite.admin, api().appVersion.submit({ appId, appType: 1, versionName: 'x', versionCode: 0 } as never))).toEqual(
      bad(m.versionCode),
    );
    await addVersion(1);
    expect(await failure(suite.admin, api().appVersion.submit({ appId, appType: 1, versionName: 'y', versionCode: 1 } as never))).toEqual(
      bad(m.versionTaken),
    );
  });

  it('stores an apk with its checksum, refuses the wrong type or bytes, and answers only released versions', async () => {
    const v2 = await addVersion(2);
    const v3 = await addVersion(3);
    expect(((await (await lastest({ appId, appType: '1' })).json()) as { data: unknown }).data).toBeNull();

    expect(await failure(suite.admin, upload(v2, 'app.ipa', zip('a')))).toEqual(bad(m.packageType));
    expect(await failure(suite.admin, upload(v2, 'app.apk', new Uint8Array([1, 2, 3, 4])))).toEqual(bad(m.packageNotZip));
    expect(await failure(suite.admin, api().appVersion.realease({ id: v2, whetherRealease: 1 } as never))).toEqual(bad(m.packageMissing));

    const data = zip('version two');
    const stored = await upload(v2, 'office-2.apk', data);
    expect(stored).toMatchObject({ packageSize: data.byteLength, packageSha256: sha256(data), packageOriginalName: 'office-2.apk' });
    const served = await fetch(`${suite.server.baseUrl}${stored.packageLink}`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(data);

    await upload(v3, 'office-3.apk', zip('version three'));
    // Version 3 is newer but not released: the check answers version 2 once it is released.
    expect(await api().appVersion.realease({ id: v2, whetherRealease: 1 } as never)).toBe(true);
    const answer = await lastest({ appId, appType: '1' });
    const body = (await answer.json()) as { data: Row };
    expect(body.data).toMatchObject({ id: v2, versionCode: 2, versionName: '1.0.2', packageSha256: sha256(data), appType: 1 });
    expect(body.data.downloadUrl).toBe(`/api/blade-appmanage/appversionmanage/download?id=${v2}`);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=60');
    const etag = answer.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await lastest({ appId, appType: '1' }, { 'if-none-match': etag });
    expect(again.status).toBe(304);

    await upload(v3, 'office-3.apk', zip('version three again'));
    await api().appVersion.realease({ id: v3, whetherRealease: 1 } as never);
    const newer = await lastest({ appId, appType: '1' }, { 'if-none-match': etag });
    expect(newer.status).toBe(200);
    expect(((await newer.json()) as { data: Row }).data.versionCode).toBe(3);
    // iOS has no released version.
    expect(((await (await lastest({ appId, appType: '2' })).json()) as { data: unknown }).data).toBeNull();

    // Withdrawn, version 3 no longer answers.
    await api().appVersion.realease({ id: v3, whetherRealease: 0 } as never);
    expect(((await (await lastest({ appId, appType: '1' })).json()) as { data: Row }).data.versionCode).toBe(2);
  });

  it('refuses bad update-check queries with 400', async () => {
    const response = await lastest({ appId: 'x', appType: '1' });
    expect(response.status).toBe(400);
    expect((await lastest({ appId, appType: '7' })).status).toBe(400);
  });

  it('freezes a released version: no edit, no new package, no removal, until withdrawn', async () => {
    const v = await addVersion(10);
    await upload(v, 'office-10.apk', zip('ten'));
    await api().appVersion.realease({ id: v, whetherRealease: 1 } as never);
    expect(await failure(suite.admin, api().appVersion.submit({ id: v, versionName: 'changed' } as never))).toEqual(bad(m.releasedLocked));
    expect(await failure(suite.admin, upload(v, 'office-10b.apk', zip('ten b')))).toEqual(bad(m.packageReleased));
    expect(await failure(suite.admin, api().appVersion.remove([v]))).toEqual(bad(m.releasedLocked));
    const link = String(((await api().appVersion.detail(v)) as Row).packageLink);
    expect(await failure(suite.admin, api().appVersion.attachRemoveByLink({ link }))).toEqual(bad(m.packageReleased));
    await api().appVersion.realease({ id: v, whetherRealease: 0 } as never);
    expect(await api().appVersion.attachRemoveByLink({ link })).toBe(true);
    const after = (await api().appVersion.detail(v)) as Row;
    expect([after.packageLink, after.packageSha256]).toEqual(['', '']);
  });

  it('guards release and upload by their buttons', async () => {
    const viewer = await createUserWithRole(suite.server, { account: 'version_viewer', menuCodes: ['appversionmanage'] });
    const v = await addVersion(20);
    expect(await failure(viewer.sdk, viewer.sdk.appmanage.appVersion.realease({ id: v, whetherRealease: 1 } as never))).toEqual(FORBIDDEN);
    expect(
      await failure(viewer.sdk, viewer.sdk.appmanage.appVersion.upload({ file: { filename: 'a.apk', data: zip('x') } }, { id: v })),
    ).toEqual(FORBIDDEN);
  });
});

describe('the download link and its records', () => {
  it('records a download of a released version and redirects to its package; unreleased ones are 404', async () => {
    const check = ((await (await lastest({ appId, appType: '1' })).json()) as { data: Row }).data;
    const before = await rowCount(suite.server, 'blade_app_download_record');
    const response = await fetch(`${suite.server.baseUrl}${check.downloadUrl}`, {
      redirect: 'manual',
      headers: { 'user-agent': 'okhttp/4' },
    });
    expect(response.status).toBe(302);
    const location = response.headers.get('location') ?? '';
    const pkg = await fetch(`${suite.server.baseUrl}${location}`);
    expect(sha256(new Uint8Array(await pkg.arrayBuffer()))).toBe(check.packageSha256);
    expect(await rowCount(suite.server, 'blade_app_download_record')).toBe(before + 1);

    const unreleased = await addVersion(30);
    const refused = await fetch(`${suite.server.baseUrl}/api/blade-appmanage/appversionmanage/download?id=${unreleased}`, {
      redirect: 'manual',
    });
    expect(refused.status).toBe(404);
    expect(await rowCount(suite.server, 'blade_app_download_record')).toBe(before + 1);

    const records = await api().appDownloadRecord.list({} as never);
    expect(records.records[0]).toMatchObject({ appName: '掌上办公', appTypeName: 'Android', versionName: '1.0.2', userAgent: 'okhttp/4' });
    const today = records.records[0]?.createTime?.slice(0, 10) ?? '';
    const trend = await api().appDownloadRecord.downloadTrendList({ startTime: today, endTime: today } as never);
    expect(trend).toEqual([{ day: today, value: 1 }]);
    expect(await api().appDownloadRecord.downloadStatistics({ startTime: today, endTime: today } as never)).toEqual([
      { appId, appName: '掌上办公', android: 1, ios: 0, total: 1 },
    ]);
    // Another tenant counts none of them.
    expect(await other.sdk.appmanage.appDownloadRecord.downloadStatistics({ startTime: today, endTime: today } as never)).toEqual([]);
  });

  it('removes records only with the delete button, and the statistics stop counting them', async () => {
    const records = await api().appDownloadRecord.list({} as never);
    const id = String(records.records[0]?.id);
    const today = String(records.records[0]?.createTime).slice(0, 10);
    const period = { startTime: today, endTime: today } as never;
    const before = await tableSnapshot(suite.server, 'blade_app_download_record');
    const viewer = await createUserWithRole(suite.server, { account: 'download_viewer', menuCodes: ['appdownloadrecord'] });
    expect(await failure(viewer.sdk, viewer.sdk.appmanage.appDownloadRecord.remove([id]))).toEqual(FORBIDDEN);
    expect(await failure(other.sdk, other.sdk.appmanage.appDownloadRecord.remove([id]))).toEqual(bad(zh('recordMissing')));
    expect((await failure(suite.admin, api().appDownloadRecord.remove('abc'))).status).toBe(400);
    expect(await failure(suite.admin, api().appDownloadRecord.remove([id, '123456789']))).toEqual(bad(zh('recordMissing')));
    expect(await tableSnapshot(suite.server, 'blade_app_download_record')).toEqual(before);

    expect(await api().appDownloadRecord.remove([id])).toBe(true);
    expect((await api().appDownloadRecord.list({} as never)).records.map((row) => row.id)).not.toContain(id);
    expect(await api().appDownloadRecord.downloadTrendList(period)).toEqual([{ day: today, value: 0 }]);
    expect(await api().appDownloadRecord.downloadStatistics(period)).toEqual([]);
    expect(await api().appStatistics.terminalData({ beginDate: today, endDate: today } as never)).toEqual(
      expect.objectContaining({ downloads: 0 }),
    );
    // Removed once: a second removal finds nothing and counts nothing down.
    expect(await failure(suite.admin, api().appDownloadRecord.remove([id]))).toEqual(bad(zh('recordMissing')));
  });

  it('refuses bad periods', async () => {
    const q = (startTime: string, endTime: string) => api().appDownloadRecord.downloadTrendList({ startTime, endTime } as never);
    expect(await failure(suite.admin, q('2024-02-30', '2024-03-01'))).toEqual(bad(m.badDay));
    expect(await failure(suite.admin, q('2024-03-02', '2024-03-01'))).toEqual(bad(m.badRange));
    expect(await failure(suite.admin, q('2022-01-01', '2024-03-01'))).toEqual(bad(m.badRange));
  });
});
