import { post } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { listHolds, splitIds, targetTenant } from '../../domain/role-access.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { toListRequest } from '../../engine/query.js';
import { live } from '../../kernel/live-rows.js';
import { toApiRow } from '../../kernel/rows.js';

/**
 * Posts are not linked to depts in BladeX's tables: "posts of a dept" are the posts held by the
 * live users of that dept (that dept only, not its children).
 */
async function postIdsOfDept(ctx: AppContext, tenantId: string, deptId: string): Promise<string[]> {
  const users = await ctx.db.selectFrom('blade_user').select('postId').$call(live(tenantId)).where(listHolds('deptId', deptId)).execute();
  return [...new Set(users.flatMap((user) => splitIds(user.postId)))];
}

/** Extras of `post`: the page narrowed by deptId, as BladeX's post screen asks, and the select box. */
export const postExtraHandlers = defineExtraHandlers(post, {
  page: async ({ ctx, def, repo, caller: who, query }) => {
    const inDept = query.deptId ? await postIdsOfDept(ctx, who.tenant_id, query.deptId) : undefined;
    return repo.list(who, toListRequest(def, query), (q) => (inDept ? q.where('id', 'in', inDept.length ? inDept : ['0']) : q));
  },

  select: async ({ ctx, caller, query }) => {
    const tenantId = targetTenant(caller, query.tenantId);
    let rows = ctx.db.selectFrom('blade_post').selectAll().$call(live(tenantId));
    if (query.deptId) {
      const inDept = await postIdsOfDept(ctx, tenantId, query.deptId);
      rows = rows.where('id', 'in', inDept.length ? inDept : ['0']);
    }
    return (await rows.orderBy('sort').orderBy('id').execute()).map((row) => toApiRow(row));
  },
});
