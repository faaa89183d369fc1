import { badRequest, firstIssueMessage, forbidden, menuMessages as m, topMenu, topMenuGrant } from '@sso/shared-api';
import { assertOwnTopMenus, grantableMenus } from '../../domain/menu-data.js';
import { assertWithinPackage } from '../../domain/tenant-limits.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';

const BATCH = 500;
type Ids = { topMenuIds?: unknown; menuIds?: unknown } | undefined;

/** topmenu/grant: BladeX sends the ids as query parameters; a JSON body works too. */
export const topMenuExtraHandlers = defineExtraHandlers(topMenu, {
  grant: async ({ ctx, caller: who, query, body }) => {
    const sent = { ...(query as Ids), ...(body as Ids) };
    const parsed = topMenuGrant.safeParse({ topMenuIds: sent.topMenuIds, menuIds: sent.menuIds });
    if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error.issues));
    const { topMenuIds, menuIds } = parsed.data;
    await assertOwnTopMenus(ctx, who, topMenuIds);
    if (menuIds.length) {
      const found = await ctx.db.selectFrom('blade_menu').select('id').where('id', 'in', menuIds).$call(live()).execute();
      if (found.length !== menuIds.length) throw badRequest(m.say.menuMissing);
      await assertWithinPackage(ctx.db, who.tenant_id, menuIds);
      // As with role grants, only what the caller holds may be handed on.
      if (!who.isAdministrator) {
        const held = new Set((await grantableMenus(ctx, who)).map((menu) => menu.id));
        if (menuIds.some((id) => !held.has(id))) throw forbidden(m.say.beyondOwnGrants);
      }
    }
    const rows = topMenuIds.flatMap((topMenuId) => menuIds.map((menuId) => ({ id: ctx.ids.next(), topMenuId, menuId })));
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('blade_top_menu_setting').where('topMenuId', 'in', topMenuIds).execute();
      for (let i = 0; i < rows.length; i += BATCH)
        await trx
          .insertInto('blade_top_menu_setting')
          .values(rows.slice(i, i + BATCH))
          .execute();
      const targets = topMenuIds.map((id) => ({ kind: 'topmenu' as const, id }));
      await ctx.audit.write(trx, { type: 'topmenu.grant', actor: who, targets, detail: { menuIds } });
    });
    return true;
  },
});
