import { describe, expect, it } from 'vitest';
import { expectFields, type Page, type Row, useSaberSession } from './saber-client.testkit.js';

/**
 * Saber's code generation screen (views/tool/code.vue with api/tool/code.js) as it calls this
 * server: the data source select, add, list with its search, detail, copy, remove, and 代码生成,
 * whose answer (a zip, not an envelope) its axios interceptor takes as a success by its status.
 */
const session = useSaberSession();
const get = <T = Row[]>(url: string, params?: Record<string, unknown>) => session.saber.get<T>(url, params);
const post = <T = unknown>(url: string, options?: { params?: Record<string, unknown>; data?: unknown }) =>
  session.saber.post<T>(url, options);
const postgres = process.env.SSO_TEST_PG_URL ?? process.env.SSO_TEST_DATABASE_URL;

describe('code generation (views/tool/code.vue)', () => {
  it('adds, lists, searches, details, copies, generates and removes as the screen does', async () => {
    const url = new URL(postgres ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    await post('/api/blade-develop/datasource/submit', {
      data: {
        name: '萨伯生成库',
        driverClass: 'org.postgresql.Driver',
        url: `jdbc:postgresql://${url.hostname}:${url.port || 5432}${url.pathname}`,
        username: decodeURIComponent(url.username) || 'postgres',
        password: decodeURIComponent(url.password),
        remark: '',
      },
    });
    const source = (await get<{ id: string; name: string }[]>('/api/blade-develop/datasource/select')).find(
      (s) => s.name === '萨伯生成库',
    )!;
    expectFields(await get('/api/blade-system/dict/dictionary', { code: 'yes_no' }), ['dictValue', 'dictKey']);
    // The form as avue sends it: the select's id, the radios as numbers (dataType: number).
    await post('/api/blade-develop/code/submit', {
      data: {
        datasourceId: source.id,
        codeName: '访问方法',
        serviceName: 'blade-steel',
        tableName: 'pg_catalog.pg_am',
        tablePrefix: 'pg_',
        pkName: 'oid',
        packageName: 'org.springblade.steel',
        baseMode: 1,
        wrapMode: 0,
        apiPath: 'D:\\Develop\\blade-steel',
        webPath: 'D:\\Develop\\Saber',
      },
    });
    const page = await get<Page>('/api/blade-develop/code/list', { current: 1, size: 10, codeName: '访问', datasourceId: source.id });
    expectFields(page.records, ['id', 'datasourceId', 'codeName', 'serviceName', 'tableName', 'packageName']);
    const row = page.records[0]!;
    expect(await get<Row>('/api/blade-develop/code/detail', { id: row.id })).toMatchObject({
      tablePrefix: 'pg_',
      pkName: 'oid',
      baseMode: 1,
      wrapMode: 0,
      apiPath: 'D:\\Develop\\blade-steel',
    });
    await post('/api/blade-develop/code/copy', { params: { id: row.id } });
    const both = await get<Page>('/api/blade-develop/code/list', { current: 1, size: 10, serviceName: 'blade-steel' });
    expect(both.records.map((r) => r.codeName).sort()).toEqual(['访问方法', '访问方法-copy']);
    if (postgres) {
      const response = await session.saber.server.app.inject({
        method: 'POST',
        url: `/api/blade-develop/code/gen-code?ids=${row.id}&system=saber`,
        headers: { 'blade-auth': `bearer ${session.saber.token}`, authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.rawPayload.includes('Develop/Saber/src/views/steel/am.vue')).toBe(true);
    }
    await post('/api/blade-develop/code/remove', { params: { ids: both.records.map((r) => r.id).join(',') } });
    expect((await get<Page>('/api/blade-develop/code/list', { current: 1, size: 10, serviceName: 'blade-steel' })).total).toBe(0);
  });
});
