import { describe, expect, it } from 'vitest';
import { expectFields, expectNames, type Page, type Row, signIn, useSaberSession } from './saber-client.testkit.js';

/**
 * The authority, base, monitor, resource, desk, report and tool screens of Saber 2.8.1 / 2.9.0 as
 * they call this server: lists, pickers, dialogs and saves, and the fields their tables read.
 */
const session = useSaberSession();
const get = <T = Row[]>(url: string, params?: Record<string, unknown>) => session.saber.get<T>(url, params);
const post = <T = unknown>(url: string, options?: { params?: Record<string, unknown>; data?: unknown }) =>
  session.saber.post<T>(url, options);

/** Waits, a bounded number of times, until a list has rows (logs are written in batches). */
async function firstPage(url: string, params: Record<string, unknown> = {}): Promise<Page> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const page = await get<Page>(url, { current: 1, size: 10, ...params });
    if (page.records.length > 0) return page;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} stayed empty`);
}

describe('data scope and API scope (views/authority/datascope.vue, apiscope.vue)', () => {
  for (const [base, kind, dict, extra] of [
    [
      '/api/blade-system/data-scope',
      'data',
      'data_scope_type',
      { scopeColumn: 'create_dept', scopeType: 1, scopeField: '*', scopeClass: 'org.springblade.modules.system.entity.User' },
    ],
    ['/api/blade-system/api-scope', 'api', 'api_scope_type', { scopePath: '/api/blade-user/**', scopeType: 1 }],
  ] as const) {
    it(`${kind}: the lazy menu tree, the scopes of a menu, the type dictionary, add`, async () => {
      const menus = await get('/api/blade-system/menu/lazy-menu-list', { parentId: 0 });
      expectFields(menus, ['id', 'name', 'code', 'hasChildren']);
      const children = await get('/api/blade-system/menu/lazy-menu-list', { parentId: menus.find((m) => m.hasChildren)!.id });
      const menu = children[0]!;
      expectFields(await get('/api/blade-system/dict/dictionary', { code: dict }), ['dictValue', 'dictKey']);
      // The scope dialog presets menuId and resourceCode from the menu chosen on the left.
      await post(`${base}/submit`, { data: { menuId: menu.id, resourceCode: menu.code, scopeName: `萨伯${kind}`, remark: '', ...extra } });
      const page = await get<Page>(`${base}/list`, { current: 1, size: 10, menuId: menu.id });
      expect(page.records.map((r) => r.scopeName)).toContain(`萨伯${kind}`);
      expectFields(page.records, ['id', 'scopeName', 'resourceCode', 'scopeType', 'menuId']);
      expect(await get<Row>(`${base}/detail`, { id: page.records[0]!.id })).toMatchObject({ menuId: menu.id });
    });
  }
});

describe('region (views/base/region.vue)', () => {
  it('loads the lazy tree from 00, opens a region, lists its children and adds one', async () => {
    const provinces = await get('/api/blade-system/region/lazy-tree', { parentCode: '00' });
    expectFields(provinces, ['id', 'title', 'value', 'key', 'hasChildren']);
    const province = provinces[0]!;
    const detail = await get<Row>('/api/blade-system/region/detail', { code: province.value ?? province.id });
    expectFields([detail], ['code', 'name', 'parentCode', 'level', 'sort']);
    const cities = await get('/api/blade-system/region/lazy-tree', { parentCode: detail.code });
    expect(cities.length).toBeGreaterThan(0);
    const city = String(cities[0]!.value ?? cities[0]!.id);
    await post('/api/blade-system/region/submit', { data: { parentCode: city, code: `${city}99`, name: '萨伯区', sort: 99, remark: '' } });
    const below = await get('/api/blade-system/region/lazy-tree', { parentCode: city });
    expect(below.map((r) => r.title)).toContain('萨伯区');
    expect(await get<Row>('/api/blade-system/region/detail', { code: `${city}99` })).toMatchObject({ name: '萨伯区', parentCode: city });
  });
});

describe('logs (views/monitor/log/usual.vue, api.vue, error.vue; the sign-in log)', () => {
  it('api log: list and detail', async () => {
    const page = await firstPage('/api/blade-log/api/list');
    expectFields(page.records, ['id', 'serviceId', 'serverHost', 'serverIp', 'env', 'title', 'method', 'requestUri', 'createTime']);
    expectFields([await get<Row>('/api/blade-log/api/detail', { id: page.records[0]!.id })], ['params', 'userAgent', 'remoteIp']);
  });

  it('error log: list and detail of what a browser reported', async () => {
    // Saber's error-log button sends the browser's buffered errors with its sign-out: a second session here.
    const token = await signIn(session.saber.server.baseUrl, 'admin', 'admin');
    const report = await fetch(`${session.saber.server.baseUrl}/api/blade-auth/oauth/logout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Blade-Auth': `bearer ${token}`, Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' },
      body: JSON.stringify([
        { type: 'error', url: '/wel/index', message: 'saber boom', stack: 'at saber', info: 'x', time: '2026-01-01 00:00:00' },
      ]),
    });
    expect(report.status).toBe(200);
    const page = await firstPage('/api/blade-log/error/list');
    expectFields(page.records, ['id', 'serviceId', 'serverHost', 'serverIp', 'env', 'method', 'requestUri', 'createTime']);
    expectFields([await get<Row>('/api/blade-log/error/detail', { id: page.records[0]!.id })], ['message', 'stackTrace']);
  });

  it('usual log and sign-in log: lists answer pages with their columns', async () => {
    const usual = await get<Page>('/api/blade-log/usual/list', { current: 1, size: 10 });
    expect(typeof usual.total).toBe('number');
    const logins = await firstPage('/api/blade-log/login/list');
    expectFields(logins.records, ['id', 'account', 'tenantId', 'success', 'remoteIp', 'createTime']);
  });
});

describe('resource (views/resource/oss.vue, sms.vue, attach.vue)', () => {
  it('oss: dictionary, add, list, enable', async () => {
    expectFields(await get('/api/blade-system/dict/dictionary', { code: 'oss' }), ['dictValue', 'dictKey']);
    await post('/api/blade-resource/oss/submit', {
      data: {
        category: 1,
        ossCode: 'saber-oss',
        endpoint: 'http://127.0.0.1:9000',
        bucketName: 'saber',
        accessKey: 'ak',
        secretKey: 'sk',
        appId: '',
        region: '',
        remark: '',
      },
    });
    const page = await get<Page>('/api/blade-resource/oss/list', { current: 1, size: 10 });
    expectFields(page.records, ['id', 'category', 'ossCode', 'endpoint', 'bucketName', 'accessKey', 'status']);
    const row = page.records.find((r) => r.ossCode === 'saber-oss')!;
    await post('/api/blade-resource/oss/enable', { params: { id: row.id } });
    expect(await get<Row>('/api/blade-resource/oss/detail', { id: row.id })).toMatchObject({ status: 2 });
    // Back to the local store, so the attachment upload below does not need the address above.
    await post('/api/blade-resource/oss/remove', { params: { ids: row.id } });
  });

  it('sms: dictionary, add, list, enable', async () => {
    expectFields(await get('/api/blade-system/dict/dictionary', { code: 'sms' }), ['dictValue', 'dictKey']);
    await post('/api/blade-resource/sms/submit', {
      data: {
        category: 3,
        smsCode: 'saber-sms',
        templateId: 'T1',
        accessKey: 'ak',
        secretKey: 'sk',
        regionId: '',
        signName: '萨伯',
        remark: '',
      },
    });
    const page = await get<Page>('/api/blade-resource/sms/list', { current: 1, size: 10 });
    expectFields(page.records, ['id', 'category', 'smsCode', 'templateId', 'accessKey', 'signName', 'status']);
    const row = page.records.find((r) => r.smsCode === 'saber-sms')!;
    await post('/api/blade-resource/sms/enable', { params: { id: row.id } });
  });

  it('attach: the upload dialog (put-file-attach), then the list and detail', async () => {
    const form = new FormData();
    form.append('file', new Blob(['saber attachment\n'], { type: 'text/plain' }), 'saber.txt');
    const upload = await fetch(`${session.saber.server.baseUrl}/api/blade-resource/oss/endpoint/put-file-attach`, {
      method: 'POST',
      headers: { Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0', 'Blade-Auth': `bearer ${session.saber.token}`, 'Tenant-Id': '000000' },
      body: form,
    });
    const uploaded = (await upload.json()) as { code: number; data: Row };
    expect(uploaded.code).toBe(200);
    expectFields([uploaded.data], ['link', 'domain', 'name', 'originalName', 'attachId']);
    const page = await get<Page>('/api/blade-resource/attach/list', { current: 1, size: 10 });
    expectFields(page.records, ['id', 'link', 'domain', 'name', 'originalName', 'extension', 'attachSize']);
    expect(page.records.map((r) => r.originalName)).toContain('saber.txt');
    expect(await get<Row>('/api/blade-resource/attach/detail', { id: uploaded.data.attachId })).toMatchObject({
      originalName: 'saber.txt',
    });
  });
});

describe('notice, report, data source (views/desk/notice.vue, report/reportlist.vue, tool/datasource.vue)', () => {
  it('notice: dictionary, add, list, detail', async () => {
    expectFields(await get('/api/blade-system/dict/dictionary', { code: 'notice' }), ['dictValue', 'dictKey']);
    await post('/api/blade-desk/notice/submit', {
      data: { title: '萨伯通知', category: 1, releaseTime: '2026-01-01 00:00:00', content: '<p>内容</p>' },
    });
    const page = await get<Page>('/api/blade-desk/notice/list', { current: 1, size: 10 });
    expectFields(page.records, ['id', 'title', 'category', 'releaseTime']);
    expect(await get<Row>('/api/blade-desk/notice/detail', { id: page.records[0]!.id })).toHaveProperty('content');
  });

  it('report: the list answers a page', async () => {
    const page = await get<Page>('/api/blade-report/report/rest/list', { current: 1, size: 10 });
    expect(Array.isArray(page.records)).toBe(true);
    expect(typeof page.total).toBe('number');
  });

  it('data source: add, list, detail without the password, and the select of the tenant screen', async () => {
    await post('/api/blade-develop/datasource/submit', {
      data: {
        name: '萨伯库',
        driverClass: 'org.postgresql.Driver',
        url: 'jdbc:postgresql://127.0.0.1:5432/saber',
        username: 'saber',
        password: 'saber_pw',
        remark: '',
      },
    });
    const page = await get<Page>('/api/blade-develop/datasource/list', { current: 1, size: 10 });
    expectFields(page.records, ['id', 'name', 'driverClass', 'url', 'username']);
    const row = page.records.find((r) => r.name === '萨伯库')!;
    expect(JSON.stringify(await get<Row>('/api/blade-develop/datasource/detail', { id: row.id }))).not.toContain('saber_pw');
    expect(await get('/api/blade-develop/datasource/select')).toContainEqual({ id: row.id, name: '萨伯库' });
  });
});

describe('display names of the platform screens', () => {
  it('data scope and API scope rows name their menu', async () => {
    const page = await get<Page>('/api/blade-system/data-scope/list', { current: 1, size: 10 });
    expectNames(page.records, ['menuName']);
  });
});
