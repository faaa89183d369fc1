import type { EndedSessions } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { takeGrantsOfSessions } from './grant-sessions.js';
import type { Providers } from './providers.js';

/** The provider's client method that posts a logout token (left out of its type definitions). */
interface BackchannelClient {
  backchannelLogoutUri?: string;
  backchannelLogout(sub: string, sid: string): Promise<void>;
}

interface StoredSession {
  accountId?: string;
  authorizations?: Record<string, { sid?: string; grantId?: string }>;
}

/**
 * When a platform session ends (sign-out, password change, account disabled…), the OpenID Connect
 * sessions it made end too: each application signed in through them that registered a back-channel
 * logout URI receives a logout token, the grants (and so every token issued under them) are
 * revoked and the provider sessions removed. A provider session is the ended platform session's
 * when one of its grants was made by it (or by no recorded session at all, from before sessions
 * were recorded); the account's sessions in other browsers stay. Logout tokens are posted in the
 * background (see `backchannelDelivery`), so an unreachable application never delays the
 * sign-out; a failed notification is logged.
 */
export async function endProviderSessions(ctx: AppContext, providers: Providers, ended: EndedSessions): Promise<void> {
  if (!ended.userIds.length) return;
  const grantsOfEnded = await takeGrantsOfSessions(ctx.db, ended.sessionIds);
  const rows = await ctx.db
    .selectFrom('sso_oidc_object')
    .select(['id', 'payload'])
    .where('model', '=', 'Session')
    .where('accountId', 'in', [...ended.userIds])
    .execute();
  if (!rows.length) return;
  const sessions = rows.map((row) => ({ id: row.id, session: JSON.parse(row.payload) as StoredSession }));
  const grantIds = sessions.flatMap(({ session }) =>
    Object.values(session.authorizations ?? {}).flatMap((a) => (a.grantId ? [a.grantId] : [])),
  );
  const recorded = new Set(
    grantIds.length
      ? (await ctx.db.selectFrom('sso_oidc_grant_session').select('grantId').where('grantId', 'in', grantIds).execute()).map(
          (r) => r.grantId,
        )
      : [],
  );
  const madeByEnded = (grantId: string | undefined) => grantId !== undefined && (grantsOfEnded.has(grantId) || !recorded.has(grantId));
  const provider = await providers.made();
  for (const { id, session } of sessions) {
    const authorizations = Object.entries(session.authorizations ?? {});
    if (!authorizations.some(([, { grantId }]) => madeByEnded(grantId))) continue;
    for (const [clientId, { sid, grantId }] of authorizations) {
      if (grantId) await ctx.db.deleteFrom('sso_oidc_object').where('grantId', '=', grantId).execute();
      if (grantId) await ctx.db.deleteFrom('sso_oidc_object').where('model', '=', 'Grant').where('id', '=', grantId).execute();
      const client = (provider && (await provider.Client.find(clientId))) as BackchannelClient | undefined;
      if (client?.backchannelLogoutUri && session.accountId && sid) {
        await client.backchannelLogout(session.accountId, sid).catch((error: unknown) => {
          ctx.log?.warn({ err: error, clientId }, 'back-channel logout not delivered');
        });
      }
    }
    await ctx.db.deleteFrom('sso_oidc_object').where('model', '=', 'Session').where('id', '=', id).execute();
  }
}
