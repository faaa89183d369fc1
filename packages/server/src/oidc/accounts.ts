import type { Account, KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../context.js';
import { live } from '../engine/live-rows.js';

/** What each scope discloses (claims beyond the standard ones name the tenant, departments and roles). */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'preferred_username', 'tenant_id', 'dept_id', 'dept_name', 'roles'],
  email: ['email'],
  phone: ['phone_number'],
};

const ids = (list: string | null) => (list ?? '').split(',').filter(Boolean);

/**
 * An account is a platform user, found by id (the `sub`). A disabled or removed user is no
 * account: the provider then treats the session or token as gone. Claims are read when asked, so
 * userinfo always shows the user as they are now.
 */
export async function findAccount(ctx: AppContext, _koa: KoaContextWithOIDC | undefined, sub: string): Promise<Account | undefined> {
  if (!/^\d{1,20}$/.test(sub)) return undefined;
  const user = await ctx.db
    .selectFrom('blade_user')
    .select(['id', 'tenantId', 'account', 'name', 'realName', 'email', 'phone', 'deptId', 'roleId', 'status'])
    .where('id', '=', sub)
    .$call(live(null))
    .executeTakeFirst();
  if (!user || user.status !== 1) return undefined;
  return {
    accountId: user.id,
    async claims() {
      const deptIds = ids(user.deptId);
      const roleIds = ids(user.roleId);
      const depts = deptIds.length
        ? await ctx.db.selectFrom('blade_dept').select(['id', 'deptName']).where('id', 'in', deptIds).$call(live(null)).execute()
        : [];
      const roles = roleIds.length
        ? await ctx.db.selectFrom('blade_role').select(['roleAlias']).where('id', 'in', roleIds).$call(live(null)).execute()
        : [];
      return {
        sub: user.id,
        name: user.realName || user.name || user.account,
        preferred_username: user.account,
        email: user.email ?? undefined,
        phone_number: user.phone ?? undefined,
        tenant_id: user.tenantId,
        dept_id: deptIds[0],
        dept_name: depts.find((d) => d.id === deptIds[0])?.deptName,
        roles: roles.map((r) => r.roleAlias),
      };
    },
  };
}
