import type { ClusterBus } from '../cluster/bus.js';

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

  constructor(private readonly ttlMs: number) {}

  async get<T>(table: string, key: string, load: () => Promise<T>): Promise<T> {
    let entries = this.tables.get(table);
    if (!entries) {
      entries = new Map();
      this.tables.set(table, entries);
    }
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value as T;
    const value = await load();
    if (entries.size >= ResourceCache.MAX_PER_TABLE) entries.clear();
    entries.set(key, { value, at: Date.now() });
    return value;
  }

  /** A fresh entry, or undefined: lets a route answer before parsing anything. */
  peek<T>(table: string, key: string): T | undefined {
    const hit = this.tables.get(table)?.get(key);
    return hit && Date.now() - hit.at < this.ttlMs ? (hit.value as T) : undefined;
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
