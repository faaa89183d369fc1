import type { AppContext } from '../context.js';
import { splitIds } from './user-accounts.js';

/**
 * After users were saved, granted or imported (committed): the sessions of an account that is
 * now disabled or removed end, and the others act only with the roles and departments the
 * account still holds, from their next request on, on every node.
 */
export async function syncSessionsOfUsers(ctx: AppContext, userIds: readonly string[]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  const rows = await ctx.db
    .selectFrom('blade_user')
    .select(['id', 'status', 'isDeleted', 'roleId', 'deptId'])
    .where('id', 'in', ids)
    .execute();
  const usable = rows.filter((row) => row.status === 1 && row.isDeleted === 0);
  const kept = new Set(usable.map((row) => row.id));
  await ctx.sessions.endForUser(
    ids.filter((id) => !kept.has(id)),
    { reason: 'account-disabled' },
  );
  await ctx.sessions.narrowForUsers(
    usable.map((row) => ({ userId: row.id, roleIds: splitIds(row.roleId), deptIds: splitIds(row.deptId) })),
  );
}

/** After tenants were saved or their licence set (committed): a tenant disabled, expired or removed loses its sessions at once. */
export async function syncSessionsOfTenants(ctx: AppContext, tenantIds: readonly string[]): Promise<void> {
  const ids = [...new Set(tenantIds)];
  if (!ids.length) return;
  const rows = await ctx.db
    .selectFrom('blade_tenant')
    .select(['tenantId', 'status', 'isDeleted', 'expireTime'])
    .where('tenantId', 'in', ids)
    .execute();
  const now = Date.now();
  const usable = new Set(
    rows
      .filter((row) => row.status === 1 && row.isDeleted === 0 && !(row.expireTime && row.expireTime.getTime() < now))
      .map((row) => row.tenantId),
  );
  for (const tenantId of ids) if (!usable.has(tenantId)) await ctx.sessions.endForTenant(tenantId, 'tenant-switched-off');
}
