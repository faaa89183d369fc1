import { forbidden, say } from '@sso/shared-api';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ClusterBus } from '../kernel/bus.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import { packageMenuIds } from './package-menus.js';

/**
 * Menu and button codes a caller holds: those granted to their roles, narrowed to the tenant's
 * package when it has one. The administrator role holds everything in its tenant (its package,
 * if any). Cached per tenant and role set; grants and packages invalidate with clear().
 */
export class Permissions {
  private cache = new Map<string, { codes: CodeSet; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  private key(caller: Caller): string {
    return `${caller.tenant_id}|${caller.isAdministrator ? 'admin' : ''}|${[...caller.roleIds].sort().join(',')}`;
  }

  /** Codes from memory, without any await (the hot path), or undefined. */
  known(caller: Caller): CodeSet | undefined {
    const hit = this.cache.get(this.key(caller));
    return hit && Date.now() - hit.at < this.ttlMs ? hit.codes : undefined;
  }

  async codesOf(caller: Caller): Promise<CodeSet> {
    const known = this.known(caller);
    if (known) return known;
    const allowed = await packageMenuIds(this.db, caller.tenant_id);
    let codes: CodeSet;
    if (caller.isAdministrator && !allowed) {
      codes = ALL;
    } else {
      let query = this.db.selectFrom('blade_menu as m').select('m.code').$call(live(null, 'm'));
      if (!caller.isAdministrator) {
        if (!caller.roleIds.length) query = query.where(sql<boolean>`false`);
        else
          query = query.where('m.id', 'in', (eb) =>
            eb.selectFrom('blade_role_menu').select('menuId').where('roleId', 'in', caller.roleIds),
          );
      }
      const rows = await query.execute();
      codes = new Set(rows.map((r) => r.code));
      if (allowed) codes = await this.withinPackage(codes, allowed);
    }
    this.cache.set(this.key(caller), { codes, at: Date.now() });
    return codes;
  }

  private async withinPackage(codes: Set<string>, allowed: Set<string>): Promise<Set<string>> {
    if (!allowed.size) return new Set();
    const rows = await this.db
      .selectFrom('blade_menu')
      .select('code')
      .where('id', 'in', [...allowed])
      .$call(live())
      .execute();
    const inPackage = new Set(rows.map((r) => r.code));
    return new Set([...codes].filter((code) => inPackage.has(code)));
  }

  /** Whether the caller holds a code, when that is known without a query. */
  knownAllows(caller: Caller, code: string): boolean | undefined {
    const codes = this.known(caller);
    return codes === undefined ? undefined : codes === ALL || codes.has(code);
  }

  async allows(caller: Caller, code: string): Promise<boolean> {
    const codes = await this.codesOf(caller);
    return codes === ALL || codes.has(code);
  }

  async require(caller: Caller, code: string): Promise<void> {
    if (!(await this.allows(caller, code))) throw forbidden(say('forbidden'));
  }

  private listeners: (() => void)[] = [];

  /** Runs `listener` whenever grants are dropped (scopes remember grants too). */
  onClear(listener: () => void): void {
    this.listeners.push(listener);
  }

  private bus: ClusterBus | undefined;

  /** Grants dropped on one node are dropped on every node (through the bus). */
  shareThrough(bus: ClusterBus): void {
    this.bus = bus;
    bus.subscribe(CLEARED, () => this.clearHere());
    bus.onResync(() => this.clearHere());
  }

  /** Drops remembered grants here at once (before returning) and on the other nodes. */
  clear(): void {
    if (this.bus) void this.bus.publish(CLEARED, null);
    else this.clearHere();
  }

  private clearHere(): void {
    this.cache.clear();
    for (const listener of this.listeners) listener();
  }
}

const CLEARED = 'permissions.clear';

/** Every code (an administrator of a tenant without a package). */
export const ALL = 'all' as const;
type CodeSet = Set<string> | typeof ALL;
