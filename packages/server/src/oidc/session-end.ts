import type { AppContext } from '../context.js';
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
 * When the platform session of an account ends (sign-out, password change, account disabled…),
 * its OpenID Connect sessions end too: each application signed in through them that registered a
 * back-channel logout URI receives a logout token, the grants (and so every token issued under
 * them) are revoked and the provider sessions removed. Logout tokens are posted in the background
 * (see `backchannelDelivery`), so an unreachable application never delays the sign-out; a failed
 * notification is logged.
 */
export async function endProviderSessions(ctx: AppContext, providers: Providers, userIds: readonly string[]): Promise<void> {
  if (!userIds.length) return;
  const rows = await ctx.db
    .selectFrom('sso_oidc_object')
    .select(['id', 'payload'])
    .where('model', '=', 'Session')
    .where('accountId', 'in', [...userIds])
    .execute();
  if (!rows.length) return;
  const provider = await providers.made();
  for (const row of rows) {
    const session = JSON.parse(row.payload) as StoredSession;
    for (const [clientId, { sid, grantId }] of Object.entries(session.authorizations ?? {})) {
      if (grantId) await ctx.db.deleteFrom('sso_oidc_object').where('grantId', '=', grantId).execute();
      if (grantId) await ctx.db.deleteFrom('sso_oidc_object').where('model', '=', 'Grant').where('id', '=', grantId).execute();
      const client = (provider && (await provider.Client.find(clientId))) as BackchannelClient | undefined;
      if (client?.backchannelLogoutUri && session.accountId && sid) {
        await client.backchannelLogout(session.accountId, sid).catch((error: unknown) => {
          ctx.log?.warn({ err: error, clientId }, 'back-channel logout not delivered');
        });
      }
    }
    await ctx.db.deleteFrom('sso_oidc_object').where('model', '=', 'Session').where('id', '=', row.id).execute();
  }
}
