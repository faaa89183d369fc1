import { badRequest, appManageMessages as m, registry } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';
import { assertOwnApp } from './apps.js';

/** Refuses user ids of which some name no live user of the tenant. */
async function assertOwnUsers(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<void> {
  const found = await db.selectFrom('blade_user').select('id').$call(live(tenantId)).where('id', 'in', ids).execute();
  if (found.length !== new Set(ids).size) throw badRequest(m.say.usersMissing);
}

export const appMemberExtraHandlers = defineExtraHandlers(registry.appmanage.appMember, {
  multiSubmit: async ({ ctx, repo, caller, query }) => {
    await assertOwnApp(ctx.db, caller, query.appManageId);
    await assertOwnUsers(ctx.db, caller.tenant_id, query.ids);
    const existing = await ctx.db
      .selectFrom('blade_app_member_manage')
      .select('userId')
      .$call(live(caller.tenant_id))
      .where('appManageId', '=', query.appManageId)
      .where('userId', 'in', query.ids)
      .execute();
    const members = new Set(existing.map((row) => String(row.userId)));
    const added = query.ids.filter((id) => !members.has(id));
    if (added.length > 0) {
      await repo.saveAll(
        caller,
        added.map((userId) => ({ values: { appManageId: query.appManageId, userId, whetherCreator: query.whetherCreator ?? 0 } })),
      );
    }
    return { added: added.length, kept: members.size };
  },
});
