import { appWorkflowMatter, appWorkflowMatterLog, badRequest, matterMessages as m } from '@sso/shared-api';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { defineExtraHandlers, type SignedInArgs } from '../../engine/extra-handlers.js';
import { fillNames } from '../../engine/names.js';
import { toListRequest } from '../../engine/query.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { toApiRow } from '../../kernel/rows.js';
import { heldAppRoleIds, rolesOfApp } from './app-roles.js';
import { approveRequest, rejectRequest, requestableRoleIds, submitRequest, withdrawRequest } from './walk.js';

/** A matter as the request calls answer it (names are filled in by the route). */
async function matterRow({ repo, caller }: Pick<SignedInArgs, 'repo' | 'caller'>, id: string) {
  const row = await repo.detail(caller, id);
  if (!row) throw badRequest(m.say.matterMissing);
  return row as never;
}

/** Whether the caller may read a matter's steps: its requester, anyone who was or is its approver, or an administrator of requests. */
async function mayReadTrail(ctx: AppContext, caller: Caller, matter: { requesterId: string; currentApprovers: string | null; id: string }) {
  if (matter.requesterId === caller.user_id) return true;
  if ((matter.currentApprovers ?? '').split(',').includes(caller.user_id)) return true;
  const acted = await ctx.db
    .selectFrom('blade_app_workflow_matter_log')
    .select('id')
    .where('matterId', '=', matter.id)
    .where('actorId', '=', caller.user_id)
    .executeTakeFirst();
  if (acted) return true;
  return ctx.permissions.allows(caller, appWorkflowMatter.permission);
}

/** The request calls: submit, decide, withdraw, and the caller's own lists. */
export const matterExtraHandlers = defineExtraHandlers(appWorkflowMatter, {
  request: async (args) => matterRow(args, await submitRequest(args.ctx, args.caller, args.body)),
  approve: async (args) => {
    await approveRequest(args.ctx, args.caller, args.body.id, args.body.comment);
    return matterRow(args, args.body.id);
  },
  reject: async (args) => {
    await rejectRequest(args.ctx, args.caller, args.body.id, args.body.comment);
    return matterRow(args, args.body.id);
  },
  withdraw: async (args) => {
    await withdrawRequest(args.ctx, args.caller, args.body.id);
    return matterRow(args, args.body.id);
  },
  mine: ({ repo, def, caller, query }) =>
    repo.list(caller, toListRequest(def, query), (q) => q.where('requesterId', '=', caller.user_id)) as never,
  todo: ({ repo, def, caller, query }) =>
    repo.list(caller, toListRequest(def, { ...query, ascs: query.ascs ?? (query.descs ? undefined : 'createTime') }), (q) =>
      q.where('matterStatus', '=', 'pending').where(sql<boolean>`',' || current_approvers || ',' like ${`%,${caller.user_id},%`}`),
    ) as never,
  done: ({ ctx, repo, def, caller, query }) =>
    repo.list(caller, toListRequest(def, query), (q) =>
      q.where(
        'id',
        'in',
        ctx.db
          .selectFrom('blade_app_workflow_matter_log')
          .select('matterId')
          .where('actorId', '=', caller.user_id)
          .where('action', 'in', ['approve', 'reject']),
      ),
    ) as never,
  trail: async ({ ctx, caller, query }) => {
    const matter = await ctx.db
      .selectFrom('blade_app_workflow_matter')
      .select(['id', 'requesterId', 'currentApprovers'])
      .where('id', '=', query.id)
      .$call(live(caller.tenant_id))
      .executeTakeFirst();
    if (!matter || !(await mayReadTrail(ctx, caller, matter))) throw badRequest(m.say.matterMissing);
    const rows = (
      await ctx.db
        .selectFrom('blade_app_workflow_matter_log')
        .selectAll()
        .where('matterId', '=', matter.id)
        .$call(live(caller.tenant_id))
        .orderBy('createTime')
        .orderBy('id')
        .execute()
    ).map((r) => toApiRow({ ...r, nodeId: r.nodeId ?? '', nodeName: r.nodeName ?? '', comment: r.comment ?? '' }, []));
    await fillNames(ctx, appWorkflowMatterLog, caller, rows);
    return rows as never;
  },
  roles: async ({ ctx, caller, query }) => {
    const requestable = await requestableRoleIds(ctx.db, caller.tenant_id, query.appId);
    const roles = (await rolesOfApp(ctx.db, caller.tenant_id, query.appId)).filter(
      (r) => requestable === 'all' || requestable.has(String(r.id)),
    );
    const held = await heldAppRoleIds(ctx.db, caller.tenant_id, caller.user_id);
    const pending = await ctx.db
      .selectFrom('blade_app_workflow_matter')
      .select('appRoleId')
      .where('requesterId', '=', caller.user_id)
      .where('matterStatus', '=', 'pending')
      .$call(live(caller.tenant_id))
      .execute();
    const waiting = new Set(pending.map((r) => String(r.appRoleId)));
    return roles.map((r) => ({
      id: String(r.id),
      roleName: r.roleName,
      roleAlias: r.roleAlias,
      held: held.has(String(r.id)),
      pending: waiting.has(String(r.id)),
    }));
  },
});
