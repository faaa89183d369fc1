import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import type { CasPrincipal } from './cas-xml.js';

/**
 * Who a service ticket names, fixed when the ticket is issued: `cas:user` is the account; the CAS
 * 3.0 attributes are the account, the display name, the tenant, the names of the user's
 * departments and the aliases of the roles they hold in this session.
 */
export async function casPrincipal(ctx: AppContext, caller: Caller): Promise<CasPrincipal> {
  const deptNames = caller.deptIds.length
    ? (
        await ctx.db.selectFrom('blade_dept').select('deptName').where('id', 'in', caller.deptIds).$call(live(caller.tenant_id)).execute()
      ).map((row) => row.deptName)
    : [];
  return {
    user: caller.account,
    attributes: {
      account: caller.account,
      name: caller.real_name || caller.nick_name || caller.account,
      tenant: caller.tenant_id,
      department: deptNames,
      roles: caller.role_name ? caller.role_name.split(',') : [],
    },
  };
}
