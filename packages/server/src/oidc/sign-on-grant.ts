import type { FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { appForCode } from '../apps/protocol-apps.js';
import { admitSignOn, type SignOnOutcome } from '../apps/sign-on.js';
import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import { linkGrantToSession } from './grant-sessions.js';

/**
 * An OpenID Connect sign-on through the one sign-on pipeline: the client must be an enabled oidc
 * application of the caller's tenant, the redirect URI one of its own, and the caller allowed to
 * open it; the open is then recorded (same-visit rule).
 */
export async function admitOidcSignOn(
  ctx: AppContext,
  input: { caller: Caller; clientId: string; redirectUri: string; request: Pick<FastifyRequest, 'ip'> },
): Promise<SignOnOutcome> {
  const { caller, clientId } = input;
  return admitSignOn(ctx, {
    caller,
    app: await appForCode(ctx, 'oidc', clientId, caller.tenant_id),
    target: input.redirectUri,
    request: input.request,
  });
}

/**
 * The grant of an admitted sign-on: applications are first-party, so it holds the scopes asked
 * for without a consent screen. It is linked to the platform session that made it, so that the
 * grant (and every token under it) ends with that session.
 */
export async function grantSignOn(
  ctx: AppContext,
  provider: Provider,
  input: { caller: Caller; clientId: string; scope: string },
): Promise<InstanceType<Provider['Grant']>> {
  const grant = new provider.Grant({ accountId: input.caller.user_id, clientId: input.clientId });
  grant.addOIDCScope(input.scope);
  const grantId = await grant.save();
  await linkGrantToSession(ctx.db, grantId, input.caller.sid);
  return grant;
}
