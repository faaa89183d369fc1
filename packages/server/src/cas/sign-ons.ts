import { sql } from 'kysely';
import type { AppContext } from '../context.js';

/** A service ticket issued from a platform session: where its logout request goes when the session ends. */
export interface CasSignOn {
  ticket: string;
  sessionId: string;
  appId: string;
  tenantId: string;
  service: string;
  principal: string;
}

/** Sessions ended at once by a tenant or account change can be many: asked about this many at a time. */
const SESSIONS_PER_QUERY = 500;

/**
 * Records a ticket's sign-on, kept until its session ends (or was to end when the ticket was
 * issued: a session that simply runs out is never "ended", so its rows are purged by age).
 */
export async function recordCasSignOn(ctx: AppContext, signOn: CasSignOn): Promise<void> {
  await sql`with purged as (delete from sso_cas_sign_on where expires_at < ${new Date()})
    insert into sso_cas_sign_on (ticket, session_id, app_id, tenant_id, service, principal, expires_at)
    select ${signOn.ticket}, id, ${signOn.appId}::bigint, ${signOn.tenantId}, ${signOn.service}, ${signOn.principal}, expires_at
    from sso_session where id = ${signOn.sessionId}`.execute(ctx.db);
}

/** The sign-ons of these sessions, removed by this call (each is told of its logout once). */
export async function takeCasSignOns(ctx: AppContext, sessionIds: readonly string[]): Promise<CasSignOn[]> {
  const taken: CasSignOn[] = [];
  for (let i = 0; i < sessionIds.length; i += SESSIONS_PER_QUERY) {
    const rows = await ctx.db
      .deleteFrom('sso_cas_sign_on')
      .where('sessionId', 'in', sessionIds.slice(i, i + SESSIONS_PER_QUERY))
      .returning(['ticket', 'sessionId', 'appId', 'tenantId', 'service', 'principal'])
      .execute();
    taken.push(...rows.map((row) => ({ ...row, sessionId: String(row.sessionId), appId: String(row.appId) })));
  }
  return taken;
}
