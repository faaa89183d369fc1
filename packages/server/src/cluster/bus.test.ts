import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClusterBus } from '../kernel/bus.js';
import { LocalBus } from '../kernel/bus.js';
import { PgBus } from './pg-bus.js';
import { RedisBus } from './redis-bus.js';
import { redisAnswers, waitFor } from './test-nodes.js';

const pgUrl = process.env.SSO_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.SSO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { warn: () => {} };

async function pgAnswers(): Promise<boolean> {
  const probe = new PgBus(pgUrl, quiet);
  await probe.start();
  const ok = probe.connected;
  await probe.close();
  return ok;
}

/** Two nodes on one transport: each applies its own message once, the other receives it. */
async function exchange(a: ClusterBus, b: ClusterBus) {
  const seenA: unknown[] = [];
  const seenB: unknown[] = [];
  const resyncs: string[] = [];
  a.subscribe('t', (p) => seenA.push(p));
  b.subscribe('t', (p) => seenB.push(p));
  a.onResync(() => resyncs.push('a'));
  b.onResync(() => resyncs.push('b'));
  await a.publish('t', { n: 1 });
  expect(seenA).toEqual([{ n: 1 }]);
  await waitFor(() => seenB.length === 1, 2000);
  expect(seenB).toEqual([{ n: 1 }]);
  // Too big for one notification: the others are told to drop what they remember instead.
  await a.publish('t', { big: 'x'.repeat(9000) });
  await waitFor(() => resyncs.includes('b'), 2000);
  expect(seenB).toHaveLength(1);
  expect(seenA).toHaveLength(2);
  // Its own message coming back is not applied twice.
  await b.publish('t', { n: 2 });
  await waitFor(() => seenA.length === 3, 2000);
  expect(seenB).toEqual([{ n: 1 }, { n: 2 }]);
}

describe('cluster bus', () => {
  const open: ClusterBus[] = [];
  afterAll(async () => {
    for (const bus of open) await bus.close();
  });

  it('delivers in process when there is one node', async () => {
    const bus = new LocalBus(quiet);
    const seen: unknown[] = [];
    bus.subscribe('t', (p) => seen.push(p));
    await bus.publish('t', 1);
    expect(seen).toEqual([1]);
    expect(bus.connected).toBe(true);
  });

  it('carries messages between nodes over PostgreSQL LISTEN/NOTIFY', async (test) => {
    if (!(await pgAnswers())) {
      console.log(`skipped: no PostgreSQL at ${pgUrl}`);
      return test.skip();
    }
    const a = new PgBus(pgUrl, quiet);
    const b = new PgBus(pgUrl, quiet);
    open.push(a, b);
    await Promise.all([a.start(), b.start()]);
    await exchange(a, b);
  });

  it('carries messages between nodes over Redis pub/sub', async (test) => {
    if (!(await redisAnswers(redisUrl))) {
      console.log(`skipped: no Redis at ${redisUrl}`);
      return test.skip();
    }
    const a = new RedisBus(redisUrl, quiet);
    const b = new RedisBus(redisUrl, quiet);
    open.push(a, b);
    await Promise.all([a.start(), b.start()]);
    expect(a.connected && b.connected).toBe(true);
    await exchange(a, b);
  });

  it('subscribes again after Redis drops the connection, and resyncs', async (test) => {
    if (!(await redisAnswers(redisUrl))) {
      console.log(`skipped: no Redis at ${redisUrl}`);
      return test.skip();
    }
    const a = new RedisBus(redisUrl, quiet);
    const b = new RedisBus(redisUrl, quiet);
    open.push(a, b);
    await Promise.all([a.start(), b.start()]);
    const resyncs: string[] = [];
    const seen: unknown[] = [];
    b.onResync(() => resyncs.push('b'));
    b.subscribe('t', (p) => seen.push(p));
    // What a Redis restart does to subscribers: their connections are closed.
    const admin = new Redis(redisUrl);
    try {
      await admin.client('KILL', 'TYPE', 'pubsub');
    } finally {
      admin.disconnect();
    }
    await waitFor(() => resyncs.length > 0 && b.connected, 10_000, 'B subscribed again');
    await a.publish('t', 'after');
    await waitFor(() => seen.includes('after'), 2000, 'B receiving again');
  });

  it('is not connected while PostgreSQL cannot be reached, and keeps trying', async () => {
    const bus = new PgBus('postgres://postgres@127.0.0.1:1/none', quiet);
    open.push(bus);
    await bus.start();
    expect(bus.connected).toBe(false);
    const seen: unknown[] = [];
    bus.subscribe('t', (p) => seen.push(p));
    await bus.publish('t', 1);
    expect(seen).toEqual([1]);
  });
});
