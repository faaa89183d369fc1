import { COMMENT_MAX, ledgerMessages, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createRole,
  createTenantWithAdmin,
  createUser,
  failure,
  signIn,
  TEST_PASSWORD,
  type TestUser,
  type TrackedClient,
  tableSnapshot,
  useTestServer,
} from '../../api-suite.testkit.js';

/**
 * The application ledger and its market: review and shelving decide what the market shows; a like
 * is once per user; comments are stored as sent within their length; names are found by text and
 * pinyin; another tenant sees none of it.
 */
const suite = useTestServer();

const LEDGER = '/api/blade-ledger';
const MARKET = `${LEDGER}/client/appparameter`;
type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };
const MISSING = { status: 404, code: 404, msg: ledgerMessages.entryMissing };

let alice: TrackedClient;
let bob: TrackedClient;
let other: TestUser;

const admin = (method: 'GET' | 'POST', path: string, query?: Row, body?: Row) =>
  suite.admin.call(method, `${LEDGER}/${path}`, query as Record<string, string>, body) as Promise<unknown>;
const market = (who: TrackedClient, method: 'GET' | 'POST', path: string, query?: Row, body?: Row) =>
  who.call(method, `${MARKET}/${path}`, query as Record<string, string>, body) as Promise<unknown>;
const names = async (who: TrackedClient, searchValue?: string) =>
  ((await market(who, 'GET', 'getListByRecommend', searchValue === undefined ? { size: 100 } : { searchValue, size: 100 })) as Page).records
    .map((r) => r.appName)
    .sort();

async function addEntry(appName: string, over: Row = {}): Promise<string> {
  const row = (await admin('POST', 'appparameter/submit', undefined, { appName, ...over })) as Row;
  return String(row.id);
}
/** An entry reviewed and on the market. */
async function shelved(appName: string, over: Row = {}): Promise<string> {
  const id = await addEntry(appName, over);
  await admin('GET', 'appparameter/batchCheck', { ids: id });
  await admin('GET', 'appparameter/batchShelf', { ids: id, isShelf: 1 });
  return id;
}

beforeAll(async () => {
  const role = await createRole(suite.server, { alias: 'staff' });
  await createUser(suite.server, { account: 'alice', roleId: role });
  await createUser(suite.server, { account: 'bob', roleId: role });
  alice = await signIn(suite.server, { account: 'alice', password: TEST_PASSWORD });
  bob = await signIn(suite.server, { account: 'bob', password: TEST_PASSWORD });
  other = await createTenantWithAdmin(suite.server, '400001');
});

describe('review and shelving gate the market', () => {
  it('an entry created with its name alone reaches the market only once reviewed and shelved', async () => {
    const id = await addEntry('设备管理系统');
    expect(await names(alice)).not.toContain('设备管理系统');
    await admin('GET', 'appparameter/batchCheck', { ids: id });
    expect(await names(alice)).not.toContain('设备管理系统');
    await admin('GET', 'appparameter/batchShelf', { ids: id, isShelf: 1 });
    expect(await names(alice)).toContain('设备管理系统');
    const detail = (await market(alice, 'GET', 'getAppParameterDetail', { id })) as Row;
    expect(detail).toEqual(expect.objectContaining({ id, appName: '设备管理系统', likeCount: 0, liked: false, openable: false }));
    await admin('GET', 'appparameter/batchShelf', { ids: id, isShelf: 0 });
    expect(await names(alice)).not.toContain('设备管理系统');
    expect(await failure(alice, market(alice, 'GET', 'getAppParameterDetail', { id }))).toEqual(MISSING);
  });

  it('refuses to shelve an entry not reviewed, and bad ids or flags, changing nothing', async () => {
    const reviewed = await addEntry('已审核系统');
    await admin('GET', 'appparameter/batchCheck', { ids: reviewed });
    const unreviewed = await addEntry('未审核系统');
    const before = await tableSnapshot(suite.server, 'blade_app_parameter');
    const shelf = (query: Row) => failure(suite.admin, admin('GET', 'appparameter/batchShelf', query));
    expect(await shelf({ ids: `${reviewed},${unreviewed}`, isShelf: 1 })).toEqual(bad(ledgerMessages.notChecked));
    expect(await shelf({ ids: reviewed, isShelf: 2 })).toEqual(bad(ledgerMessages.isShelf));
    expect((await shelf({ ids: 'abc', isShelf: 1 })).status).toBe(400);
    expect(await shelf({ ids: '123456789', isShelf: 1 })).toEqual(bad(zh('recordMissing')));
    expect(await failure(suite.admin, admin('GET', 'appparameter/batchCheck', { ids: `${unreviewed},987654321` }))).toEqual(
      bad(zh('recordMissing')),
    );
    expect(await tableSnapshot(suite.server, 'blade_app_parameter')).toEqual(before);
    expect(await names(alice)).not.toContain('已审核系统');
  });

  it('validates entries at the edge: name required, real dates, flags, a catalogue application of the tenant', async () => {
    const before = await tableSnapshot(suite.server, 'blade_app_parameter');
    const submit = (body: Row) => failure(suite.admin, admin('POST', 'appparameter/submit', undefined, body));
    expect(await submit({ appName: ' ' })).toEqual(bad(ledgerMessages.appName));
    expect(await submit({ appName: '甲', onlineDate: '2021-02-30' })).toEqual(bad(ledgerMessages.date));
    expect(await submit({ appName: '甲', isRecommend: 3 })).toEqual(bad(ledgerMessages.flag));
    expect(await submit({ appName: '甲', userScale: -1 })).toEqual(bad(ledgerMessages.userScale));
    expect(await submit({ appName: '甲', userScale: 'many' })).toEqual(bad(ledgerMessages.userScale));
    expect(await submit({ appName: '甲', appId: '123456789' })).toEqual(bad(ledgerMessages.appMissing));
    expect(await tableSnapshot(suite.server, 'blade_app_parameter')).toEqual(before);
  });

  it('update changes an existing entry and its pinyin; an unknown id is refused', async () => {
    const id = await shelved('临时名称');
    await admin('POST', 'appparameter/update', undefined, { id, appName: '仓储物流平台', version: 'V2.1' });
    await admin('GET', 'appparameter/batchCheck', { ids: id });
    expect(await names(alice, 'ccwl')).toEqual(['仓储物流平台']);
    const detail = (await market(alice, 'GET', 'getAppParameterDetail', { id })) as Row;
    expect(detail.version).toBe('V2.1');
    expect(await failure(suite.admin, admin('POST', 'appparameter/update', undefined, { id: '123456789', appName: 'x' }))).toEqual(
      bad(zh('recordMissing')),
    );
  });
});

describe('a change of a reviewed entry sends it back for review', () => {
  const reviewed = async (id: string) => ((await admin('GET', 'appparameter/detail', { id })) as Row).isCheck;

  it('submit or update of its name, parameters or link takes it off the market until reviewed again', async () => {
    const app = (await suite.admin.call('POST', '/api/blade-aps/app/submit', undefined, {
      appCode: 'review-link',
      appName: '复核',
      protocol: 'link',
      appUrl: 'https://review.example.com/',
      status: 1,
    })) as Row;
    const id = await shelved('复核前名称', { version: 'V1' });
    const changes: Row[] = [{ appName: '复核后名称' }, { version: 'V2' }, { appId: String(app.id) }, { description: '新的简介' }];
    for (const [index, change] of changes.entries()) {
      const via = index % 2 === 0 ? 'submit' : 'update';
      const saved = (await admin('POST', `appparameter/${via}`, undefined, { id, ...change })) as Row;
      expect(saved.isCheck, JSON.stringify(change)).toBe(0);
      expect(await names(alice), JSON.stringify(change)).not.toContain(saved.appName);
      expect(await failure(alice, market(alice, 'GET', 'getAppParameterDetail', { id }))).toEqual(MISSING);
      // Still shelved: reviewing it again is all it takes to return.
      await admin('GET', 'appparameter/batchCheck', { ids: id });
      expect(await market(alice, 'GET', 'getAppParameterDetail', { id })).toEqual(expect.objectContaining({ id, ...change }));
    }
  });

  it('shelving, the same content sent again, the recommendation or the order keep the review', async () => {
    const id = await shelved('保持审核系统', { version: 'V1', deptName: '' });
    await admin('GET', 'appparameter/batchShelf', { ids: id, isShelf: 0 });
    await admin('GET', 'appparameter/batchShelf', { ids: id, isShelf: 1 });
    expect(await reviewed(id)).toBe(1);
    const row = (await admin('GET', 'appparameter/detail', { id })) as Row;
    // The form sends the whole row back: unchanged content (empty text as "") is no change.
    await admin('POST', 'appparameter/submit', undefined, { ...row, isRecommend: 1, sort: 5 });
    await admin('POST', 'appparameter/update', undefined, { id, appName: '保持审核系统', version: 'V1', sort: 6 });
    expect(await reviewed(id)).toBe(1);
    expect(await names(alice)).toContain('保持审核系统');
  });

  it('a change of an entry not yet reviewed leaves it not reviewed; a refused change keeps the review', async () => {
    const fresh = await addEntry('待审核系统');
    await admin('POST', 'appparameter/update', undefined, { id: fresh, version: 'V3' });
    expect(await reviewed(fresh)).toBe(0);
    const id = await shelved('拒绝修改系统');
    expect(
      await failure(suite.admin, admin('POST', 'appparameter/update', undefined, { id, appName: '新', onlineDate: '2021-02-30' })),
    ).toEqual(bad(ledgerMessages.date));
    expect(await reviewed(id)).toBe(1);
    expect(await names(alice)).toContain('拒绝修改系统');
  });
});

describe('the market', () => {
  let finance = '';
  beforeAll(async () => {
    finance = await shelved('财务共享系统', { deptName: '财务部', isRecommend: 1 });
    await shelved('人力资源系统');
  });

  it('finds entries by contained text, pinyin initials and full pinyin, recommended first', async () => {
    for (const text of ['财务', '共享', 'cwgx', 'CWGX', 'caiwu', 'cai wu', 'gongxiang']) {
      expect(await names(alice, text), text).toEqual(['财务共享系统']);
    }
    expect(await names(alice, 'rlzy')).toEqual(['人力资源系统']);
    expect(await names(alice, 'xt')).toEqual(expect.arrayContaining(['人力资源系统', '财务共享系统']));
    expect(await names(alice, '100%')).toEqual([]);
    const page = (await market(alice, 'GET', 'getListByRecommend', { size: 10 })) as Page;
    expect(page.records[0]?.appName).toBe('财务共享系统');
    expect((await failure(alice, market(alice, 'GET', 'getListByRecommend', { size: 7 }))).status).toBe(400);
  });

  it('a like is once per user: a second press takes it back', async () => {
    const like = (who: TrackedClient) => market(who, 'POST', 'saveLike', undefined, { appParameterId: finance });
    expect(await like(alice)).toEqual({ liked: true, likeCount: 1 });
    expect(await like(bob)).toEqual({ liked: true, likeCount: 2 });
    expect(await like(alice)).toEqual({ liked: false, likeCount: 1 });
    expect(await like(alice)).toEqual({ liked: true, likeCount: 2 });
    expect(await market(alice, 'GET', 'getAppParameterDetail', { id: finance })).toEqual(
      expect.objectContaining({ liked: true, likeCount: 2 }),
    );
    const live = (await tableSnapshot(suite.server, 'blade_app_parameter_like')) as Row[];
    expect(live.filter((r) => r.isDeleted === 0 || r.is_deleted === 0)).toHaveLength(2);
    // The admin list shows who liked; a second like of the same user through the admin API is refused.
    const listed = (await admin('GET', 'appparameterlike/list', { appParameterId: finance })) as Page;
    expect(listed.records.map((r) => r.userName).sort()).toEqual(['alice', 'bob']);
    await admin('POST', 'appparameterlike/submit', undefined, { appParameterId: finance });
    expect(await failure(suite.admin, admin('POST', 'appparameterlike/submit', undefined, { appParameterId: finance }))).toEqual(
      bad(ledgerMessages.likeTaken),
    );
  });

  it('stores a comment exactly as sent and answers it as text; blank or too long is refused', async () => {
    const content = '<img src=x onerror="alert(1)"> & <b>好用</b>';
    const saved = (await market(alice, 'POST', 'saveComment', undefined, { appParameterId: finance, content })) as Row;
    expect(saved).toEqual(expect.objectContaining({ appParameterId: finance, content, userName: 'alice' }));
    const longest = 'x'.repeat(COMMENT_MAX);
    await market(bob, 'POST', 'saveComment', undefined, { appParameterId: finance, content: longest });
    const list = (await market(bob, 'GET', 'getCommentList', { appParameterId: finance })) as Page;
    expect(list.total).toBe(2);
    expect(list.records.map((r) => r.content)).toEqual([longest, content]);
    const before = await tableSnapshot(suite.server, 'blade_app_parameter_comments');
    const comment = (body: Row) => failure(alice, market(alice, 'POST', 'saveComment', undefined, body));
    expect(await comment({ appParameterId: finance, content: `${longest}y` })).toEqual(bad(ledgerMessages.contentLength));
    expect(await comment({ appParameterId: finance, content: '  ' })).toEqual(bad(ledgerMessages.content));
    expect(await comment({ appParameterId: finance })).toEqual(bad(ledgerMessages.content));
    expect(await comment({ appParameterId: '123456789', content: 'hi' })).toEqual(MISSING);
    expect(await tableSnapshot(suite.server, 'blade_app_parameter_comments')).toEqual(before);
    expect((await market(alice, 'GET', 'getAppParameterDetail', { id: finance })) as Row).toEqual(
      expect.objectContaining({ commentCount: 2 }),
    );
  });

  it('records one view per call and lists views to the administrator', async () => {
    await market(alice, 'POST', 'saveAppParameterLog', undefined, { appParameterId: finance });
    expect(await market(bob, 'POST', 'saveAppParameterLog', { appParameterId: finance })).toEqual({ viewCount: 2 });
    const views = (await admin('GET', 'appparameterlog/list', { appParameterId: finance })) as Page;
    expect(views.records.map((r) => r.account).sort()).toEqual(['alice', 'bob']);
    expect(views.records[0]?.appName).toBe('财务共享系统');
  });

  it('offers to open a linked catalogue application only to those who may open it', async () => {
    const app = (await suite.admin.call('POST', '/api/blade-aps/app/submit', undefined, {
      appCode: 'wms',
      appName: '仓储',
      protocol: 'link',
      appUrl: 'https://wms.example.com/',
      visibility: 2,
      status: 1,
    })) as Row;
    const id = await shelved('仓储系统', { appId: String(app.id) });
    expect(await market(alice, 'GET', 'getAppParameterDetail', { id })).toEqual(
      expect.objectContaining({ appId: String(app.id), openable: true }),
    );
    await suite.admin.call('POST', '/api/blade-aps/app/submit', undefined, { ...app, id: String(app.id), visibility: 1 });
    expect(await market(alice, 'GET', 'getAppParameterDetail', { id })).toEqual(expect.objectContaining({ openable: false }));
  });

  it('lists enabled network-security records, searchable by name and pinyin, each readable', async () => {
    const record = (await admin('POST', 'appnetwork/submit', undefined, {
      systemName: '财务共享系统',
      appParameterId: finance,
      networkZone: 'DMZ',
      exposure: 1,
      protectionLevel: 3,
      lastAssessment: '2024-05-20',
      findings: '弱口令 2 处，已整改',
    })) as Row;
    await admin('POST', 'appnetwork/submit', undefined, { systemName: '停用记录', status: 0 });
    const page = (await market(alice, 'GET', 'getNetworkPage', { searchValue: 'cwgx' })) as Page;
    expect(page.records).toEqual([expect.objectContaining({ systemName: '财务共享系统', exposure: 1, protectionLevel: 3 })]);
    expect(((await market(alice, 'GET', 'getNetworkPage', {})) as Page).records.map((r) => r.systemName)).not.toContain('停用记录');
    expect(await market(alice, 'GET', 'getNetworkDetail', { id: String(record.id) })).toEqual(
      expect.objectContaining({ lastAssessment: '2024-05-20', findings: '弱口令 2 处，已整改', appName: '财务共享系统' }),
    );
    const submit = (body: Row) => failure(suite.admin, admin('POST', 'appnetwork/submit', undefined, body));
    expect(await submit({ systemName: 'x', protectionLevel: 9 })).toEqual(bad(ledgerMessages.level));
    expect(await submit({ systemName: 'x', lastAssessment: '2024-13-01' })).toEqual(bad(ledgerMessages.date));
  });

  it('another tenant sees none of it', async () => {
    expect(await names(other.sdk)).toEqual([]);
    expect(await failure(other.sdk, market(other.sdk, 'GET', 'getAppParameterDetail', { id: finance }))).toEqual(MISSING);
    expect(await failure(other.sdk, market(other.sdk, 'GET', 'getCommentList', { appParameterId: finance }))).toEqual(MISSING);
    expect(await failure(other.sdk, market(other.sdk, 'POST', 'saveLike', undefined, { appParameterId: finance }))).toEqual(MISSING);
    expect(((await market(other.sdk, 'GET', 'getNetworkPage', {})) as Page).total).toBe(0);
    expect(((await other.sdk.call('GET', `${LEDGER}/appparameter/list`)) as Page).total).toBe(0);
    expect(
      await failure(other.sdk, other.sdk.call('GET', `${LEDGER}/appparameter/batchCheck`, { ids: finance }) as Promise<unknown>),
    ).toEqual(bad(zh('recordMissing')));
  });

  it('staff without the ledger menus cannot review, shelve or edit', async () => {
    expect(
      (await failure(alice, alice.call('GET', `${LEDGER}/appparameter/batchShelf`, { ids: finance, isShelf: 0 }) as Promise<unknown>))
        .status,
    ).toBe(403);
    expect(
      (await failure(alice, alice.call('POST', `${LEDGER}/appparameter/submit`, undefined, { appName: 'x' }) as Promise<unknown>)).status,
    ).toBe(403);
  });
});
