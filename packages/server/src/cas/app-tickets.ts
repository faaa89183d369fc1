import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { urlSafeTicket } from '../kernel/url-safe-ticket.js';

/** What a ticket proves, and to whom it was handed. */
export interface TicketGrant<T> {
  appId: string;
  service: string;
  payload: T;
}

export type TicketKind = 'cas' | 'handoff';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * One-time tickets in the database, so that any node validates a ticket another node issued.
 * A ticket is its prefix and 160 random bits in letters and digits (urlSafeTicket: what CAS
 * clients accept); only its hash is stored. Redeeming deletes the row first and then
 * checks the lifetime, so a ticket is accepted at most once even when two validations race.
 * `now` is the store's clock: tests move it instead of waiting.
 */
export class AppTickets {
  now: () => number = () => Date.now();

  constructor(private readonly ctx: AppContext) {}

  async issue<T>(kind: TicketKind, prefix: string, lifetimeMs: number, grant: TicketGrant<T>): Promise<string> {
    const ticket = urlSafeTicket(prefix);
    const now = this.now();
    await sql`delete from sso_app_ticket where expires_at < ${new Date(now)}`.execute(this.ctx.db);
    await sql`insert into sso_app_ticket (id_hash, kind, app_id, service, payload, expires_at)
      values (${hashOf(ticket)}, ${kind}, ${grant.appId}, ${grant.service}, ${JSON.stringify(grant.payload)}, ${new Date(now + lifetimeMs)})`.execute(
      this.ctx.db,
    );
    return ticket;
  }

  /** The grant of a live ticket of this kind, spent by this call; undefined for an unknown, spent or expired one. */
  async redeem<T>(kind: TicketKind, ticket: string): Promise<TicketGrant<T> | undefined> {
    const { rows } = await sql<{ appId: string; service: string; payload: string; expiresAt: Date | string }>`
      delete from sso_app_ticket where id_hash = ${hashOf(ticket)} and kind = ${kind}
      returning app_id as "appId", service, payload, expires_at as "expiresAt"`.execute(this.ctx.db);
    const row = rows[0];
    if (!row || new Date(row.expiresAt).getTime() <= this.now()) return undefined;
    return { appId: row.appId, service: row.service, payload: JSON.parse(row.payload) as T };
  }
}

const stores = new WeakMap<AppContext, AppTickets>();

/** The ticket store of this server. */
export function appTickets(ctx: AppContext): AppTickets {
  let store = stores.get(ctx);
  if (!store) {
    store = new AppTickets(ctx);
    stores.set(ctx, store);
  }
  return store;
}
