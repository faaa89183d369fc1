import { ApiError, badRequest, matterMessages as m, noApproverFor } from '@sso/shared-api';
import type { Kysely, Updateable } from 'kysely';
import { findApp } from '../../apps/app-lookups.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { grantAppRole } from '../../domain/app-role-grants.js';
import { stamps, updateStamps } from '../../engine/stamps.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { appRoleOf, heldAppRoleIds } from './app-roles.js';
import { approversOf, type Requester, type WorkflowNode } from './approvers.js';

const NODE_COLUMNS = ['id', 'nodeName', 'sort', 'approverKind', 'approverUserId', 'approverRoleId'] as const;

// The walk writes matters and their log rows itself: each step moves one matter and appends to its
// log in one transaction under the matter's row lock, and the actor of a log row may be the system
// (an expiry), which the generic save of one row by its caller cannot do.

/** The nodes of a workflow in the order a request walks them. */
const nodesOf = (db: Kysely<Database>, tenantId: string, workflowId: string): Promise<WorkflowNode[]> =>
  db
    .selectFrom('blade_app_workflow_node')
    .select([...NODE_COLUMNS])
    .where('workflowId', '=', workflowId)
    .$call(live(tenantId))
    .orderBy('sort')
    .orderBy('id')
    .execute();

/** The workflow a role is requested through: the role's own, else its application's. */
async function workflowFor(db: Kysely<Database>, tenantId: string, appId: string, appRoleId: string) {
  const rows = await db
    .selectFrom('blade_app_workflow')
    .select(['id', 'appRoleId'])
    .where('appId', '=', appId)
    .where((eb) => eb.or([eb('appRoleId', '=', appRoleId), eb('appRoleId', 'is', null)]))
    .$call(live(tenantId))
    .execute();
  return rows.find((r) => r.appRoleId === appRoleId) ?? rows.find((r) => r.appRoleId === null);
}

/** Which application roles of an application have a workflow to request them through (all when the application has one). */
export async function requestableRoleIds(db: Kysely<Database>, tenantId: string, appId: string): Promise<'all' | Set<string>> {
  const rows = await db.selectFrom('blade_app_workflow').select('appRoleId').where('appId', '=', appId).$call(live(tenantId)).execute();
  if (rows.some((r) => r.appRoleId === null)) return 'all';
  return new Set(rows.map((r) => String(r.appRoleId)));
}

const log = (
  db: Kysely<Database>,
  ctx: AppContext,
  entry: { tenantId: string; matterId: string; node?: WorkflowNode; actorId: string; action: string; comment?: string | null },
) =>
  db
    .insertInto('blade_app_workflow_matter_log')
    .values({
      id: ctx.ids.next(),
      tenantId: entry.tenantId,
      matterId: entry.matterId,
      nodeId: entry.node?.id ?? null,
      nodeName: entry.node?.nodeName ?? null,
      actorId: entry.actorId,
      action: entry.action,
      comment: entry.comment ?? null,
      ...stamps({ user_id: entry.actorId }),
    })
    .execute();

/** Approvers of every node, in order; refuses when a node has nobody to act, naming it. */
async function approversOfEach(db: Kysely<Database>, nodes: WorkflowNode[], requester: Requester): Promise<string[][]> {
  const result: string[][] = [];
  for (const node of nodes) {
    const ids = await approversOf(db, node, requester);
    if (!ids.length) throw badRequest(noApproverFor(node.nodeName));
    result.push(ids);
  }
  return result;
}

export interface RequestInput {
  appId: string;
  appRoleId: string;
  reason: string;
  expireTime?: string;
}

/**
 * A staff member asks for an application role: the role must be the application's and requestable
 * through a workflow whose every node has an approver, the caller must neither hold it nor wait
 * for it already, and an expiry must lie in the future. The request waits at the first node.
 */
export async function submitRequest(ctx: AppContext, caller: Caller, input: RequestInput): Promise<string> {
  const db = ctx.db;
  const tenantId = caller.tenant_id;
  const app = await findApp(db, tenantId, { id: input.appId });
  if (app?.status !== 1) throw badRequest(m.say.noWorkflow);
  if (!(await appRoleOf(db, tenantId, input.appId, input.appRoleId))) throw badRequest(m.say.noWorkflow);
  const expireTime = input.expireTime ? new Date(`${input.expireTime}T00:00:00`) : null;
  if (expireTime && expireTime.getTime() <= Date.now()) throw badRequest(m.say.expireTime);
  const workflow = await workflowFor(db, tenantId, input.appId, input.appRoleId);
  if (!workflow) throw badRequest(m.say.noWorkflow);
  const nodes = await nodesOf(db, tenantId, workflow.id);
  const [first] = nodes;
  if (!first) throw badRequest(m.say.noNodes);
  if ((await heldAppRoleIds(db, tenantId, caller.user_id)).has(input.appRoleId)) throw badRequest(m.say.alreadyHeld);
  const pending = await db
    .selectFrom('blade_app_workflow_matter')
    .select('id')
    .where('requesterId', '=', caller.user_id)
    .where('appRoleId', '=', input.appRoleId)
    .where('matterStatus', '=', 'pending')
    .$call(live(tenantId))
    .executeTakeFirst();
  if (pending) throw badRequest(m.say.alreadyPending);
  const [firstApprovers = []] = await approversOfEach(db, nodes, { tenantId, userId: caller.user_id, appId: input.appId });

  const id = ctx.ids.next();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('blade_app_workflow_matter')
      .values({
        id,
        tenantId,
        workflowId: workflow.id,
        appId: input.appId,
        appRoleId: input.appRoleId,
        requesterId: caller.user_id,
        reason: input.reason,
        expireTime,
        matterStatus: 'pending',
        currentNodeId: first.id,
        currentSort: first.sort,
        currentApprovers: firstApprovers.join(','),
        ...stamps(caller),
      })
      .execute();
    await log(trx, ctx, { tenantId, matterId: id, actorId: caller.user_id, action: 'submit', comment: input.reason });
  });
  ctx.cache.invalidate('blade_app_workflow_matter');
  return id;
}

/** A live matter of the caller's tenant. */
async function matterOf(ctx: AppContext, caller: Caller, id: string) {
  const matter = await ctx.db
    .selectFrom('blade_app_workflow_matter')
    .selectAll()
    .where('id', '=', id)
    .$call(live(caller.tenant_id))
    .executeTakeFirst();
  if (!matter) throw badRequest(m.say.matterMissing);
  return matter;
}

type Matter = Awaited<ReturnType<typeof matterOf>>;

/** A pending matter the caller is an approver of at its current node, and that node. */
async function actionable(ctx: AppContext, caller: Caller, id: string): Promise<{ matter: Matter; node: WorkflowNode }> {
  const matter = await matterOf(ctx, caller, id);
  if (matter.matterStatus !== 'pending') throw badRequest(m.say.notPending);
  if (!(matter.currentApprovers ?? '').split(',').includes(caller.user_id)) throw badRequest(m.say.notApprover);
  const node = await ctx.db
    .selectFrom('blade_app_workflow_node')
    .select([...NODE_COLUMNS])
    .where('id', '=', String(matter.currentNodeId))
    .where('tenantId', '=', caller.tenant_id)
    .executeTakeFirstOrThrow();
  return { matter, node };
}

/**
 * Moves a matter on from the state it was read in; another decision made meanwhile makes this one
 * fail instead of deciding twice.
 */
async function moveOn(db: Kysely<Database>, matter: Matter, values: Updateable<Database['blade_app_workflow_matter']>) {
  const moved = await db
    .updateTable('blade_app_workflow_matter')
    .set(values)
    .where('id', '=', matter.id)
    .where('matterStatus', '=', 'pending')
    .where('currentNodeId', '=', String(matter.currentNodeId))
    .executeTakeFirst();
  if (!moved.numUpdatedRows) throw badRequest(m.say.notPending);
}

/**
 * The current approver agrees: the request moves to the next node (whose approvers are worked out
 * now), or, at the last node, the role is granted through the checked grant path. A grant the
 * separation-of-duties rules refuse rejects the request, the refusal's message in its log.
 */
export async function approveRequest(ctx: AppContext, caller: Caller, id: string, comment?: string | null): Promise<void> {
  const { matter, node } = await actionable(ctx, caller, id);
  const tenantId = caller.tenant_id;
  const requester = { tenantId, userId: matter.requesterId, appId: matter.appId };
  const next = (await nodesOf(ctx.db, tenantId, matter.workflowId)).find(
    (n) => n.sort > (matter.currentSort ?? node.sort) || (n.sort === (matter.currentSort ?? node.sort) && BigInt(n.id) > BigInt(node.id)),
  );
  const stamp = updateStamps(caller);
  if (next) {
    const approvers = await approversOf(ctx.db, next, requester);
    if (!approvers.length) throw badRequest(noApproverFor(next.nodeName));
    await ctx.db.transaction().execute(async (trx) => {
      await moveOn(trx, matter, { currentNodeId: next.id, currentSort: next.sort, currentApprovers: approvers.join(','), ...stamp });
      await log(trx, ctx, { tenantId, matterId: matter.id, node, actorId: caller.user_id, action: 'approve', comment });
    });
    ctx.cache.invalidate('blade_app_workflow_matter');
    return;
  }
  // The last node: claim the decision first, so that two approvers cannot both grant.
  const finished = { ...stamp, finishTime: new Date(), currentApprovers: null };
  await moveOn(ctx.db, matter, { matterStatus: 'approved', ...finished });
  const approved = { tenantId, matterId: matter.id, node, actorId: caller.user_id, action: 'approve', comment };
  try {
    await grantAppRole(
      ctx,
      {
        tenantId,
        userId: matter.requesterId,
        appId: matter.appId,
        appRoleId: matter.appRoleId,
        reason: matter.reason,
        source: 'request',
        expiresAt: matter.expireTime ?? undefined,
        requestId: matter.id,
      },
      caller,
    );
    await ctx.db.transaction().execute(async (trx) => {
      await log(trx, ctx, approved);
      await log(trx, ctx, { tenantId, matterId: matter.id, node, actorId: caller.user_id, action: 'grant' });
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 400) {
      // Not a refusal: the request waits at its last node again, to be approved once more, and
      // its log shows no decision.
      await ctx.db
        .updateTable('blade_app_workflow_matter')
        .set({ matterStatus: 'pending', finishTime: null, currentApprovers: matter.currentApprovers })
        .where('id', '=', matter.id)
        .execute();
      throw error;
    }
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('blade_app_workflow_matter').set({ matterStatus: 'rejected' }).where('id', '=', matter.id).execute();
      await log(trx, ctx, approved);
      await log(trx, ctx, { tenantId, matterId: matter.id, node, actorId: caller.user_id, action: 'refuse', comment: error.message });
    });
  }
  ctx.cache.invalidate('blade_app_workflow_matter');
}

/** The current approver refuses, with a comment: the request ends rejected. */
export async function rejectRequest(ctx: AppContext, caller: Caller, id: string, comment: string): Promise<void> {
  const { matter, node } = await actionable(ctx, caller, id);
  await ctx.db.transaction().execute(async (trx) => {
    await moveOn(trx, matter, {
      matterStatus: 'rejected',
      finishTime: new Date(),
      currentApprovers: null,
      ...updateStamps(caller),
    });
    await log(trx, ctx, { tenantId: caller.tenant_id, matterId: matter.id, node, actorId: caller.user_id, action: 'reject', comment });
  });
  ctx.cache.invalidate('blade_app_workflow_matter');
}

/** The requester takes a pending request back. */
export async function withdrawRequest(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  const matter = await matterOf(ctx, caller, id);
  if (matter.requesterId !== caller.user_id) throw badRequest(m.say.notRequester);
  if (matter.matterStatus !== 'pending') throw badRequest(m.say.notPending);
  await ctx.db.transaction().execute(async (trx) => {
    await moveOn(trx, matter, {
      matterStatus: 'withdrawn',
      finishTime: new Date(),
      currentApprovers: null,
      ...updateStamps(caller),
    });
    await log(trx, ctx, { tenantId: caller.tenant_id, matterId: matter.id, actorId: caller.user_id, action: 'withdraw' });
  });
  ctx.cache.invalidate('blade_app_workflow_matter');
}
