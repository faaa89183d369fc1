import { codeMessages as c, zh } from '@sso/shared-api';
import { Parser } from 'acorn';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from 'vue-template-compiler';
import { bad, createTenantWithAdmin, FORBIDDEN, failure, type TestUser, tableSnapshot, useTestServer } from '../../api-suite.testkit.js';
import { reachPostgres } from './source-databases.testkit.js';
import { readTableColumns } from './table-metadata.js';

/**
 * Code generation records as Saber's screen calls them, tables read from a real PostgreSQL
 * server, Saber's pages generated and parsed, and hostile names and paths kept inside the zip.
 */
const suite = useTestServer();
const postgres = await reachPostgres();
const SUFFIX = Math.random().toString(36).slice(2, 8);
const TABLE = `cg_${SUFFIX}_coil`;
const HOSTILE = `cg_${SUFFIX}_hostile`;
let datasourceId = '';
let outsider: TestUser;

const api = () => suite.admin.system.code;
const saberCall = (path: string, query?: Record<string, string>, body?: unknown) =>
  suite.admin.call('POST', `/api/blade-develop/code/${path}`, query, body);
const record = (over: Record<string, unknown> = {}) => ({
  datasourceId,
  codeName: '钢卷',
  serviceName: 'blade-steel',
  tableName: TABLE,
  tablePrefix: `cg_${SUFFIX}_`,
  pkName: 'id',
  packageName: 'org.springblade.steel',
  baseMode: 1,
  wrapMode: 1,
  apiPath: 'D:\\work\\blade-steel',
  webPath: '/home/dev/Saber',
  ...over,
});
const zipOf = (bytes: Uint8Array) => Object.fromEntries(Object.entries(unzipSync(bytes)).map(([path, data]) => [path, strFromU8(data)]));

beforeAll(async () => {
  outsider = await createTenantWithAdmin(suite.server, '100027');
  const source = await suite.admin.system.datasource.submit({
    name: '代码生成库',
    driverClass: 'org.postgresql.Driver',
    url: postgres.db?.jdbcUrl ?? 'jdbc:postgresql://127.0.0.1:1/none',
    username: postgres.db?.username ?? 'postgres',
    password: postgres.db?.password ?? '',
  });
  datasourceId = source.id;
  if (!postgres.db) return;
  await postgres.db.run(`create table ${TABLE} (
    id bigint primary key, tenant_id varchar(12), coil_no varchar(32) not null, grade varchar(16),
    weight numeric(10, 2), made_on date, checked boolean, user_id bigint, remark text,
    create_time timestamp, is_deleted int default 0)`);
  await postgres.db.run(`comment on column ${TABLE}.coil_no is '卷号'`);
  await postgres.db.run(`comment on column ${TABLE}.grade is '钢种'`);
  await postgres.db.run(`create table ${HOSTILE} (id bigint primary key,
    "we""ird col" varchar(20), "x'); drop table t;--" int, "../../etc/passwd" text, "1st" varchar(5))`);
  await postgres.db.run(`comment on column ${HOSTILE}."we""ird col" is '*/ </script> \${process.exit()} \`|'`);
}, 60_000);
afterAll(async () => {
  await postgres.db?.run(`drop table if exists ${TABLE}`);
  await postgres.db?.run(`drop table if exists ${HOSTILE}`);
  await postgres.db?.run(`drop table if exists cg_${SUFFIX}_user`);
  await postgres.db?.close();
});

describe('code records as Saber keeps them', () => {
  it('saves, lists, details, copies and removes with the fields of its screen', async () => {
    const saved = await api().submit(record({ fields: [{ columnName: 'coil_no', label: '卷号', search: true }] }));
    expect(saved).toMatchObject({ codeName: '钢卷', baseMode: 1, wrapMode: 1, apiPath: 'D:\\work\\blade-steel' });
    const detail = await api().detail(saved.id);
    expect(detail.fields).toEqual([{ columnName: 'coil_no', label: '卷号', search: true }]);
    expect(detail).toMatchObject({ datasourceName: '代码生成库', tableName: TABLE });
    expect(await saberCall('copy', { id: saved.id })).toBe(true);
    const page = await api().list({ codeName: '钢卷' });
    expect(page.records.map((row) => row.codeName).sort()).toEqual(['钢卷', '钢卷-copy']);
    const copy = page.records.find((row) => row.codeName === '钢卷-copy');
    expect(copy?.fields).toEqual(detail.fields);
    await saberCall('remove', { ids: page.records.map((row) => row.id).join(',') });
    expect((await api().list({ codeName: '钢卷' })).total).toBe(0);
  });

  it.each([
    ['without a data source', { datasourceId: '' }, c.datasourceId],
    ['naming no data source', { datasourceId: '123' }, c.datasourceMissing],
    ['with a table name holding quotes and spaces', { tableName: `coil" ; drop table x` }, c.tableNameFormat],
    ['with a table name holding a path', { tableName: '../../etc/passwd' }, c.tableNameFormat],
    ['with a service name of capitals and spaces', { serviceName: 'Blade Steel' }, c.serviceNameFormat],
    ['with a package name holding SQL', { packageName: "org.x'; drop" }, c.packageNameFormat],
    ['with a base mode other than 0 or 1', { baseMode: 3 }, c.baseMode],
    ['with a field of an unknown control', { fields: [{ columnName: 'a', type: 'script' }] }, c.fieldType],
  ])('refuses a record %s and changes nothing', async (_name, over, message) => {
    const before = await tableSnapshot(suite.server, 'blade_code');
    expect(await failure(suite.admin, saberCall('submit', undefined, record(over)))).toEqual(bad(message));
    expect(await tableSnapshot(suite.server, 'blade_code')).toEqual(before);
  });

  it('keeps records and their calls from other tenants', async () => {
    const saved = await api().submit(record({ codeName: '租户不可见' }));
    const sdk = outsider.sdk;
    expect(await failure(sdk, sdk.system.code.list())).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.code.genCode(undefined, { ids: saved.id }))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.code.tableColumns({ datasourceId, tableName: TABLE }))).toEqual(FORBIDDEN);
    expect(await failure(sdk, sdk.system.code.copy(undefined, { id: saved.id }))).toEqual(FORBIDDEN);
  });
});

describe('table columns', () => {
  it('answers 400 for a data source that does not connect, and for one of a kind it cannot read', async () => {
    const closed = await suite.admin.system.datasource.submit({
      name: '关闭端口',
      driverClass: 'org.postgresql.Driver',
      url: 'jdbc:postgresql://127.0.0.1:1/none',
      username: 'postgres',
    });
    const refused = await failure(suite.admin, api().tableColumns({ datasourceId: closed.id, tableName: 'x' }));
    expect(refused).toMatchObject({ status: 400 });
    expect(refused.msg).toMatch(/^数据源连接失败: .*ECONNREFUSED/);
    const oracle = await suite.admin.system.datasource.submit({
      name: 'Oracle',
      driverClass: 'oracle.jdbc.OracleDriver',
      url: 'jdbc:oracle:thin:@127.0.0.1:1521:orcl',
      username: 'scott',
    });
    expect(await failure(suite.admin, api().tableColumns({ datasourceId: oracle.id, tableName: 'x' }))).toEqual(
      bad('只支持 PostgreSQL 与 MySQL/MariaDB 数据源'),
    );
    expect(await failure(suite.admin, api().tableColumns({ datasourceId: '1', tableName: 'x' }))).toEqual(bad(zh('recordMissing')));
  });

  it('refuses a loopback data source for a caller of another tenant, before connecting', async () => {
    await expect(readTableColumns(suite.server.ctx, '100027', datasourceId, TABLE)).rejects.toMatchObject({
      code: 400,
      message: expect.stringMatching(/^不允许访问该地址: 127\.0\.0\.1, 本机回环地址$/),
    });
  });

  it.skipIf(!postgres.db)('reads columns, types, nullability, comments and the key of a real PostgreSQL table', async () => {
    const columns = await api().tableColumns({ datasourceId, tableName: TABLE });
    expect(columns.map((col) => col.columnName)).toEqual([
      'id',
      'tenant_id',
      'coil_no',
      'grade',
      'weight',
      'made_on',
      'checked',
      'user_id',
      'remark',
      'create_time',
      'is_deleted',
    ]);
    expect(columns[0]).toMatchObject({ primaryKey: true, nullable: false });
    expect(columns[2]).toMatchObject({ dataType: 'character varying', maxLength: 32, nullable: false, comment: '卷号' });
    expect(columns[4]).toMatchObject({ dataType: 'numeric', precision: 10, scale: 2, nullable: true });
    expect(await failure(suite.admin, api().tableColumns({ datasourceId, tableName: `cg_${SUFFIX}_none` }))).toEqual(
      bad(`数据源中没有该表: cg_${SUFFIX}_none`),
    );
  });
});

describe.skipIf(!postgres.db)('gen-code', () => {
  it("answers Saber's page and API module for system=saber, parsing and naming the resource's paths", async () => {
    const saved = await api().submit(
      record({
        fields: [
          { columnName: 'grade', dict: 'yes_no', search: true },
          { columnName: 'remark', list: false },
        ],
      }),
    );
    const bytes = (await suite.admin.call('POST', '/api/blade-develop/code/gen-code', { ids: saved.id, system: 'saber' }, undefined, {
      binary: true,
    })) as Uint8Array;
    const files = zipOf(bytes);
    expect(Object.keys(files).sort()).toEqual(['home/dev/Saber/src/api/steel/coil.js', 'home/dev/Saber/src/views/steel/coil.vue']);
    const js = files['home/dev/Saber/src/api/steel/coil.js']!;
    Parser.parse(js, { ecmaVersion: 2022, sourceType: 'module' });
    for (const path of ['list', 'detail', 'remove', 'submit']) expect(js).toContain(`'/api/blade-steel/coil/${path}'`.replace(/'/g, '"'));
    const vue = files['home/dev/Saber/src/views/steel/coil.vue']!;
    const template = /<template>([\s\S]*)<\/template>/.exec(vue)?.[1] ?? '';
    expect(compile(template).errors).toEqual([]);
    const script = /<script>([\s\S]*)<\/script>/.exec(vue)?.[1] ?? '';
    Parser.parse(script, { ecmaVersion: 2022, sourceType: 'module' });
    expect(script).toContain('from "@/api/steel/coil"');
    expect(script).toContain('"dicUrl": "/api/blade-system/dict/dictionary?code=yes_no"');
    expect(script).toContain('this.permission.coil_add');
    expect(script).toContain('"label": "卷号"');
    await api().remove([saved.id]);
  });

  it('escapes hostile column names and comments, and keeps every file inside the zip whatever the paths say', async () => {
    const saved = await api().submit(
      record({ tableName: HOSTILE, tablePrefix: 'cg_', apiPath: '../../etc', webPath: '..\\..\\..\\C:\\Windows\\..' }),
    );
    for (const system of ['saber', 'sso'] as const) {
      const files = zipOf(await api().genCode(undefined, { ids: saved.id, system }));
      for (const path of Object.keys(files)) {
        expect(path).not.toMatch(/(^|\/)\.\.(\/|$)|^\/|\\|:/);
        expect(path.startsWith(system === 'sso' ? 'etc/' : 'Windows/')).toBe(true);
      }
      const all = Object.values(files).join('\n');
      expect(all).not.toContain("'); drop");
      expect(all).not.toContain('</script> ${');
      if (system === 'saber') {
        const vue = Object.entries(files).find(([path]) => path.endsWith('.vue'))![1];
        Parser.parse(/<script>([\s\S]*)<\/script>/.exec(vue)![1]!, { ecmaVersion: 2022, sourceType: 'module' });
        expect(vue.match(/<\/script>/g)).toHaveLength(1);
      } else {
        const migration = Object.entries(files).find(([path]) => path.includes('/migrations/'))![1];
        for (const column of ['"we_ird_col"', '"x_drop_table_t"', '"etc_passwd"', '"field1st"']) expect(migration).toContain(column);
      }
    }
    await api().remove([saved.id]);
  });

  it('refuses a generated name the platform already has, an unknown record and an unknown target, without a 500', async () => {
    await postgres.db?.run(`create table cg_${SUFFIX}_user (id bigint primary key, nick varchar(20))`);
    const clash = await api().submit(record({ tableName: `cg_${SUFFIX}_user`, tablePrefix: `cg_${SUFFIX}_` }));
    expect(await failure(suite.admin, api().genCode(undefined, { ids: clash.id }))).toEqual(
      bad('生成的资源与平台已有的资源或菜单重名: user'),
    );
    expect(await failure(suite.admin, api().genCode(undefined, { ids: '99' }))).toEqual(bad(zh('recordMissing')));
    expect(await failure(suite.admin, saberCall('gen-code', { ids: clash.id, system: 'java' }))).toEqual(bad(c.system));
    await api().remove([clash.id]);
  });
});
