import { sql } from 'kysely';
import type { AppContext } from '../context.js';

/** A response issued from a platform session: whom a LogoutRequest names when the session ends. */
export interface SamlSignOn {
  sessionIndex: string;
  sessionId: string;
  appId: string;
  tenantId: string;
  nameId: string;
  nameIdFormat: string;
}

const SESSIONS_PER_QUERY = 500;

/** Records a sign-on until its session ends (or was to end: a session that runs out is purged by age). */
export async function recordSamlSignOn(ctx: AppContext, signOn: SamlSignOn): Promise<void> {
  await sql`with purged as (delete from sso_saml_sign_on where expires_at < ${new Date()})
    insert into sso_saml_sign_on (session_index, session_id, app_id, tenant_id, name_id, name_id_format, expires_at)
    select ${signOn.sessionIndex}, id, ${signOn.appId}::bigint, ${signOn.tenantId}, ${signOn.nameId}, ${signOn.nameIdFormat}, expires_at
    from sso_session where id = ${signOn.sessionId}`.execute(ctx.db);
}

/** The sign-ons of these sessions, removed by this call (each service provider is told once). */
export async function takeSamlSignOns(ctx: AppContext, sessionIds: readonly string[]): Promise<SamlSignOn[]> {
  const taken: SamlSignOn[] = [];
  for (let i = 0; i < sessionIds.length; i += SESSIONS_PER_QUERY) {
    const rows = await ctx.db
      .deleteFrom('sso_saml_sign_on')
      .where('sessionId', 'in', sessionIds.slice(i, i + SESSIONS_PER_QUERY))
      .returning(['sessionIndex', 'sessionId', 'appId', 'tenantId', 'nameId', 'nameIdFormat'])
      .execute();
    taken.push(...rows.map((row) => ({ ...row, sessionId: String(row.sessionId), appId: String(row.appId) })));
  }
  return taken;
}

/**
 * Forgets the sign-on an application is ending itself (by its session index; without one, all of
 * that application's sign-ons of the session): it needs no logout request. Its other sign-ons from
 * the same session (another of its own sessions, say) are still told.
 */
export async function forgetSamlSignOn(ctx: AppContext, sessionId: string, appId: string, sessionIndex?: string): Promise<void> {
  let query = ctx.db.deleteFrom('sso_saml_sign_on').where('sessionId', '=', sessionId).where('appId', '=', appId);
  if (sessionIndex) query = query.where('sessionIndex', '=', sessionIndex);
  await query.execute();
}
