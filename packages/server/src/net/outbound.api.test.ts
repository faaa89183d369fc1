import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resourceMessages as m } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, FORBIDDEN, failure, type TestUser, tableSnapshot, useTestServer } from '../api-suite.testkit.js';

/**
 * Addresses a tenant can set (storage endpoints, SMS gateways, data sources) may not point at the
 * platform's host: refused when saved and again when connecting, allow-listed hosts excepted.
 */
const suite = useTestServer();
let tenant: TestUser;
let listener: Server;
let port = 0;
let requests = 0;

beforeAll(async () => {
  tenant = await createTenantWithAdmin(suite.server, '100095');
  // Stands in for a service on the platform's host: answers like S3 and Aliyun, and counts.
  listener = createServer((request, response) => {
    requests += 1;
    request.resume();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ Code: 'OK', BizId: 'local' }));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

const S3 = { category: 1, bucketName: 'b', accessKey: 'AK', secretKey: 'SK', region: 'us-east-1' };
const SMS = { category: 3, smsCode: 'SSRF', templateId: 'T1', accessKey: 'AK', secretKey: 'SK', signName: '钢铁' };
const refusal = (shown: string, why: string) => ({ status: 400, code: 400, msg: `不允许访问该地址: ${shown}, ${why}` });
const local = () => [
  [`http://127.0.0.1:${port}`, '127.0.0.1', '本机回环地址'],
  [`http://2130706433:${port}`, '127.0.0.1', '本机回环地址'],
  [`http://0x7f.1:${port}`, '127.0.0.1', '本机回环地址'],
  [`http://127.1:${port}`, '127.0.0.1', '本机回环地址'],
  [`http://[::ffff:127.0.0.1]:${port}`, '::ffff:7f00:1', '本机回环地址'],
  [`http://[::1]:${port}`, '::1', '本机回环地址'],
  ['http://169.254.169.254/latest/meta-data', '169.254.169.254', '链路本地或云元数据地址'],
  [`http://0.0.0.0:${port}`, '0.0.0.0', '未指定地址'],
];
const upload = (sdk = tenant.sdk) => sdk.resource.oss.putFile({ file: { filename: 'a.txt', data: new TextEncoder().encode('a') } }, {});
const setAllowList = async (value: string) => {
  const [row] = (await suite.admin.system.param.list({ paramKey: 'outbound.allowHosts' })).records;
  await suite.admin.system.param.submit({
    id: row?.id,
    paramName: String(row?.paramName),
    paramKey: 'outbound.allowHosts',
    paramValue: value,
  } as never);
};

/** A configuration written straight into the database (an old row, an import), enabled. */
async function forceRow(table: 'blade_oss' | 'blade_sms', values: Record<string, unknown>): Promise<string> {
  const id = suite.server.ctx.ids.next();
  await suite.server.ctx.db
    .insertInto(table)
    .values({ id, tenantId: tenant.tenantId, status: 2, ...values } as never)
    .execute();
  return id;
}

describe('saving', () => {
  it('refuses storage and SMS endpoints on the platform’s host for a tenant, naming the address, writing nothing', async () => {
    const before = [await tableSnapshot(suite.server, 'blade_oss'), await tableSnapshot(suite.server, 'blade_sms')];
    for (const [endpoint, shown, why] of local()) {
      const expected = refusal(String(shown), String(why));
      expect(await failure(tenant.sdk, tenant.sdk.resource.oss.submit({ ...S3, endpoint } as never))).toEqual(expected);
      expect(await failure(tenant.sdk, tenant.sdk.resource.sms.submit({ ...SMS, endpoint } as never))).toEqual(expected);
    }
    const byName = await failure(tenant.sdk, tenant.sdk.resource.oss.submit({ ...S3, endpoint: `http://localhost:${port}` } as never));
    expect(byName.msg).toMatch(/^不允许访问该地址: localhost \((127\.0\.0\.1|::1)\), 本机回环地址$/);
    expect([await tableSnapshot(suite.server, 'blade_oss'), await tableSnapshot(suite.server, 'blade_sms')]).toEqual(before);
    expect(requests).toBe(0);
  });

  it('refuses an update that moves a saved endpoint to the platform’s host', async () => {
    const saved = await tenant.sdk.resource.oss.submit({ ...S3, endpoint: 'http://10.20.30.40:9000' } as never);
    expect(
      await failure(tenant.sdk, tenant.sdk.resource.oss.submit({ id: saved.id, endpoint: `http://127.0.0.1:${port}` } as never)),
    ).toEqual(refusal('127.0.0.1', '本机回环地址'));
    await tenant.sdk.resource.oss.remove(saved.id);
  });

  it('lets the platform tenant set any endpoint', async () => {
    const oss = await suite.admin.resource.oss.submit({ ...S3, endpoint: `http://127.0.0.1:${port}` } as never);
    const sms = await suite.admin.resource.sms.submit({ ...SMS, endpoint: `http://localhost:${port}` } as never);
    await suite.admin.resource.oss.remove(oss.id);
    await suite.admin.resource.sms.remove(sms.id);
  });

  it('keeps data sources to the platform tenant', async () => {
    const url = `jdbc:postgresql://127.0.0.1:${port}/db`;
    const row = { name: '本机', driverClass: 'org.postgresql.Driver', url, username: 'u' };
    expect(await failure(tenant.sdk, tenant.sdk.system.datasource.submit(row))).toEqual(FORBIDDEN);
    const saved = await suite.admin.system.datasource.submit(row);
    expect(await failure(tenant.sdk, tenant.sdk.system.datasource.testConnection({ id: saved.id }))).toEqual(FORBIDDEN);
    await suite.admin.system.datasource.remove(saved.id);
  });
});

describe('connecting', () => {
  it('refuses a stored storage endpoint on the platform’s host before any request leaves', async () => {
    for (const [endpoint, shown, why] of local().slice(0, 6)) {
      const id = await forceRow('blade_oss', { ...S3, endpoint });
      const refused = await failure(tenant.sdk, upload());
      expect(refused).toEqual({
        ...refusal(String(shown), String(why)),
        msg: `${m.storageFailed}: ${refusal(String(shown), String(why)).msg}`,
      });
      await suite.server.ctx.db.deleteFrom('blade_oss').where('id', '=', id).execute();
    }
    const byName = await forceRow('blade_oss', { ...S3, endpoint: `http://localhost:${port}` });
    expect((await failure(tenant.sdk, upload())).status).toBe(400);
    await suite.server.ctx.db.deleteFrom('blade_oss').where('id', '=', byName).execute();
    expect(requests).toBe(0);
  });

  it('refuses a stored SMS gateway on the platform’s host before any request leaves', async () => {
    const id = await forceRow('blade_sms', { ...SMS, endpoint: `http://2130706433:${port}` });
    const refused = await failure(
      tenant.sdk,
      tenant.sdk.resource.sms.sendMessage(undefined, { code: 'SSRF', phones: '13800000001', params: '{}' }),
    );
    expect(refused).toEqual({ status: 400, code: 400, msg: `${m.smsFailed}: 不允许访问该地址: 127.0.0.1, 本机回环地址` });
    await suite.server.ctx.db.deleteFrom('blade_sms').where('id', '=', id).execute();
    expect(requests).toBe(0);
  });
});

describe('the allow-list', () => {
  it('is the platform’s to set', async () => {
    const [row] = (await suite.admin.system.param.list({ paramKey: 'outbound.allowHosts' })).records;
    expect(row?.paramValue).toBe('-');
    const change = { id: row?.id, paramName: String(row?.paramName), paramKey: 'outbound.allowHosts', paramValue: '127.0.0.1' };
    expect(await failure(tenant.sdk, tenant.sdk.system.param.submit(change as never))).toEqual(FORBIDDEN);
    expect((await suite.admin.system.param.list({ paramKey: 'outbound.allowHosts' })).records[0]?.paramValue).toBe('-');
  });

  it('lets tenants save and reach a listed host (host:port), and nothing else on the platform’s host', async () => {
    await setAllowList(`storage.example, 127.0.0.1:${port}`);
    try {
      const saved = await tenant.sdk.resource.oss.submit({ ...S3, endpoint: `http://127.0.0.1:${port}` } as never);
      expect(
        await failure(tenant.sdk, tenant.sdk.resource.oss.submit({ ...S3, endpoint: `http://127.0.0.1:${port + 1}` } as never)),
      ).toEqual(refusal('127.0.0.1', '本机回环地址'));
      await tenant.sdk.resource.oss.enable(undefined, { id: saved.id });
      const file = await upload();
      expect(file.domain).toBe(`http://127.0.0.1:${port}/b`);
      expect(requests).toBe(1);
      await tenant.sdk.resource.oss.remove(saved.id);
    } finally {
      await setAllowList('-');
    }
    const id = await forceRow('blade_oss', { ...S3, endpoint: `http://127.0.0.1:${port}` });
    expect((await failure(tenant.sdk, upload())).status).toBe(400);
    await suite.server.ctx.db.deleteFrom('blade_oss').where('id', '=', id).execute();
    expect(requests).toBe(1);
  });
});
