import { user } from '@sso/shared-api';
import { removePasskeys } from '../../auth/passkeys.js';
import { removeTotp } from '../../auth/totp.js';
import { someExtraHandlers } from '../../engine/extra-handlers.js';
import { userTarget } from '../../logs/security-events.js';
import { usersByIds } from './users-by-ids.js';

/**
 * reset-second-factor: an administrator removes users' TOTP secret and recovery codes and their
 * passkeys (a lost phone or security key); they sign in with the first step alone until they set
 * one up again. Logged as a security event per user.
 */
export const userSecondFactorHandlers = someExtraHandlers(user, {
  async resetSecondFactor({ ctx, repo, query, caller: who }) {
    const users = await usersByIds(repo, ctx, who, query.userIds);
    const ids = users.map((u) => u.id);
    await removeTotp(ctx.db, ids);
    await removePasskeys(ctx.db, ids);
    await ctx.audit.record({ type: 'user.second-factor-reset', actor: who, targets: users.map(userTarget) });
    return true;
  },
});
