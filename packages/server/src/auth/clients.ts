import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { basicCredentials } from '../kernel/basic-credentials.js';
import type { ClusterBus } from '../kernel/bus.js';
import { clientSecretMatches } from '../kernel/client-secret.js';
import { live } from '../kernel/live-rows.js';

export type ClientRow = Selectable<Database['blade_client']>;

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
    if (!row || row.status !== 1 || !clientSecretMatches(row.clientSecret, presented.secret)) return undefined;
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
