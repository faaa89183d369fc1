import { createHash, timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { ClusterBus } from '../cluster/bus.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { live } from '../engine/live-rows.js';
import { basicCredentials } from '../http/basic-credentials.js';

export type ClientRow = Selectable<Database['blade_client']>;

/** Client secrets are kept as `sha256$<hex>`; BladeX's `{noop}secret` rows are accepted on import. */
export function hashClientSecret(secret: string): string {
  return `sha256$${createHash('sha256').update(secret).digest('hex')}`;
}

function secretMatches(stored: string, presented: string): boolean {
  const expected = stored.startsWith('{noop}') ? hashClientSecret(stored.slice(6)) : stored;
  const a = Buffer.from(expected);
  const b = Buffer.from(hashClientSecret(presented));
  return a.length === b.length && timingSafeEqual(a, b);
}

const CLEARED = 'clients.clear';

/** OAuth clients, cached briefly because every token request checks one. */
export class Clients {
  private cache = new Map<string, { row: ClientRow | undefined; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  async authenticate(authorization: string | undefined): Promise<ClientRow | undefined> {
    const presented = basicCredentials(authorization);
    if (!presented) return undefined;
    const row = await this.find(presented.id);
    if (!row || row.status !== 1 || !secretMatches(row.clientSecret, presented.secret)) return undefined;
    return row;
  }

  async find(clientId: string): Promise<ClientRow | undefined> {
    const hit = this.cache.get(clientId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.row;
    const row = await this.db.selectFrom('blade_client').selectAll().where('clientId', '=', clientId).$call(live()).executeTakeFirst();
    this.cache.set(clientId, { row, at: Date.now() });
    return row;
  }

  private bus: ClusterBus | undefined;

  /** A client changed on one node is read again on every node (through the bus). */
  shareThrough(bus: ClusterBus): void {
    this.bus = bus;
    bus.subscribe(CLEARED, () => this.cache.clear());
    bus.onResync(() => this.cache.clear());
  }

  clear(): void {
    if (this.bus) void this.bus.publish(CLEARED, null);
    else this.cache.clear();
  }
}
