import { badRequest, appManageMessages as m, registry } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { assertDictKey } from '../../domain/scope-checks.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import type { ResourceRules } from '../../engine/types.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { removeUploadedFile } from './uploaded-file.js';

/** Refuses an application id that names no live application of the caller's tenant. */
export async function assertOwnApp(db: Kysely<Database>, caller: Caller, appId: unknown): Promise<void> {
  const found = await db
    .selectFrom('blade_app_manage')
    .select('id')
    .$call(live(caller.tenant_id))
    .where('id', '=', String(appId))
    .executeTakeFirst();
  if (!found) throw badRequest(m.say.appMissing);
}

/** An application's category is a key of app_category; removing one removes its members and versions. */
export const appManageRules: ResourceRules = {
  async beforeSave({ values, trx }) {
    if (values.appCategory !== undefined) await assertDictKey(trx, 'app_category', values.appCategory, m.say.appCategory);
  },
  async beforeRemove({ rows, trx }) {
    const ids = rows.map((row) => String(row.id));
    const db = trx as Kysely<Database>;
    await db.updateTable('blade_app_member_manage').set({ isDeleted: 1 }).where('appManageId', 'in', ids).execute();
    await db.updateTable('blade_app_version_manage').set({ isDeleted: 1 }).where('appId', 'in', ids).execute();
  },
};

export const appManageExtraHandlers = defineExtraHandlers(registry.appmanage.appManage, {
  category: async ({ ctx, repo, caller, query }) => {
    let rows = repo.scoped(ctx.db, caller);
    if (query.appCategory) rows = rows.where('appCategory', '=', query.appCategory);
    return rows.selectAll().orderBy('sort').orderBy('id').limit(1000).execute();
  },
  attachRemoveByLink: async ({ ctx, caller, query }) => {
    const name = await removeUploadedFile(ctx, caller, query.link);
    // Applications that showed the icon no longer point at a removed file.
    await ctx.db
      .updateTable('blade_app_manage')
      .set({ appIcon: null })
      .where('tenantId', '=', caller.tenant_id)
      .where((eb) => eb.or([eb('appIcon', '=', query.link), eb('appIcon', 'like', `%${name.replace(/[%_\\]/g, '\\$&')}%`)]))
      .execute();
    return true;
  },
});
