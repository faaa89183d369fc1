import { badRequest, INIT_PASSWORD_DONE, INIT_PASSWORD_PENDING, say, user } from '@sso/shared-api';
import { syncSessionsOfUsers } from '../../domain/account-sessions.js';
import { checkPlatformRoleExclusivity } from '../../domain/platform-roles.js';
import { assertRoles, auditOf, splitIds, updateUsers } from '../../domain/user-accounts.js';
import { someExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';
import { formatDateTime, toApiRow } from '../../kernel/rows.js';
import { userTarget } from '../../logs/security-events.js';
import { usersByIds } from './users-by-ids.js';

/** Profile, platform, role and lockout extras of /api/blade-user. */

export const userProfileHandlers = someExtraHandlers(user, {
  /** update: the generic save with an id; the user rules keep the password out of it. */
  async update({ repo, body, caller }) {
    const { id, ...values } = body as Record<string, unknown> & { id: string };
    const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    return repo.save(caller, changes, id);
  },

  /** The caller's profile; the names the personal-info form shows are the user resource's declared names. */
  async info({ ctx, caller: who }) {
    const user = await ctx.db
      .selectFrom('blade_user')
      .selectAll()
      .where('id', '=', who.user_id)
      .$call(live(who.tenant_id))
      .executeTakeFirst();
    if (!user) throw badRequest(say('recordMissing'));
    return {
      ...toApiRow(user, ['password']),
      isInitPassword: user.mustChangePassword ? INIT_PASSWORD_PENDING : INIT_PASSWORD_DONE,
    };
  },

  /** The caller's own avatar, names, phone and email (fields left out stay as they are). */
  async updateInfo({ ctx, body, caller: who }) {
    const { avatar, realName, name, phone, email } = body as Record<string, string | null | undefined>;
    const changes = Object.fromEntries(Object.entries({ avatar, realName, name, phone, email }).filter(([, v]) => v !== undefined));
    await ctx.db
      .updateTable('blade_user')
      .set({ ...changes, ...auditOf(who) })
      .where('id', '=', who.user_id)
      .$call(live(who.tenant_id))
      .execute();
    return true;
  },

  async platformDetail({ ctx, repo, query, caller }) {
    const rows = await (await repo.visible(ctx.db as never, caller))
      .select(['id', 'account', 'realName', 'userType', 'userExt'])
      .where('id', '=', query.id)
      .execute();
    return rows[0] ?? null;
  },

  async updatePlatform({ ctx, repo, query, caller: who }) {
    const [user] = await usersByIds(repo, ctx, who, [query.userId]);
    await ctx.db
      .updateTable('blade_user')
      .set({
        ...(query.userType !== undefined ? { userType: query.userType } : {}),
        userExt: query.userExt ?? null,
        ...auditOf(who),
      })
      .where('id', '=', user.id)
      .execute();
    return true;
  },

  /** grant: the users' roles become exactly these (roles of the caller's tenant). */
  async grant({ ctx, repo, query, caller: who }) {
    const users = await usersByIds(repo, ctx, who, query.userIds);
    const roleIds = (query.roleIds as string[]).join(',');
    await assertRoles(ctx.db, who, roleIds);
    // 三员分立: each user checked against the roles they hold now; one refusal and nobody changes.
    for (const user of users) {
      await checkPlatformRoleExclusivity(
        ctx.db,
        { tenantId: who.tenant_id, actor: who, targets: [userTarget(user)] },
        query.roleIds as string[],
        splitIds(user.roleId),
      );
    }
    await updateUsers(ctx, who, users, { roleId: roleIds });
    // Roles taken away leave the users' live sessions at once, on every node.
    await syncSessionsOfUsers(
      ctx,
      users.map((u) => u.id),
    );
    await ctx.audit.record({
      type: 'user.grant',
      actor: who,
      targets: users.map(userTarget),
      detail: { roleIds: { from: [...new Set(users.map((u) => u.roleId ?? ''))], to: roleIds } },
    });
    return true;
  },

  /** locked-accounts: whom unlock would help now (yyyy-MM-dd HH:mm:ss, as lists show times). */
  async lockedAccounts({ ctx, caller }) {
    const locked = await ctx.lockout.lockedAccounts(caller.tenant_id);
    return locked.map((row) => ({ account: row.account, lockedUntil: formatDateTime(row.lockedUntil) }));
  },

  /** unlock: forget the users' failed sign-ins at every address (auth/lockout.ts). */
  async unlock({ ctx, repo, query, caller }) {
    const users = await usersByIds(repo, ctx, caller, query.userIds);
    await ctx.lockout.clearAccounts(users);
    await ctx.audit.record({ type: 'user.unlock', actor: caller, targets: users.map(userTarget) });
    return true;
  },
});
