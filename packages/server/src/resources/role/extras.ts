import { ADMINISTRATOR_ROLE, type RoleNode, role, storedTextIn, type TreeNode } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { heldIds, inOrderOf, targetTenant } from '../../domain/role-access.js';
import { buildTree, bySortThenId } from '../../domain/tree.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { wantsEnglish } from '../../http/language.js';
import { live } from '../../kernel/live-rows.js';
import { toApiRow } from '../../kernel/rows.js';
import { grantRoles } from './grant.js';

type RoleRow = Omit<RoleNode, 'hasChildren' | 'children'>;

/**
 * Every live role of a tenant, sorted by sort then id; for an English caller the built-in roles'
 * names in English (lists and pickers only: a role's detail, which its form edits, keeps the name
 * as stored).
 */
async function rolesOf(ctx: AppContext, tenantId: string, english = false): Promise<RoleRow[]> {
  const rows = await ctx.db.selectFrom('blade_role').selectAll().$call(live(tenantId)).execute();
  const roles = (rows.map((row) => toApiRow(row)) as RoleRow[]).sort(bySortThenId);
  // A built-in role's name is stored in Chinese, so it is translated by its wording.
  return english ? roles.map((row) => ({ ...row, roleName: storedTextIn(row.roleName, 'en') })) : roles;
}

/** Rows arrive sorted, and buildTree keeps their order. */
const asTree = (rows: RoleRow[]) =>
  buildTree(rows.map((row) => ({ id: row.id, parentId: row.parentId, title: row.roleName, key: row.id, value: row.id }))) as TreeNode[];

/** The role and every role below it. */
function selfAndBelow(rows: RoleRow[], roleId: string): Set<string> {
  const out = new Set([roleId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (out.has(row.parentId) && !out.has(row.id)) {
        out.add(row.id);
        grew = true;
      }
    }
  }
  return out;
}

const contains = (value: string, part: string | undefined) => !part || value.toLowerCase().includes(part.toLowerCase());

/** Extras of `role`: the tree list, pickers, the switch dialog's list and the grant. */
export const roleExtraHandlers = defineExtraHandlers(role, {
  list: async ({ ctx, caller, query, request }) => {
    const rows = await rolesOf(ctx, caller.tenant_id, wantsEnglish(request));
    return buildTree(rows.filter((row) => contains(row.roleName, query.roleName) && contains(row.roleAlias, query.roleAlias)));
  },

  // Only administrators see the administrator role here: others cannot hand it out.
  tree: async ({ ctx, caller: who, query, request }) => {
    const rows = await rolesOf(ctx, targetTenant(who, query.tenantId), wantsEnglish(request));
    return asTree(who.isAdministrator ? rows : rows.filter((row) => row.roleAlias !== ADMINISTRATOR_ROLE));
  },

  treeById: async ({ ctx, caller, query, request }) => {
    const rows = await rolesOf(ctx, caller.tenant_id, wantsEnglish(request));
    if (!query.roleId) return asTree(rows);
    const excluded = selfAndBelow(rows, query.roleId);
    return asTree(rows.filter((row) => !excluded.has(row.id)));
  },

  select: async ({ ctx, caller: who, query, request }) => {
    const ids = await heldIds(ctx, who, query.userId, 'roleId');
    return inOrderOf(ids, await rolesOf(ctx, who.tenant_id, wantsEnglish(request)));
  },

  grant: async ({ ctx, caller, body }) => {
    await grantRoles(ctx, caller, body);
    return true;
  },
});
