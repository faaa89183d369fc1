import type { Redis } from 'ioredis';
import { onFirstUse } from '../kernel/on-first-use.js';

const ioredis = onFirstUse<typeof import('ioredis')>('ioredis');

import { type BusLog, LocalBus } from '../kernel/bus.js';

const CHANNEL = 'sso-cluster';

/**
 * The bus over Redis pub/sub (REDIS_URL): one connection subscribes, another publishes. Both
 * reconnect on their own; while the subscriber is down the node is not `connected`, and when it
 * is back every cached state is dropped, since messages may have been missed.
 */
export class RedisBus extends LocalBus {
  override readonly kind = 'redis' as const;
  private readonly subscriber: Redis;
  private readonly publisher: Redis;
  private subscribed = false;
  private everSubscribed = false;

  /** host:port of the Redis server, for messages (never the password). */
  private readonly target: string;

  constructor(url: string, log?: BusLog) {
    super(log);
    const parsed = new URL(url);
    this.target = `${parsed.hostname}:${parsed.port || 6379}`;
    const options = {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      retryStrategy: (times: number) => Math.min(times * 200, 5000),
    };
    const { Redis: Connection } = ioredis();
    this.subscriber = new Connection(url, options);
    this.publisher = new Connection(url, { ...options, enableOfflineQueue: false });
    for (const connection of [this.subscriber, this.publisher]) connection.on('error', () => {});
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel === CHANNEL) this.receive(text);
    });
    this.subscriber.on('close', () => {
      if (this.subscribed) this.log.warn('cluster bus: Redis connection lost; retrying');
      this.subscribed = false;
    });
    // After a reconnect (or a first attempt that failed) subscribe once the connection is ready.
    this.subscriber.on('ready', () => {
      if (!this.everSubscribed) return;
      this.subscriber.subscribe(CHANNEL).then(
        () => {
          this.subscribed = true;
          this.log.warn('cluster bus: subscribed again on Redis; cached state dropped');
          this.resync();
        },
        () => {},
      );
    });
  }

  override get connected(): boolean {
    return this.subscribed;
  }

  override async start(): Promise<void> {
    try {
      await Promise.all([this.subscriber.connect(), this.publisher.connect()]);
      await this.subscriber.subscribe(CHANNEL);
      this.subscribed = true;
      this.everSubscribed = true;
    } catch (error) {
      this.everSubscribed = true;
      this.log.warn(
        `REDIS_URL: Redis at ${this.target} does not answer (${(error as Error).message}); until it does, sign-outs and revocations on other nodes reach this one only after SSO_CACHE_TTL_MS (/ready says DEGRADED); retrying`,
      );
    }
  }

  protected override async send(text: string): Promise<void> {
    await this.publisher.publish(CHANNEL, text);
  }

  override async close(): Promise<void> {
    this.subscribed = false;
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
