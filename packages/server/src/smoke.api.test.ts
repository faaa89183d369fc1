import { describe, expect, it } from 'vitest';
import { useTestServer } from './api-suite.testkit.js';

const suite = useTestServer();

describe('smoke', () => {
  it('signs in and lists parameters', async () => {
    const sdk = await suite.server.admin();
    const page = await sdk.system.param.list({ current: 1, size: 10 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.records.find((r) => r.paramKey === 'account.failCount')?.paramValue).toBe('5');
  });
});
