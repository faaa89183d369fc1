import type { AppContext } from '../../context.js';
import { revokeAppRole } from '../../domain/app-role-grants.js';
import { revokeDirect } from '../../domain/direct-grants.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import type { SourceRow } from './source.js';

const REASON = '离职(目录同步)';

/**
 * Leavers: the apply disabled their accounts and ended their sessions already. With the source's
 * `leaverGrants` `end` their application grants (roles, and menus and functions granted
 * directly) end at once too, each through the one revoke path (logged in the grant log); with
 * `keep` they stay, for a return or a hand-over, and count for nothing while the account is disabled.
 */
export async function endLeaverGrants(ctx: AppContext, caller: Caller, source: SourceRow, userIds: readonly string[]): Promise<void> {
  if (source.leaverGrants === 'keep' || !userIds.length) return;
  const tenantId = source.tenantId;
  const roles = await ctx.db
    .selectFrom('blade_user_authorized_role')
    .select(['userId', 'appRoleId'])
    .where('userId', 'in', [...userIds])
    .$call(live(tenantId))
    .execute();
  for (const row of roles) {
    await revokeAppRole(
      ctx,
      { tenantId, userId: String(row.userId), appRoleId: String(row.appRoleId), reason: REASON, source: 'sync' },
      caller,
    );
  }
  for (const [kind, table] of [
    ['menu', 'blade_user_authorized_menu'],
    ['function', 'blade_user_authorized_function'],
  ] as const) {
    const ids = (
      await ctx.db
        .selectFrom(table)
        .select('id')
        .where('userId', 'in', [...userIds])
        .$call(live(tenantId))
        .execute()
    ).map((r) => String(r.id));
    if (ids.length) await revokeDirect(ctx, { tenantId, kind, ids, reason: REASON, source: 'sync' }, caller);
  }
  // The application roles a rule gave are gone: a return is a joiner again.
  await ctx.db
    .deleteFrom('blade_sync_grant')
    .where('userId', 'in', [...userIds])
    .where('kind', '=', 'approle')
    .execute();
}
