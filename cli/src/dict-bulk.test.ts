import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@sso/server/testing';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHome } from './cli-home.testkit.js';

let server: TestServer;
let home: Awaited<ReturnType<typeof adminHome>>;
beforeAll(async () => {
  server = await startTestServer();
  home = await adminHome(server);
});
afterAll(async () => {
  home?.cleanup();
  await server?.close();
});

const entries = (code: string) =>
  server.ctx.db
    .selectFrom('blade_dict')
    .select(['id', 'parentId', 'dictKey', 'dictValue', 'sort'])
    .where('code', '=', code)
    .where('isDeleted', '=', 0)
    .orderBy('id')
    .execute();
const write = (name: string, text: string | Uint8Array) => {
  const path = join(home.dir, name);
  writeFileSync(path, text);
  return path;
};

describe('sso dict import', () => {
  it('creates the group and parents, upserts idempotently and round-trips through export', async () => {
    const csv = write(
      'colors.csv',
      'code,dictKey,dictValue,dictValueEn,sort,parentKey,codeName\ncli_color,red,红,Red,1,,颜色\ncli_color,dark,"深红, 暗",,2,red,\ncli_color,blue,蓝,,3,,\n',
    );
    const first = await home.sso(['dict', 'import', csv]);
    expect(first.code).toBe(0);
    expect(first.err).toContain('3 inserted, 0 updated, 0 unchanged');
    const rows = await entries('cli_color');
    const group = rows.find((r) => r.parentId === '0');
    expect(group).toMatchObject({ dictKey: '-1', dictValue: '颜色' });
    const red = rows.find((r) => r.dictKey === 'red');
    expect(red?.parentId).toBe(group?.id);
    expect(rows.find((r) => r.dictKey === 'dark')).toMatchObject({ parentId: red?.id, dictValue: '深红, 暗' });

    const again = await home.sso(['dict', 'import', csv]);
    expect(again.err).toContain('0 inserted, 0 updated, 3 unchanged');
    expect(await entries('cli_color')).toEqual(rows);

    write('colors2.json', JSON.stringify([{ code: 'cli_color', dictKey: 'blue', dictValue: '天蓝', sort: 3 }]));
    const update = await home.sso(['dict', 'import', join(home.dir, 'colors2.json')]);
    expect(update.err).toContain('0 inserted, 1 updated');

    const exported = await home.sso(['dict', 'export']);
    const lines = exported.out.split('\n').filter((l) => l.startsWith('cli_color,'));
    expect(lines).toEqual([
      'cli_color,red,红,Red,1,0,,,颜色',
      'cli_color,dark,"深红, 暗",,2,0,,red,颜色',
      'cli_color,blue,天蓝,,3,0,,,颜色',
    ]);
    const header = exported.out.split('\n')[0];
    const piped = await home.sso(['dict', 'import', '-'], { stdin: [header, ...lines].join('\n') });
    expect(piped.err).toContain('0 inserted, 0 updated, 3 unchanged');
    const jsonFile = join(home.dir, 'export.json');
    expect((await home.sso(['dict', 'export', '--format', 'json', '-o', jsonFile])).code).toBe(0);
    const exportedJson = JSON.parse(readFileSync(jsonFile, 'utf8')) as { code: string; dictKey: string }[];
    expect(exportedJson.filter((r) => r.code === 'cli_color').map((r) => r.dictKey)).toEqual(['red', 'dark', 'blue']);
    expect((await home.sso(['dict', 'export', '--format', 'xml'])).code).toBe(2);
  });

  it('reads xlsx and sends more than one chunk', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('d');
    sheet.addRow(['code', 'dictKey', 'dictValue']);
    for (let i = 0; i < 450; i++) sheet.addRow(['cli_big', `k${i}`, `值${i}`]);
    const path = write('big.xlsx', new Uint8Array(await workbook.xlsx.writeBuffer()));
    const result = await home.sso(['dict', 'import', path]);
    expect(result.err).toContain('450 成功 (ok), 0 失败');
    expect(await entries('cli_big')).toHaveLength(451);
  });

  it('reports every bad row with its line and imports nothing', async () => {
    const csv = write('bad.csv', 'code,dictKey,dictValue,sort\ncli_bad,a,甲,1\ncli_bad,,乙,2\ncli_bad,c,丙,x\ncli_bad,a,甲二,3\n');
    const result = await home.sso(['dict', 'import', csv]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('line 3: dictKey: 字典键值不能为空');
    expect(result.err).toContain('line 4: sort: 字典排序必须是整数');
    expect(result.err).toContain('line 5: 重复的键 (duplicate key) cli_bad/a, first on line 2');
    expect(await entries('cli_bad')).toEqual([]);
  });

  it('refuses wrong columns, a bad encoding and bad JSON', async () => {
    const columns = await home.sso(['dict', 'import', write('cols.csv', 'code,key,value\nx,y,z\n')]);
    expect(columns).toMatchObject({ code: 1, err: expect.stringContaining('缺少列 (missing columns): dictKey, dictValue') });
    expect(columns.err).toContain('未知列 (unknown columns): key, value');
    const gbk = new Uint8Array([0x63, 0x6f, 0x64, 0x65, 0x0a, 0xba, 0xec]); // "code\n红" in GBK
    const encoding = await home.sso(['dict', 'import', write('gbk.csv', gbk)]);
    expect(encoding).toMatchObject({ code: 1, err: expect.stringContaining('不是 UTF-8') });
    const json = await home.sso(['dict', 'import', write('bad.json', '[{')]);
    expect(json).toMatchObject({ code: 1, err: expect.stringContaining('JSON 格式错误') });
  });

  it('checks only with --dry-run', async () => {
    const csv = write('dry.csv', 'code,dictKey,dictValue\ncli_dry,a,甲\n');
    const result = await home.sso(['dict', 'import', csv, '--dry-run']);
    expect(result).toMatchObject({ code: 0, err: expect.stringContaining('1 rows valid') });
    expect(await entries('cli_dry')).toEqual([]);
  });

  it('reports a sealed entry as a failure and exits 1', async () => {
    await home.sso(['dict', 'import', write('seal.csv', 'code,dictKey,dictValue,isSealed\ncli_seal,a,甲,1\ncli_seal,b,乙,0\n')]);
    const result = await home.sso(['dict', 'import', write('seal2.csv', 'code,dictKey,dictValue\ncli_seal,a,改\ncli_seal,b,改\n')]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/line 2: cli_seal\/a: .*封存/);
    expect((await entries('cli_seal')).map((r) => r.dictValue)).toEqual(['cli_seal', '甲', '改']);
  });
});
