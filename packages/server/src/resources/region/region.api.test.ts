import { regionMessages as m, REGION_ROOT, zh } from '@sso/shared-api';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUserWithRole,
  FORBIDDEN,
  failure,
  type TestUser,
  trackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';

/** Regions: seeded divisions, lazy-tree, the generic routes keyed by code, and the submit/remove rules. */
const suite = useTestServer();
let tenantB: TestUser;
let viewer: TestUser;
let noMenus: TestUser;

beforeAll(async () => {
  tenantB = await createTenantWithAdmin(suite.server, '100002');
  viewer = await createUserWithRole(suite.server, { account: 'region_viewer', menuCodes: ['region', 'region_view'] });
  noMenus = await createUserWithRole(suite.server, { account: 'no_menus' });
});

const api = () => suite.admin.system.region;
/** blade_region has no id column: the shared tableSnapshot cannot order it. */
const snapshot = async () => (await sql.raw('select * from blade_region order by code').execute(suite.server.ctx.db)).rows;

describe('seeded regions', () => {
  it('lazy-tree from 00 gives the provinces, with names, codes and hasChildren', async () => {
    const provinces = await api().lazyTree({ parentCode: REGION_ROOT });
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toEqual({ id: '110000', parentId: '00', title: '北京市', key: '110000', value: '110000', hasChildren: true });
    expect(provinces.map((p) => p.title)).toEqual(expect.arrayContaining(['上海市', '广东省', '新疆维吾尔自治区']));
    expect(await api().lazyTree()).toEqual(provinces);
    expect(await api().lazyTree({ parentCode: '0' })).toEqual([
      { id: '00', parentId: '0', title: '中华人民共和国', key: '00', value: '00', hasChildren: true },
    ]);
    const cities = await api().lazyTree({ parentCode: '440000' });
    expect(cities.map((c) => c.title)).toEqual(expect.arrayContaining(['广州市', '深圳市', '东莞市']));
    // 东莞市 has no counties: a leaf at city level.
    expect(cities.find((c) => c.title === '东莞市')).toMatchObject({ key: '441900', hasChildren: false });
    const districts = await api().lazyTree({ parentCode: '110100' });
    expect(districts[0]).toMatchObject({ key: '110101', title: '东城区', hasChildren: false });
    expect(await api().lazyTree({ parentCode: '110101' })).toEqual([]);
  });

  it('detail?code= answers a region with its derived columns', async () => {
    expect(await api().detail('110000')).toMatchObject({
      code: '110000',
      parentCode: '00',
      name: '北京市',
      level: 1,
      ancestors: '0,00',
      provinceCode: '110000',
      provinceName: '北京市',
      cityCode: '',
    });
    expect(await api().detail('440305')).toMatchObject({
      name: '南山区',
      level: 3,
      ancestors: '0,00,440000,440300',
      provinceName: '广东省',
      cityCode: '440300',
      cityName: '深圳市',
      districtCode: '440305',
      districtName: '南山区',
    });
    expect(await api().detail('999999')).toBeNull();
    expect(await failure(suite.admin, api().detail('abc'))).toEqual(bad(m.codeFormat));
    expect(await failure(suite.admin, suite.admin.call('GET', '/api/blade-system/region/detail'))).toEqual(bad(m.code));
  });

  it('list pages and filters by parentCode and name, sorted by sort', async () => {
    const page = await api().list({ parentCode: '110100', size: 10 });
    expect(page.total).toBe(16);
    expect(page.pages).toBe(2);
    expect(page.records.map((r) => r.code)).toEqual([
      '110101',
      '110102',
      '110105',
      '110106',
      '110107',
      '110108',
      '110109',
      '110111',
      '110112',
      '110113',
    ]);
    expect((await api().list({ name: '海淀' })).records.map((r) => r.code)).toEqual(['110108']);
    expect((await api().list({ level: 1, size: 50 })).total).toBe(31);
    expect(await failure(suite.admin, api().list({ ascs: 'createTime' }))).toEqual(bad(`${zh('badSort')}: createTime`));
  });
});

describe('region submit', () => {
  it('inserts under a parent, deriving level, ancestors and the per-level columns, then updates by code', async () => {
    const town = await api().submit({ code: '110108001', parentCode: '110108', name: '测试街道', sort: 1 });
    expect(town).toMatchObject({
      code: '110108001',
      level: 4,
      ancestors: '0,00,110000,110100,110108',
      provinceName: '北京市',
      cityCode: '110100',
      districtName: '海淀区',
      townCode: '110108001',
      townName: '测试街道',
      villageCode: '',
    });
    const village = await api().submit({ code: '110108001001', parentCode: '110108001', name: '测试社区', sort: 1, remark: '备注' });
    expect(village).toMatchObject({ level: 5, townName: '测试街道', villageName: '测试社区', remark: '备注' });
    // Same code again: an update; a rename reaches the descendants' columns.
    const renamed = await api().submit({ code: '110108001', parentCode: '110108', name: '新街道', sort: 2 });
    expect(renamed).toMatchObject({ code: '110108001', name: '新街道', townName: '新街道', sort: 2 });
    expect(await api().detail('110108001001')).toMatchObject({ townName: '新街道', villageName: '测试社区' });
    expect((await api().lazyTree({ parentCode: '110108' })).map((n) => n.title)).toEqual(['新街道']);
    expect((await api().lazyTree({ parentCode: '110108' }))[0]!.hasChildren).toBe(true);
  });

  it('refuses what breaks the tree, changing nothing', async () => {
    await api().submit({ code: '120101001', parentCode: '120101', name: '层级街道', sort: 1 });
    await api().submit({ code: '120101001001', parentCode: '120101001', name: '层级社区', sort: 1 });
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ code: '999901', parentCode: '999900', name: '无上级', sort: 1 }, m.parentMissing],
      [{ code: '999901', parentCode: '999901', name: '自身', sort: 1 }, m.parentMissing],
      [{ code: '999901', parentCode: '0', name: '顶层', sort: 1 }, m.parentMissing],
      [{ code: '120101001001001', parentCode: '120101001001', name: '太深', sort: 1 }, m.codeFormat],
      [{ code: '120101001002', parentCode: '120101001001', name: '村下', sort: 1 }, m.tooDeep],
      [{ code: '120101002', parentCode: '120101', name: '错层', level: 2, sort: 1 }, m.levelMismatch],
      [{ code: '120101001', parentCode: '120102', name: '搬家', sort: 1 }, m.moveWithChildren],
      [{ code: '1a', parentCode: '00', name: '格式', sort: 1 }, m.codeFormat],
      [{ parentCode: '00', name: '无编号', sort: 1 }, m.code],
      [{ code: '990000', name: '无上级编号', sort: 1 }, m.parentCode],
      [{ code: '990000', parentCode: '00', sort: 1 }, m.name],
      [{ code: '990000', parentCode: '00', name: '无排序' }, m.sort],
    ];
    for (const [body, msg] of cases) {
      expect(
        await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/region/submit', undefined, body)),
        JSON.stringify(body),
      ).toEqual(bad(msg));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('adds a top-level region under 00, and takes a code sent as a number', async () => {
    const row = await api().submit({ code: 990000, parentCode: '00', name: '测试省', sort: 99 } as never);
    expect(row).toMatchObject({ code: '990000', level: 1, ancestors: '0,00', provinceCode: '990000', provinceName: '测试省' });
    expect((await api().lazyTree()).map((n) => n.key)).toContain('990000');
  });

  it('answers in English with Accept-Language: en', async () => {
    const en = trackedClient(suite.server, { language: 'en' });
    await en.login({ username: 'admin', password: 'admin' });
    expect(await failure(en, en.system.region.submit({ code: '999901', parentCode: '999900', name: 'x', sort: 1 }))).toEqual(
      bad('The parent region does not exist'),
    );
  });
});

describe('region remove', () => {
  it('refuses a region with sub-regions unless they go too, by ?id=<code>', async () => {
    await api().submit({ code: '130102001', parentCode: '130102', name: '删除街道', sort: 1 });
    await api().submit({ code: '130102001001', parentCode: '130102001', name: '删除社区', sort: 1 });
    const before = await snapshot();
    expect(await failure(suite.admin, api().remove('130102001'))).toEqual(bad(m.hasChildren));
    expect(await failure(suite.admin, api().remove('110000'))).toEqual(bad(m.hasChildren));
    expect(await failure(suite.admin, api().remove('999999'))).toEqual(bad(zh('recordMissing')));
    expect(await failure(suite.admin, suite.admin.call('POST', '/api/blade-system/region/remove', { id: 'x' }))).toEqual(bad(m.codeFormat));
    expect(await snapshot()).toEqual(before);
    expect(await suite.admin.call('POST', '/api/blade-system/region/remove', { id: '130102001001' })).toBe(true);
    expect(await api().remove('130102001')).toBe(true);
    expect(await api().detail('130102001')).toBeNull();
    expect(await api().lazyTree({ parentCode: '130102' })).toEqual([]);
  });
});

describe('who may read and change regions', () => {
  it('reads with the region screen; changes need its buttons and the platform tenant', async () => {
    expect((await viewer.sdk.system.region.lazyTree()).length).toBe((await api().lazyTree()).length);
    expect(await viewer.sdk.system.region.detail('110000')).toMatchObject({ name: '北京市' });
    const before = await snapshot();
    const own = viewer.sdk.system.region;
    expect(await failure(viewer.sdk, own.submit({ code: '990100', parentCode: '990000', name: '无权', sort: 1 }))).toEqual(FORBIDDEN);
    expect(await failure(viewer.sdk, own.submit({ code: '110000', parentCode: '00', name: '改名', sort: 1 }))).toEqual(FORBIDDEN);
    expect(await failure(viewer.sdk, own.remove('110101'))).toEqual(FORBIDDEN);
    const other = tenantB.sdk.system.region;
    expect(await failure(tenantB.sdk, other.submit({ code: '110000', parentCode: '00', name: '改名', sort: 1 }))).toEqual(FORBIDDEN);
    expect(await failure(tenantB.sdk, other.remove('110101'))).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(before);
    for (const call of [
      () => noMenus.sdk.system.region.lazyTree(),
      () => noMenus.sdk.system.region.list(),
      () => noMenus.sdk.system.region.detail('110000'),
    ]) {
      expect(await failure(noMenus.sdk, call())).toEqual(FORBIDDEN);
    }
  });
});
