/**
 * Read-through cache of read-mostly resources (parameters, dictionaries, menus). Any write to a
 * table drops its entries in this process at once; other processes of a cluster see the change
 * when their entries age out (SSO_CACHE_TTL_MS).
 */
export class ResourceCache {
  private readonly tables = new Map<string, Map<string, { value: unknown; at: number }>>();
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

  invalidate(table: string): void {
    this.tables.delete(table);
  }

  clear(): void {
    this.tables.clear();
  }
}
