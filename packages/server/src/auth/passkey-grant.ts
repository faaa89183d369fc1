import {
  accountLockedFor,
  addressThrottled,
  DEFAULT_TENANT_ID,
  logMessages,
  passkeyMessages,
  say,
  type TokenResponse,
} from '@sso/shared-api';
import type { AppContext } from '../context.js';
import { live } from '../kernel/live-rows.js';
import { GrantError } from './grant-error.js';
import type { Passkeys } from './passkeys.js';
import { completeSignIn } from './second-factor.js';
import type { GrantRequest } from './session-grant.js';

/**
 * `grant_type=passkey`: a passwordless sign-in with a discoverable passkey, answering the
 * challenge of `passkey/sign-in-options` (form field `passkey`, WebAuthn JSON). The passkey names
 * the user; the account's lock still applies; no second step follows (the passkey verified the
 * user on the device: two factors in one). Every attempt is in the sign-in log.
 */
export async function passkeyGrant(
  ctx: AppContext,
  passkeys: Passkeys,
  input: GrantRequest & { passkey?: string },
): Promise<TokenResponse> {
  const attempt = { tenantId: DEFAULT_TENANT_ID, account: '', clientId: input.client.clientId, ip: input.ip, userAgent: input.userAgent };
  try {
    if (!input.passkey) throw new GrantError(400, passkeyMessages.say.response);
    const record = await passkeys.verifySignIn(input.passkey, 'sign-in');
    const user = await ctx.db.selectFrom('blade_user').selectAll().where('id', '=', record.userId).$call(live()).executeTakeFirst();
    if (!user) throw new GrantError(400, say('badCredentials'));
    Object.assign(attempt, { tenantId: user.tenantId, account: user.account });
    const lock = await ctx.lockout.verdict({ tenantId: user.tenantId, account: user.account, ip: input.ip });
    if (lock.throttledFor) throw new GrantError(429, addressThrottled(lock.throttledFor), lock.throttledFor);
    if (lock.lockedMinutes) throw new GrantError(400, accountLockedFor(lock.lockedMinutes));
    const granted = await completeSignIn(ctx, { ...input, user, method: 'passkey' });
    await ctx.audit.signIn({ ...attempt, success: true, reason: logMessages.signInOk, userId: user.id });
    return granted;
  } catch (error) {
    await ctx.audit.signIn({ ...attempt, success: false, reason: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}
