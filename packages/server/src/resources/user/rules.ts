import { badRequest, userMessages as m } from '@sso/shared-api';
import { sql } from 'kysely';
import { syncSessionsOfUsers } from '../../domain/account-sessions.js';
import { checkPlatformRoleExclusivity } from '../../domain/platform-roles.js';
import {
  assertDeptsAndPosts,
  assertRoles,
  assertRoomForUsers,
  checkPlainPassword,
  hashPlain,
  initialPassword,
} from '../../domain/user-accounts.js';
import type { ResourceRules } from '../../engine/types.js';
import { live } from '../../kernel/live-rows.js';
import { userTarget } from '../../logs/security-events.js';

const held = (ids: unknown) => new Set(typeof ids === 'string' ? ids.split(',') : []);

/** yyyy-MM-dd[ HH:mm[:ss]] as local time, as dates are shown (rows.ts formatDateTime). */
export function localDate(text: string): Date {
  const [day, time = '00:00:00'] = text.split(' ');
  return new Date(`${day}T${time.length === 5 ? `${time}:00` : time}`);
}

/**
 * Users: a new user gets the typed password (both entries equal, then the password rule: letters,
 * digits and a special character)
 * or the initial one to change at first sign-in, within the tenant's quota; submit never changes
 * a password; roles, departments and posts must be the tenant's; nobody removes themself.
 */
export const userRules: ResourceRules = {
  async beforeSave({ ctx, caller, values, existing, trx }) {
    const password = values.password as string | undefined;
    const password2 = values.password2 as string | undefined;
    delete values.password;
    delete values.password2;
    if (!existing) {
      const typed = Boolean(password || password2);
      const plain = typed ? checkPlainPassword(password, password2) : await initialPassword(ctx, trx);
      values.password = await hashPlain(ctx, plain);
      values.mustChangePassword = typed ? 0 : 1;
      await assertRoomForUsers(trx, caller.tenant_id, 1);
    }
    // An account enabled (again) starts its dormancy period afresh (compliance profile).
    if (existing && existing.status !== 1 && values.status === 1) values.lastActiveAt = new Date();
    if (values.roleId !== undefined) {
      // Roles the user already holds stay; only newly given ones are checked.
      const before = held(existing?.roleId);
      const added = [...held(values.roleId)].filter((id) => !before.has(id));
      await assertRoles(trx, caller, added.join(','));
      // 三员分立: the roles the user ends with, against those held before.
      const tenantId = (values.tenantId as string | undefined) ?? (existing?.tenantId as string | undefined) ?? caller.tenant_id;
      const target = userTarget({
        id: (existing?.id as string | undefined) ?? '',
        account: String(values.account ?? existing?.account ?? ''),
      });
      await checkPlatformRoleExclusivity(trx, { tenantId, actor: caller, targets: [target] }, [...held(values.roleId)].filter(Boolean), [
        ...before,
      ]);
    }
    await assertDeptsAndPosts(trx, caller, values as { deptId?: string; postId?: string });
    if (typeof values.birthday === 'string') values.birthday = localDate(values.birthday);
  },

  async beforeRemove({ caller, rows }) {
    if (rows.some((row) => row.id === caller.user_id)) throw badRequest(m.say.removeSelf);
  },

  // Once committed, on every node: a disabled account loses its sessions, one that lost roles or
  // departments keeps its sessions without them.
  async afterSave({ ctx, rows }) {
    await syncSessionsOfUsers(
      ctx,
      rows.map((row) => row.id as string),
    );
  },

  async afterRemove({ ctx, rows }) {
    await ctx.sessions.endForUser(
      rows.map((row) => row.id as string),
      { reason: 'user-removed' },
    );
  },

  /** deptId: users in any of these departments or below them (blade_dept.ancestors). */
  listFilter({ caller, query, value }) {
    const deptIds = String(value).split(',');
    return query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('blade_dept as d')
          .select(sql`1`.as('one'))
          .$call(live(caller.tenant_id, 'd'))
          .where((eb) =>
            eb.or([eb('d.id', 'in', deptIds), ...deptIds.map((id) => eb(sql`',' || d.ancestors || ','`, 'like', `%,${id},%`))]),
          )
          .where(sql<boolean>`',' || ${sql.ref('blade_user.deptId')} || ',' like '%,' || d.id || ',%'`),
      ),
    );
  },
};
