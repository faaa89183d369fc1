import { type BusLog, type ClusterBus, LocalBus } from '../kernel/bus.js';
import type { Config } from '../kernel/config.js';
import { PgBus } from './pg-bus.js';
import { RedisBus } from './redis-bus.js';

/** Redis pub/sub when REDIS_URL is set, else LISTEN/NOTIFY on PostgreSQL, else this process only (PGlite). */
export function createBus(config: Config, log?: BusLog): ClusterBus {
  if (config.REDIS_URL) return new RedisBus(config.REDIS_URL, log);
  if (config.DATABASE_URL) return new PgBus(config.DATABASE_URL, log);
  return new LocalBus(log);
}
