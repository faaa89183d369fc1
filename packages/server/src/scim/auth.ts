import { ADMINISTRATOR_ROLE } from '@sso/shared-api';
import { type ScimTokenHolder, scimTokenHolder } from '../apps/scim-tokens.js';
import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import { ScimError } from './errors.js';

/** Who a SCIM request acts as: the application's token holder and the caller its writes are made by. */
export interface ScimAgent {
  holder: ScimTokenHolder;
  caller: Caller;
}

const BEARER = /^Bearer\s+(\S+)$/i;

const unauthorized = () => new ScimError(401, 'A valid SCIM bearer token of a consuming application is required');

/**
 * The agent of a SCIM request. The token must be the application's current one (a replaced
 * token is refused), its application live and enabled, its tenant usable, and the administrator
 * who minted it still an enabled user of that tenant: SCIM reads and writes act as that
 * administrator, with the roles, permissions and data scope they hold now, so that a token never
 * does more than its minter could do in the console. A `Tenant-Id` header naming another tenant
 * is refused too. Every refusal is a 401.
 */
export async function scimAgent(ctx: AppContext, authorization: string | undefined, tenantHeader: string | undefined): Promise<ScimAgent> {
  const token = authorization ? BEARER.exec(authorization)?.[1] : undefined;
  if (!token) throw unauthorized();
  const holder = await scimTokenHolder(ctx.db, token);
  if (!holder) throw unauthorized();
  if (tenantHeader && tenantHeader !== holder.tenantId) throw unauthorized();
  const tenant = await ctx.db.selectFrom('blade_tenant').select(['status', 'expireTime']).$call(live(holder.tenantId)).executeTakeFirst();
  if (!tenant || tenant.status !== 1 || (tenant.expireTime && tenant.expireTime.getTime() < Date.now())) throw unauthorized();
  const user = await ctx.db
    .selectFrom('blade_user')
    .select(['id', 'account', 'name', 'realName', 'roleId', 'deptId', 'postId', 'status'])
    .where('id', '=', holder.mintedBy)
    .$call(live(holder.tenantId))
    .executeTakeFirst();
  if (!user || user.status !== 1) throw unauthorized();
  const roleIds = (user.roleId ?? '').split(',').filter(Boolean);
  const roles = roleIds.length
    ? await ctx.db.selectFrom('blade_role').select('roleAlias').where('id', 'in', roleIds).$call(live(holder.tenantId)).execute()
    : [];
  const aliases = roles.map((role) => role.roleAlias);
  const caller: Caller = {
    sid: `scim:${holder.appId}`,
    jti: `scim:${holder.appId}`,
    exp: 0,
    client_id: `scim:${holder.appCode}`,
    tenant_id: holder.tenantId,
    user_id: String(user.id),
    account: user.account,
    user_name: user.account,
    nick_name: user.name ?? user.account,
    real_name: user.realName ?? '',
    role_id: roleIds.join(','),
    role_name: aliases.join(','),
    dept_id: user.deptId ?? '',
    post_id: user.postId ?? '',
    oauth_id: '',
    roleIds,
    deptIds: (user.deptId ?? '').split(',').filter(Boolean),
    isAdministrator: aliases.includes(ADMINISTRATOR_ROLE),
  };
  return { holder, caller };
}
