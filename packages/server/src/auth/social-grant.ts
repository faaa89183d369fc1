import { accountLockedFor, addressThrottled, DEFAULT_TENANT_ID, type TokenResponse } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import { live } from '../kernel/live-rows.js';
import { redeemSocialCode, SocialRedeemRefused } from '../social/flow.js';
import { socialFlowMessages as m } from '../social/flow-messages.js';
import { issueRegistrationTicket } from '../social/registration-ticket.js';
import { GrantError } from './grant-error.js';
import { completeSignIn } from './second-factor.js';
import type { GrantRequest } from './session-grant.js';

/**
 * An identity no account is bound to: HTTP 400
 * `{ error: 'social_unbound', oauth_id, tenant_id, registration_ticket }`, so the sign-in page
 * opens the registration dialog and sends the oauth_id and the ticket with it.
 */
export class SocialUnbound extends GrantError {
  constructor(
    readonly oauthId: string,
    readonly tenantId: string,
    readonly registrationTicket: string,
  ) {
    super(400, m.say.unbound);
  }

  get body() {
    return {
      error: 'social_unbound',
      error_code: 400,
      error_description: this.message,
      oauth_id: this.oauthId,
      tenant_id: this.tenantId,
      registration_ticket: this.registrationTicket,
    };
  }
}

type SocialGrantInput = GrantRequest & { source?: string; code?: string; state?: string };

/**
 * `grant_type=social` (source, code, state): redeems the one-time code the provider's call back
 * issued. Refusals (missing, replayed, expired or mismatched) count against the address as failed
 * sign-ins do, an account locked for this address stays locked, and the bound account goes
 * through the same second step as a password sign-in. Every attempt is in the sign-in log.
 */
export async function socialGrant(ctx: AppContext, input: SocialGrantInput): Promise<TokenResponse> {
  const who = { tenantId: DEFAULT_TENANT_ID, account: '', userId: undefined as string | undefined };
  const attempt = { clientId: input.client.clientId, ip: input.ip, userAgent: input.userAgent };
  try {
    const granted = await checkSocialGrant(ctx, input, who);
    await ctx.audit.signIn({ ...attempt, ...who, success: true, reason: m.signedIn, userId: granted.user_id });
    return granted;
  } catch (error) {
    await ctx.audit.signIn({ ...attempt, ...who, success: false, reason: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

async function checkSocialGrant(
  ctx: AppContext,
  input: SocialGrantInput,
  who: { tenantId: string; account: string; userId?: string },
): Promise<TokenResponse> {
  const source = input.source?.trim() ?? '';
  const probe = { tenantId: DEFAULT_TENANT_ID, account: `social:${source.slice(0, 20)}`, ip: input.ip };
  const throttle = await ctx.lockout.verdict(probe);
  if (throttle.throttledFor) throw new GrantError(429, addressThrottled(throttle.throttledFor), throttle.throttledFor);
  if (!source || !input.code || !input.state) throw new GrantError(400, m.say.missing);
  let redeemed: { tenantId: string; oauthId: string; providerId: string };
  try {
    redeemed = await redeemSocialCode(ctx, { source, code: input.code, state: input.state });
  } catch (error) {
    if (!(error instanceof SocialRedeemRefused)) throw error;
    await ctx.lockout.recordFailure(probe);
    throw new GrantError(400, error.said);
  }
  who.tenantId = redeemed.tenantId;
  const binding = await ctx.db.selectFrom('blade_user_oauth').select(['userId']).where('id', '=', redeemed.oauthId).executeTakeFirst();
  const user = binding?.userId
    ? await ctx.db.selectFrom('blade_user').selectAll().where('id', '=', binding.userId).$call(live(redeemed.tenantId)).executeTakeFirst()
    : undefined;
  if (!user) throw new SocialUnbound(redeemed.oauthId, redeemed.tenantId, await issueRegistrationTicket(ctx, redeemed));
  who.account = user.account;
  who.userId = user.id;
  const lock = await ctx.lockout.verdict({ tenantId: user.tenantId, account: user.account, ip: input.ip });
  if (lock.lockedMinutes) throw new GrantError(400, accountLockedFor(lock.lockedMinutes));
  return completeSignIn(ctx, { ...input, user, method: 'social', oauthId: redeemed.oauthId });
}
