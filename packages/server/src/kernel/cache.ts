import type { ClusterBus } from './bus.js';

const INVALIDATED = 'cache.invalidate';
const CLEARED = 'cache.clear';
/** Invalidations of the same tables within this window travel as one message. */
const ANNOUNCE_AFTER_MS = 20;

/**
 * Read-through cache of read-mostly resources (parameters, dictionaries, menus). Any write to a
 * table drops its entries in this process at once and, through the cluster bus, on the other
 * nodes within a second; entries also age out after SSO_CACHE_TTL_MS (the fallback while the bus
 * is down).
 */
export class ResourceCache {
  private bus: ClusterBus | undefined;
  private readonly unannounced = new Set<string>();
  private announceTimer: NodeJS.Timeout | undefined;

  private readonly tables = new Map<string, Map<string, { value: unknown; at: number }>>();
  /** Tables whose cached answers are made from another table too (display names): source → them. */
  private readonly dependents = new Map<string, Set<string>>();
  private static readonly MAX_PER_TABLE = 2000;
  /** Tables allowed more entries than MAX_PER_TABLE (one entry per user, say). */
  private readonly capacities = new Map<string, number>();

  constructor(private readonly ttlMs: number) {}

  async get<T>(table: string, key: string, load: () => Promise<T>): Promise<T> {
    let entries = this.tables.get(table);
    if (!entries) {
      entries = new Map();
      this.tables.set(table, entries);
    }
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < (this.lifetimes.get(table) ?? this.ttlMs)) return hit.value as T;
    const value = await load();
    if (entries.size >= (this.capacities.get(table) ?? ResourceCache.MAX_PER_TABLE)) entries.clear();
    entries.set(key, { value, at: Date.now() });
    return value;
  }

  /** Lets `table` hold up to `entries` answers before it starts afresh (the default is MAX_PER_TABLE). */
  capacity(table: string, entries: number): void {
    this.capacities.set(table, entries);
  }

  /** A fresh entry, or undefined: lets a route answer before parsing anything. */
  peek<T>(table: string, key: string): T | undefined {
    const hit = this.tables.get(table)?.get(key);
    return hit && Date.now() - hit.at < (this.lifetimes.get(table) ?? this.ttlMs) ? (hit.value as T) : undefined;
  }

  /** Tables whose entries outlive the TTL (see `lifetime`). */
  private readonly lifetimes = new Map<string, number>();

  /**
   * Lets `table`'s entries live `ms` instead of the TTL: for answers dropped explicitly on every
   * change to what they are made from (here and through the bus), where the TTL is only the
   * fallback while the bus is down. A resync of the bus still clears them.
   */
  lifetime(table: string, ms: number): void {
    this.lifetimes.set(table, Math.max(ms, this.ttlMs));
  }

  /** Drops one entry in this process: an answer known to be stale for a reason of its own (a grant it counts has expired). */
  forget(table: string, key: string): void {
    this.tables.get(table)?.delete(key);
  }

  /** Drops and announces invalidations and clears on every node of the cluster. */
  shareThrough(bus: ClusterBus): void {
    this.bus = bus;
    bus.subscribe(INVALIDATED, (payload) => {
      const tables = (payload as { tables?: unknown })?.tables;
      if (Array.isArray(tables)) for (const table of tables) if (typeof table === 'string') this.drop(table);
    });
    bus.subscribe(CLEARED, () => this.tables.clear());
    bus.onResync(() => this.tables.clear());
  }

  /**
   * Drops a table's entries here at once (before returning) and, a few milliseconds later, on
   * the other nodes: tables written on every request (the sign-in log) cost one message per
   * window, not one per write.
   */
  invalidate(table: string): void {
    this.drop(table);
    // One process (PGlite): nobody else to tell.
    if (!this.bus || this.bus.kind === 'local') return;
    this.unannounced.add(table);
    if (!this.announceTimer) {
      this.announceTimer = setTimeout(() => this.announce(), ANNOUNCE_AFTER_MS);
      this.announceTimer.unref();
    }
  }

  /**
   * Cached answers of `table` are made from `source` as well (a menu list names its category from
   * a dictionary): a change to `source` drops them too, here and, as every node declares the same
   * at start, on the other nodes.
   */
  dependsOn(table: string, source: string): void {
    if (table === source) return;
    const dependents = this.dependents.get(source) ?? new Set<string>();
    dependents.add(table);
    this.dependents.set(source, dependents);
  }

  private drop(table: string): void {
    this.tables.delete(table);
    for (const dependent of this.dependents.get(table) ?? []) this.tables.delete(dependent);
  }

  private announce(): void {
    this.announceTimer = undefined;
    const tables = [...this.unannounced];
    this.unannounced.clear();
    if (tables.length) void this.bus?.publish(INVALIDATED, { tables });
  }

  clear(): void {
    if (this.bus) void this.bus.publish(CLEARED, null);
    else this.tables.clear();
  }
}
