import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { resourceMessages as m } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, failure, type TestUser, tableSnapshot, useTestServer } from '../api-suite.testkit.js';

/**
 * A platform listening on every interface (HOST=0.0.0.0): its non-loopback addresses are its own
 * too, and tenants may not aim storage or SMS at them.
 */
const suite = useTestServer({ HOST: '0.0.0.0' });
const external = Object.values(networkInterfaces())
  .flatMap((list) => list ?? [])
  .find((item) => !item.internal && item.family === 'IPv4')?.address;
let tenant: TestUser;
let listener: Server;
let port = 0;
let requests = 0;

beforeAll(async () => {
  tenant = await createTenantWithAdmin(suite.server, '100096');
  listener = createServer((request, response) => {
    requests += 1;
    request.resume();
    response.end('{}');
  });
  await new Promise<void>((resolve) => listener.listen(0, '0.0.0.0', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

const S3 = { category: 1, bucketName: 'b', accessKey: 'AK', secretKey: 'SK' };
const ownAddress = () => ({ status: 400, code: 400, msg: `不允许访问该地址: ${external}, 本平台自身的地址` });

describe.skipIf(!external)('the platform’s own interface addresses', () => {
  it('are refused on save for storage and SMS, writing nothing', async () => {
    const before = [await tableSnapshot(suite.server, 'blade_oss'), await tableSnapshot(suite.server, 'blade_sms')];
    const endpoint = `http://${external}:${port}`;
    expect(await failure(tenant.sdk, tenant.sdk.resource.oss.submit({ ...S3, endpoint } as never))).toEqual(ownAddress());
    const sms = { category: 4, smsCode: 'OWN', templateId: 'T', accessKey: 'AK', secretKey: 'SK', endpoint };
    expect(await failure(tenant.sdk, tenant.sdk.resource.sms.submit(sms as never))).toEqual(ownAddress());
    expect([await tableSnapshot(suite.server, 'blade_oss'), await tableSnapshot(suite.server, 'blade_sms')]).toEqual(before);
  });

  it('are refused when connecting with a stored row, before any request leaves', async () => {
    const id = suite.server.ctx.ids.next();
    await suite.server.ctx.db
      .insertInto('blade_oss')
      .values({ id, tenantId: tenant.tenantId, status: 2, ...S3, endpoint: `http://${external}:${port}` })
      .execute();
    const upload = tenant.sdk.resource.oss.putFile({ file: { filename: 'a.txt', data: new TextEncoder().encode('a') } }, {});
    expect(await failure(tenant.sdk, upload)).toEqual({ ...ownAddress(), msg: `${m.storageFailed}: ${ownAddress().msg}` });
    expect(requests).toBe(0);
    await suite.server.ctx.db.deleteFrom('blade_oss').where('id', '=', id).execute();
  });

  it('stay open to the platform tenant', async () => {
    const saved = await suite.admin.resource.oss.submit({ ...S3, endpoint: `http://${external}:${port}` } as never);
    await suite.admin.resource.oss.remove(saved.id);
  });
});
