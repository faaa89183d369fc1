import { badRequest, userMessages as m, user } from '@sso/shared-api';
import { someExtraHandlers } from '../../engine/extra-handlers.js';
import { userTarget } from '../../logs/security-events.js';

/** An account's status: 1 may sign in, 0 is disabled (by an administrator, the directory or dormancy). */
const ENABLED = 1;
const DISABLED = 0;

const userOf = (row: Record<string, unknown>) => ({ id: String(row.id), account: String(row.account), tenantId: String(row.tenantId) });

/**
 * Enabling and disabling accounts by hand: the way back for an account a directory, the dormancy
 * rule or an administrator disabled, and the way to stop one at once. Every id must name an account
 * in the other state, or nothing changes; disabling ends the accounts' sessions everywhere.
 */
export const userStatusHandlers = someExtraHandlers(user, {
  async enable({ repo, query, caller: who }) {
    await repo.change(who, query.userIds, {
      check: (users) => {
        if (users.some((u) => u.status !== DISABLED)) throw badRequest(m.say.notDisabled);
      },
      // Enabled now: dormancy counts from here, not from the last sign-in before it was disabled.
      set: { status: ENABLED, lastActiveAt: new Date() },
      event: (users) => ({ type: 'user.enable', actor: who, targets: users.map(userOf).map(userTarget) }),
    });
    return true;
  },

  async disable({ ctx, repo, query, caller: who }) {
    const ids = [...new Set(query.userIds)];
    if (ids.includes(who.user_id)) throw badRequest(m.say.disableSelf);
    await repo.change(who, ids, {
      check: (users) => {
        if (users.some((u) => u.status !== ENABLED)) throw badRequest(m.say.notEnabled);
      },
      set: { status: DISABLED },
      event: (users) => ({ type: 'user.disable', actor: who, targets: users.map(userOf).map(userTarget) }),
    });
    await ctx.sessions.endForUser(ids, { reason: 'disabled' });
    return true;
  },
});
