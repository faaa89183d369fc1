import { badRequest, appAuthzMessages as m } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { type DirectKind, grantDirect } from '../../domain/direct-grants.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { parseExpiry } from './expiry.js';

interface Body {
  id?: string;
  userId?: string;
  appId?: string;
  itemId?: string;
  expireTime?: string;
  reason?: string | null;
}

const TABLE = { menu: 'blade_user_authorized_menu', function: 'blade_user_authorized_function' } as const;
const CODE = { menu: 'userauthorizedmenu', function: 'userauthorizedfunction' } as const;

/**
 * A direct grant's submit: without an id, grant the menu or function to the user through the
 * checked path; with one, change that grant's expiry or reason. Answers the grant's id.
 */
export async function directSubmit(ctx: AppContext, caller: Caller, kind: DirectKind, body: Body): Promise<string> {
  await ctx.permissions.require(caller, `${CODE[kind]}_${body.id ? 'edit' : 'add'}`);
  let { userId, itemId } = body;
  let expireTime = parseExpiry(body.expireTime);
  if (body.id) {
    const row = (await ctx.db
      .selectFrom(TABLE[kind])
      .select(['userId', kind === 'menu' ? 'menuId' : 'functionId', 'expireTime'])
      .where('id', '=', body.id)
      .$call(live(caller.tenant_id))
      .executeTakeFirst()) as { userId: string; menuId?: string; functionId?: string; expireTime: Date | null } | undefined;
    if (!row) throw badRequest(m.say.notGranted);
    const heldItem = String(row.menuId ?? row.functionId);
    if ((userId && userId !== String(row.userId)) || (itemId && itemId !== heldItem)) throw badRequest(m.say.roleOtherApp);
    userId = String(row.userId);
    itemId = heldItem;
    if (body.expireTime === undefined) expireTime = row.expireTime;
  }
  if (!userId) throw badRequest(m.say.userId);
  if (!itemId) throw badRequest(kind === 'menu' ? m.say.menuMissing : m.say.functionMissing);
  return grantDirect(
    ctx,
    {
      tenantId: caller.tenant_id,
      userId,
      kind,
      itemId,
      appId: body.appId,
      reason: body.reason ?? '',
      source: 'direct',
      expiresAt: expireTime,
    },
    caller,
  );
}
