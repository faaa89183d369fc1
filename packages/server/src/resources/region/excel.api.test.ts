import { regionMessages as m, userMessages, regionExcelMessages as x } from '@sso/shared-api';
import ExcelJS from 'exceljs';
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

/** export-region, export-template and import-region, read and written with exceljs as a person's Excel would. */
const suite = useTestServer();
let viewer: TestUser;
let importer: TestUser;
let tenantB: TestUser;

beforeAll(async () => {
  viewer = await createUserWithRole(suite.server, { account: 'rx_viewer', menuCodes: ['region', 'region_view', 'region_add'] });
  importer = await createUserWithRole(suite.server, { account: 'rx_importer', menuCodes: ['region', 'region_import'] });
  tenantB = await createTenantWithAdmin(suite.server, '100003');
});

const HEADER = ['区划编号', '上级区划编号', '区划名称', '区划层级', '排序', '备注'];
const api = () => suite.admin.system.region;
/** blade_region has no id column: ordered by code. */
const snapshot = async () => (await sql.raw('select * from blade_region order by code').execute(suite.server.ctx.db)).rows;

type Cells = (string | number)[];
async function xlsx(rows: Cells[], header = HEADER): Promise<{ filename: string; data: Uint8Array }> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('regions');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return { filename: 'regions.xlsx', data: new Uint8Array(await workbook.xlsx.writeBuffer()) };
}

async function sheetOf(bytes: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as never);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push(HEADER.map((_, i) => String((row.values as unknown[])[i + 1] ?? '')));
  });
  return rows;
}

const upload = (file: { filename: string; data: Uint8Array }, isCovered?: 0 | 1) => api().importRegion({ file }, { isCovered });

describe('template and export', () => {
  it('gives an empty template with the column labels', async () => {
    expect(await sheetOf(await api().exportTemplate())).toEqual([HEADER]);
  });

  it('exports the regions of the list filters', async () => {
    const districts = await sheetOf(await api().exportRegion({ parentCode: '110100', name: '东城' }));
    expect(districts).toEqual([HEADER, ['110101', '110100', '东城区', '3', expect.any(String), '']]);
    const provinces = await sheetOf(await api().exportRegion({ level: 1 }));
    expect(provinces.slice(1)).toHaveLength(31);
    expect(provinces.slice(1).every((row) => row[1] === '00' && row[3] === '1')).toBe(true);
  });
});

describe('import', () => {
  it('adds the rows, a parent in the file before or after its sub-regions', async () => {
    const file = await xlsx([
      ['990100', '990000', '导入市', '', 1, ''],
      ['990000', '00', '导入省', 1, 99, '导入的省'],
      ['110101001', '110101', '导入街道', 4, 1, ''],
      ['110101001001', '110101001', '导入社区', '', 1, ''],
    ]);
    expect(await upload(file)).toEqual({ inserted: 4, updated: 0 });
    expect(await api().detail('990100')).toMatchObject({
      parentCode: '990000',
      level: 2,
      ancestors: '0,00,990000',
      provinceName: '导入省',
      cityCode: '990100',
      cityName: '导入市',
    });
    expect(await api().detail('990000')).toMatchObject({ level: 1, sort: 99, remark: '导入的省' });
    expect(await api().detail('110101001001')).toMatchObject({ level: 5, districtName: '东城区', townName: '导入街道' });
    expect((await api().lazyTree({ parentCode: '990000' })).map((n) => n.title)).toEqual(['导入市']);
  });

  it('refuses existing codes unless isCovered=1, which updates them and their sub-regions', async () => {
    const before = await snapshot();
    const file = await xlsx([
      ['990200', '990000', '新市', '', 2, ''],
      ['990000', '00', '改名省', '', 98, ''],
    ]);
    expect(await failure(suite.admin, upload(file))).toEqual(bad(`第3行: ${x.codeTaken}`));
    expect(await failure(suite.admin, upload(file, 0))).toEqual(bad(`第3行: ${x.codeTaken}`));
    expect(await snapshot()).toEqual(before);
    expect(await upload(file, 1)).toEqual({ inserted: 1, updated: 1 });
    expect(await api().detail('990000')).toMatchObject({ name: '改名省', sort: 98, remark: '' });
    expect(await api().detail('990100')).toMatchObject({ provinceName: '改名省' });
    expect(await api().detail('990200')).toMatchObject({ level: 2, provinceName: '改名省' });
  });

  const ok: Cells = ['980000', '00', '好的省', '', 1, ''];
  const refusals: [string, Cells[], string][] = [
    ['a malformed code', [ok, ['98a', '00', '坏', '', 1, '']], `第3行: ${m.codeFormat}`],
    ['no name', [ok, ['970000', '00', '', '', 1, '']], `第3行: ${m.name}`],
    ['no sort', [['970000', '00', '无排序', '', '', ''], ok], `第2行: ${m.sort}`],
    ['no parent code', [['970000', '', '无上级', '', 1, '']], `第2行: ${m.parentCode}`],
    ['an unknown parent', [ok, ['970100', '970000', '孤儿', '', 1, '']], `第3行: ${m.parentMissing}`],
    ['a level that does not follow the parent', [ok, ['980100', '980000', '错层', 3, 1, '']], `第3行: ${m.levelMismatch}`],
    ['a region under a village', [['110101001002', '110101001001', '过深', '', 1, '']], `第2行: ${m.tooDeep}`],
    ['a code twice', [ok, ['980000', '00', '重复', '', 1, '']], `第3行: ${x.importDuplicate}`],
    [
      'two regions under each other',
      [ok, ['970100', '970200', '甲', '', 1, ''], ['970200', '970100', '乙', '', 1, '']],
      `第3行: ${x.parentCycle}`,
    ],
    [
      'a moved region with sub-regions (checked while writing)',
      [ok, ['110100', '120000', '搬家', '', 1, '']],
      `第3行: ${m.moveWithChildren}`,
    ],
  ];
  it.each(refusals)('refuses a file with %s, naming the row and changing nothing', async (_label, rows, message) => {
    const before = await snapshot();
    expect(await failure(suite.admin, upload(await xlsx(rows), 1))).toEqual(bad(message));
    expect(await snapshot()).toEqual(before);
  });

  it('names the row in English on request', async () => {
    const english = trackedClient(suite.server, { language: 'en' });
    await english.login({ username: 'admin', password: 'admin' });
    const file = await xlsx([ok, ['960100', '960000', 'x', '', 1, '']]);
    expect(await failure(english, english.system.region.importRegion({ file }))).toEqual(bad('Row 3: The parent region does not exist'));
  });

  it('refuses what is not an xlsx of regions', async () => {
    const text = { filename: 'regions.xlsx', data: new TextEncoder().encode('code,name') };
    expect(await failure(suite.admin, upload(text))).toEqual(bad(userMessages.importUnreadable));
    expect(await failure(suite.admin, upload(await xlsx([])))).toEqual(bad(x.importEmpty));
    expect(await failure(suite.admin, upload(await xlsx([['1', '2']], ['编号', '名称'])))).toEqual(
      bad(`${userMessages.importColumn}: 区划编号`),
    );
    expect(await failure(suite.admin, api().importRegion({} as never))).toEqual(bad(x.importFile));
  });

  it('round-trips an export through import', async () => {
    const exported = await api().exportRegion({ parentCode: '990000' });
    const before = await snapshot();
    expect((await sheetOf(exported)).slice(1).map((row) => row[0])).toEqual(['990100', '990200']);
    await api().remove('990100,990200');
    expect(await upload({ filename: 'export.xlsx', data: exported })).toEqual({ inserted: 2, updated: 0 });
    expect(await snapshot()).toEqual(before);
    expect(await upload({ filename: 'export.xlsx', data: exported }, 1)).toEqual({ inserted: 0, updated: 2 });
    expect(await snapshot()).toEqual(before);
  });
});

describe('who may import and export', () => {
  it('needs the region import and export buttons, and the platform tenant to write', async () => {
    const file = await xlsx([['950000', '00', '无权省', '', 1, '']]);
    const before = await snapshot();
    expect(await failure(viewer.sdk, viewer.sdk.system.region.importRegion({ file }))).toEqual(FORBIDDEN);
    expect(await failure(viewer.sdk, viewer.sdk.system.region.exportTemplate())).toEqual(FORBIDDEN);
    expect(await failure(viewer.sdk, viewer.sdk.system.region.exportRegion({}))).toEqual(FORBIDDEN);
    expect(await failure(importer.sdk, importer.sdk.system.region.exportRegion({}))).toEqual(FORBIDDEN);
    expect(await failure(tenantB.sdk, tenantB.sdk.system.region.importRegion({ file }))).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(before);
    expect(await importer.sdk.system.region.importRegion({ file })).toEqual({ inserted: 1, updated: 0 });
    expect(await sheetOf(await importer.sdk.system.region.exportTemplate())).toEqual([HEADER]);
  });
});
