import type { TreeNode } from '@sso/shared-api';
import { dept } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { heldIds, inOrderOf, targetTenant } from '../../domain/role-access.js';
import { buildTree, bySortThenId } from '../../domain/tree.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { toListRequest } from '../../engine/query.js';
import { live } from '../../kernel/live-rows.js';
import { toApiRow } from '../../kernel/rows.js';

type DeptRow = Record<string, unknown> & { id: string; parentId: string; deptName: string; sort: number };

/** Every live dept of a tenant, sorted by sort then id. */
async function deptsOf(ctx: AppContext, tenantId: string): Promise<DeptRow[]> {
  const rows = await ctx.db.selectFrom('blade_dept').selectAll().$call(live(tenantId)).execute();
  return (rows.map((row) => toApiRow(row)) as DeptRow[]).sort(bySortThenId);
}

const asNode = (row: DeptRow) => ({ id: row.id, parentId: row.parentId, title: row.deptName, key: row.id, value: row.id });
/** Rows arrive sorted, and buildTree keeps their order. */
const asTree = (rows: DeptRow[]) => buildTree(rows.map(asNode)) as TreeNode[];

/** Adds hasChildren, as BladeX's DeptVO (its parentName is one of the resource's declared names). */
function withChildrenFlag(all: DeptRow[], rows: DeptRow[]) {
  const parents = new Set(all.map((row) => row.parentId));
  return rows.map((row) => ({ ...row, hasChildren: parents.has(row.id) }));
}

const contains = (value: unknown, part: string | undefined) =>
  !part ||
  String(value ?? '')
    .toLowerCase()
    .includes(part.toLowerCase());

/** Extras of `dept`: lazy lists and trees of the caller's tenant, and the switch dialog's list. */
export const deptExtraHandlers = defineExtraHandlers(dept, {
  // BladeX's dept/list: the tree of the depts the caller's data scopes let it see.
  list: async ({ ctx, repo, caller: who, query }) => {
    const visible = (await (await repo.visible(ctx.db as never, who)).selectAll().execute()) as Record<string, unknown>[];
    const rows = (visible.map((row) => toApiRow(row)) as DeptRow[]).sort(bySortThenId);
    return buildTree(rows.filter((row) => contains(row.deptName, query.deptName) && contains(row.fullName, query.fullName)));
  },

  listPage: async ({ ctx, def, repo, caller: who, query }) => {
    const page = await repo.list(who, toListRequest(def, query));
    return { ...page, records: withChildrenFlag(await deptsOf(ctx, who.tenant_id), page.records as DeptRow[]) };
  },

  lazyList: async ({ ctx, caller, query }) => {
    const all = await deptsOf(ctx, caller.tenant_id);
    const searching = !query.parentId && (query.deptName || query.fullName);
    const rows = all.filter(
      (row) =>
        (searching || row.parentId === (query.parentId ?? '0')) &&
        contains(row.deptName, query.deptName) &&
        contains(row.fullName, query.fullName),
    );
    return withChildrenFlag(all, rows);
  },

  tree: async ({ ctx, caller, query }) => asTree(await deptsOf(ctx, targetTenant(caller, query.tenantId))),

  lazyTree: async ({ ctx, caller, query }) => {
    const all = await deptsOf(ctx, targetTenant(caller, query.tenantId));
    const parents = new Set(all.map((row) => row.parentId));
    return all
      .filter((row) => row.parentId === (query.parentId ?? '0'))
      .map((row) => ({ ...asNode(row), hasChildren: parents.has(row.id) }));
  },

  subTree: async ({ ctx, caller, query }) => {
    const all = await deptsOf(ctx, caller.tenant_id);
    if (query.parentId === '0') return asTree(all);
    const below = all.filter((row) => String(row.ancestors).split(',').includes(query.parentId));
    return asTree(below).filter((node) => node.parentId === query.parentId);
  },

  select: async ({ ctx, caller: who, query }) => {
    const ids = await heldIds(ctx, who, query.userId, 'deptId');
    return inOrderOf(ids, await deptsOf(ctx, who.tenant_id));
  },
});
