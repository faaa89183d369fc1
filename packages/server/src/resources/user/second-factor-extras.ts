import { user } from '@sso/shared-api';
import { removeTotp } from '../../auth/totp.js';
import { someExtraHandlers } from '../../engine/extra-handlers.js';
import { userTarget } from '../../logs/security-events.js';
import { usersByIds } from './users-by-ids.js';

/**
 * reset-second-factor: an administrator removes users' TOTP secret and recovery codes (a lost
 * phone); they sign in with the first step alone until they set it up again. Logged as a security
 * event per user.
 */
export const userSecondFactorHandlers = someExtraHandlers(user, {
  async resetSecondFactor({ ctx, repo, query, caller: who }) {
    const users = await usersByIds(repo, ctx, who, query.userIds);
    await removeTotp(
      ctx.db,
      users.map((u) => u.id),
    );
    await ctx.audit.record({ type: 'user.second-factor-reset', actor: who, targets: users.map(userTarget) });
    return true;
  },
});
