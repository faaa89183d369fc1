import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedKindOf } from './address-kinds.js';
import { OutboundGuard, OutboundRefused } from './outbound-guard.js';
import { allowListed, outboundTargetOf } from './outbound-target.js';

const TENANT = '100001';

describe('address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fd00:ec2::254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:0.0.0.0', 'unspecified'],
  ])('%s is %s', (address, kind) => {
    expect(blockedKindOf(address)).toBe(kind);
  });

  it.each(['10.0.0.1', '172.16.5.4', '192.168.1.10', '8.8.8.8', '128.0.0.1', '2001:db8::1', 'fd12:3456::1', 'fec0::1', '::ffff:10.0.0.1'])(
    '%s is allowed (public or private network)',
    (address) => {
      expect(blockedKindOf(address)).toBeUndefined();
    },
  );
});

describe('targets', () => {
  it.each([
    ['http://2130706433/', '127.0.0.1', 80],
    ['http://0x7f.1:9000', '127.0.0.1', 9000],
    ['http://0x7f000001', '127.0.0.1', 80],
    ['http://127.1', '127.0.0.1', 80],
    ['http://017700000001', '127.0.0.1', 80],
    ['https://[::ffff:127.0.0.1]', '::ffff:7f00:1', 443],
    ['HTTP://LocalHost:8080/x', 'localhost', 8080],
    ['127.1:5432', '127.0.0.1', 5432],
    ['postgresql://0x7f.1:5433/db', '127.0.0.1', 5433],
    ['jdbc:postgresql://2130706433/db', '127.0.0.1', 80],
  ])('%s points at %s port %i', (input, hostname, port) => {
    expect(outboundTargetOf(input)).toEqual({ hostname, port });
  });

  it('reads the allow-list as hosts or host:port', () => {
    const target = { hostname: 'minio.local', port: 9000 };
    expect(allowListed('minio.local', target)).toBe(true);
    expect(allowListed(' other , minio.local:9000', target)).toBe(true);
    expect(allowListed('minio.local:9001', target)).toBe(false);
    expect(allowListed('-', target)).toBe(false);
    expect(allowListed(undefined, target)).toBe(false);
    expect(allowListed('[::1]:9000', { hostname: '::1', port: 9000 })).toBe(true);
    expect(allowListed('2130706433', { hostname: '127.0.0.1', port: 80 })).toBe(true);
  });
});

describe('the guard', () => {
  let allowList = '';
  const guard = new OutboundGuard({ host: '127.0.0.1' }, async () => allowList);
  let server: Server;
  let hits = 0;
  let port = 0;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      hits += 1;
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses every spelling of a blocked address for tenants, naming it', async () => {
    for (const url of [
      'http://127.0.0.1',
      'http://2130706433',
      'http://0x7f.1',
      'http://127.1',
      'http://[::ffff:127.0.0.1]',
      'http://[::1]:80',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0:8080',
    ]) {
      await expect(guard.check(TENANT, url)).rejects.toMatchObject({ code: 400, message: expect.stringMatching(/^不允许访问该地址: /) });
    }
    await expect(guard.check(TENANT, 'http://localhost:9000')).rejects.toMatchObject({
      message: expect.stringMatching(/^不允许访问该地址: localhost \((127\.0\.0\.1|::1)\), 本机回环地址$/),
    });
    await expect(guard.check(TENANT, 'http://no-such-host.invalid')).rejects.toMatchObject({
      code: 400,
      message: '无法解析该地址: no-such-host.invalid',
    });
    await expect(guard.check(TENANT, 'http://10.20.30.40:9000')).resolves.toBeUndefined();
  });

  it('lets the platform tenant and allow-listed hosts through', async () => {
    await expect(guard.check('000000', 'http://127.0.0.1:9000')).resolves.toBeUndefined();
    await expect(guard.check('000000', 'http://minio.invalid:9000')).resolves.toBeUndefined();
    allowList = 'localhost:9000';
    await expect(guard.check(TENANT, 'http://localhost:9000')).resolves.toBeUndefined();
    await expect(guard.check(TENANT, 'http://localhost:9001')).rejects.toMatchObject({ code: 400 });
    allowList = '';
  });

  it('refuses the platform’s own addresses: HOST, or every interface when listening on all', async () => {
    const own = new OutboundGuard({ host: '10.9.8.7' }, async () => undefined);
    await expect(own.check(TENANT, 'http://10.9.8.7:5432')).rejects.toMatchObject({
      message: '不允许访问该地址: 10.9.8.7, 本平台自身的地址',
    });
    await expect(own.check(TENANT, 'http://10.9.8.6:5432')).resolves.toBeUndefined();
    const external = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .find((item) => !item.internal && item.family === 'IPv4');
    if (!external) return;
    const everywhere = new OutboundGuard({ host: '0.0.0.0' }, async () => undefined);
    await expect(everywhere.check(TENANT, `http://${external.address}:1`)).rejects.toMatchObject({ code: 400 });
    await expect(
      new OutboundGuard({ host: '127.0.0.1' }, async () => undefined).check(TENANT, `http://${external.address}:1`),
    ).resolves.toBeUndefined();
  });

  it('checks again when connecting: nothing reaches a refused address, the platform’s calls go through', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://2130706433:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
    ]) {
      await expect(guard.fetchFor(TENANT)(url)).rejects.toBeInstanceOf(OutboundRefused);
    }
    expect(hits).toBe(0);
    const answer = await guard.fetchFor('000000')(`http://localhost:${port}/`);
    expect(await answer.text()).toBe('ok');
    expect(hits).toBe(1);
    allowList = `127.0.0.1:${port}`;
    expect((await guard.fetchFor(TENANT)(`http://127.0.0.1:${port}/`)).status).toBe(200);
    expect(hits).toBe(2);
    allowList = '';
  });

  it('checks the target of a redirect too', async () => {
    const redirecting = createServer((_request, response) => {
      response.writeHead(302, { location: `http://localhost:${port}/` });
      response.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const from = (redirecting.address() as AddressInfo).port;
    allowList = `127.0.0.1:${from}`;
    const before = hits;
    await expect(guard.fetchFor(TENANT)(`http://127.0.0.1:${from}/`)).rejects.toBeInstanceOf(OutboundRefused);
    expect(hits).toBe(before);
    allowList = '';
    await new Promise<void>((resolve) => redirecting.close(() => resolve()));
  });

  it('resolves to the address it checked, for clients that connect themselves', async () => {
    expect(await guard.resolve('000000', 'localhost:5432')).toMatch(/^(127\.0\.0\.1|::1)$/);
    await expect(guard.resolve(TENANT, 'localhost:5432')).rejects.toBeInstanceOf(OutboundRefused);
  });
});
