import { badRequest, wxMessages as m, wxMenu } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import type { ResourceRules } from '../../engine/types.js';
import { OFFICIAL_ACCOUNT, requireWxApp } from '../../wechat/apps.js';
import { wechatClientOf } from '../../wechat/client.js';
import { checkMenuPlace, menuRows, menuTree, publishMenu } from '../../wechat/menus.js';

/** Every save is held to WeChat's menu rules; a menu with sub-menus is not removed before them. */
export const wxMenuRules: ResourceRules = {
  async beforeSave({ caller, values, existing, trx }) {
    const db = trx as Kysely<Database>;
    const appId = String(values.appId ?? existing?.appId);
    await requireWxApp(db, caller.tenant_id, appId, OFFICIAL_ACCOUNT);
    await checkMenuPlace(db, caller.tenant_id, values, existing);
  },
  async beforeRemove({ rows, trx }) {
    const ids = rows.map((row) => String(row.id));
    const child = await (trx as Kysely<Database>)
      .selectFrom('blade_wx_menu')
      .select('id')
      .where('parentId', 'in', ids)
      .where('id', 'not in', ids)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (child) throw badRequest(m.say.menuHasChildren);
  },
};

export const wxMenuExtraHandlers = defineExtraHandlers(wxMenu, {
  lazyList: async ({ ctx, caller, query }) => {
    await requireWxApp(ctx.db, caller.tenant_id, query.appId);
    const parentId = query.parentId ?? '0';
    return (await menuRows(ctx.db, caller.tenant_id, query.appId)).filter((row) => row.parentId === parentId);
  },
  menuTree: async ({ ctx, caller, query }) => {
    await requireWxApp(ctx.db, caller.tenant_id, query.appId);
    return menuTree(await menuRows(ctx.db, caller.tenant_id, query.appId));
  },
  synMenu: async ({ ctx, caller, query }) => {
    const app = await requireWxApp(ctx.db, caller.tenant_id, query.appId, OFFICIAL_ACCOUNT);
    return publishMenu(ctx.db, wechatClientOf(ctx), app);
  },
});
