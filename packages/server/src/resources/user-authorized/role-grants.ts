import { badRequest, appAuthzMessages as m } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { grantAppRoleOutcome, revokeAppRole } from '../../domain/app-role-grants.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { parseExpiry } from './expiry.js';

export interface RoleGrantBody {
  id?: string;
  userId?: string;
  appId?: string;
  appRoleId?: string;
  expireTime?: string;
  reason?: string | null;
}

/** The live grant rows of the caller's tenant with these ids, all of them or a 400. */
async function grantsById(ctx: AppContext, caller: Caller, ids: readonly string[]) {
  const rows = await ctx.db
    .selectFrom('blade_user_authorized_role')
    .select(['id', 'userId', 'appId', 'appRoleId', 'expireTime', 'reason'])
    .where('id', 'in', [...ids])
    .$call(live(caller.tenant_id))
    .execute();
  if (rows.length !== ids.length) throw badRequest(m.say.notGranted);
  return rows;
}

/**
 * The screen's submit: without an id, grant a role to a user through the checked grant path;
 * with one, change that grant's expiry or reason (the user and role stay).
 */
export async function submitRoleGrant(ctx: AppContext, caller: Caller, body: RoleGrantBody): Promise<string> {
  if (body.id) {
    await ctx.permissions.require(caller, 'userauthorizedrole_edit');
    const [row] = await grantsById(ctx, caller, [body.id]);
    if (!row) throw badRequest(m.say.notGranted);
    if ((body.userId && body.userId !== String(row.userId)) || (body.appRoleId && body.appRoleId !== String(row.appRoleId)))
      throw badRequest(m.say.roleOtherApp);
    await grantAppRoleOutcome(
      ctx,
      {
        tenantId: caller.tenant_id,
        userId: String(row.userId),
        appId: String(row.appId),
        appRoleId: String(row.appRoleId),
        reason: body.reason ?? row.reason ?? '',
        source: 'admin',
        expiresAt: body.expireTime === undefined ? row.expireTime : parseExpiry(body.expireTime),
      },
      caller,
    );
    return String(row.id);
  }
  await ctx.permissions.require(caller, 'userauthorizedrole_add');
  if (!body.userId) throw badRequest(m.say.userId);
  if (!body.appRoleId) throw badRequest(m.say.roleMissing);
  await grantAppRoleOutcome(
    ctx,
    {
      tenantId: caller.tenant_id,
      userId: body.userId,
      appId: body.appId ?? '',
      appRoleId: body.appRoleId,
      reason: body.reason ?? '',
      source: 'admin',
      expiresAt: parseExpiry(body.expireTime),
    },
    caller,
  );
  const saved = await ctx.db
    .selectFrom('blade_user_authorized_role')
    .select('id')
    .where('userId', '=', body.userId)
    .where('appRoleId', '=', body.appRoleId)
    .$call(live(caller.tenant_id))
    .executeTakeFirstOrThrow();
  return String(saved.id);
}

/** Revokes the grants with these ids (all of the caller's tenant, or nothing), each through the one revoke path. */
export async function removeRoleGrants(ctx: AppContext, caller: Caller, ids: readonly string[], reason: string | null | undefined) {
  const rows = await grantsById(ctx, caller, ids);
  for (const row of rows)
    await revokeAppRole(
      ctx,
      { tenantId: caller.tenant_id, userId: String(row.userId), appRoleId: String(row.appRoleId), reason: reason ?? '', source: 'admin' },
      caller,
    );
}
