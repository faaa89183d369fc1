import { type AppMenuNode, appMenu, badRequest, appAuthzMessages as m, type TreeNode } from '@sso/shared-api';
import { findApp } from '../../apps/app-lookups.js';
import type { AppContext } from '../../context.js';
import { appMenus, menuTree } from '../../domain/app-menus.js';
import { bySortThenId } from '../../domain/tree.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';

/** The application, a live one of the caller's tenant, or a 400. */
async function requireApp(ctx: AppContext, tenantId: string, appId: string): Promise<void> {
  if (!(await findApp(ctx.db, tenantId, { id: appId }))) throw badRequest(m.say.appMissing);
}

const contains = (text: string, part: string | undefined) => !part || text.toLowerCase().includes(part.toLowerCase());

export const appMenuExtraHandlers = defineExtraHandlers(appMenu, {
  lazyList: async ({ ctx, caller, query }) => {
    await requireApp(ctx, caller.tenant_id, query.appId);
    const rows = await appMenus(ctx.db, caller.tenant_id, query.appId);
    const names = new Map(rows.map((row) => [row.id, row.name]));
    const parents = new Set(rows.map((row) => row.parentId));
    const searching = Boolean(query.name || query.code);
    const parentId = query.parentId ?? (searching ? undefined : '0');
    return rows
      .filter(
        (row) => (parentId === undefined || row.parentId === parentId) && contains(row.name, query.name) && contains(row.code, query.code),
      )
      .sort(bySortThenId)
      .map((row) => ({ ...row, hasChildren: parents.has(row.id), parentName: names.get(row.parentId) ?? '顶级' }));
  },
  menuList: async ({ ctx, caller, query }) => {
    await requireApp(ctx, caller.tenant_id, query.appId);
    return menuTree((await appMenus(ctx.db, caller.tenant_id, query.appId)).filter((row) => row.category === 1));
  },
  tree: async ({ ctx, caller, query }) => {
    await requireApp(ctx, caller.tenant_id, query.appId);
    const rows = await appMenus(ctx.db, caller.tenant_id, query.appId);
    const strip = (list: AppMenuNode[]): TreeNode[] =>
      list.map(({ id, parentId, name, hasChildren, children }) => ({
        id,
        parentId,
        title: name,
        key: id,
        value: id,
        hasChildren,
        ...(children ? { children: strip(children) } : {}),
      }));
    return strip(menuTree(rows));
  },
});
