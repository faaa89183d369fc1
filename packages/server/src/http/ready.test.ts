import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../app.js';
import { testConfig } from '../kernel/config.js';

/**
 * A node whose cluster bus does not answer still serves, but hears other nodes' sign-outs only
 * after SSO_CACHE_TTL_MS: it says so at start (naming REDIS_URL) and in /ready, not looking healthy.
 */
let server: Server;
const warnings: string[] = [];
let baseUrl: string;

beforeAll(async () => {
  const warn = console.warn;
  console.warn = (message: unknown) => warnings.push(String(message));
  try {
    server = await buildServer(testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }));
  } finally {
    console.warn = warn;
  }
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
});
afterAll(() => server?.close());

describe('a Redis that does not answer', () => {
  it('is named at start and makes /ready say DEGRADED', async () => {
    expect(warnings).toContainEqual(expect.stringMatching(/^REDIS_URL: Redis at 127\.0\.0\.1:1 does not answer .*SSO_CACHE_TTL_MS/));
    const ready = await fetch(`${baseUrl}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'DEGRADED', database: 'pglite', bus: 'redis', busConnected: false });
  });
});
