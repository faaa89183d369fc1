import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('smoke', () => {
  it('signs in and lists parameters', async () => {
    const sdk = await server.admin();
    const page = await sdk.system.param.list({ current: 1, size: 10 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.records.find((r) => r.paramKey === 'account.failCount')?.paramValue).toBe('5');
  });
});
