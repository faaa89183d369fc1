import { badRequest, type FlowDiagram, forbidden, type HistoryFlowRow, flowMessages as m, say } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import { definitionXml, json } from './definitions.js';
import { isCandidate } from './instances.js';
import { durationText, pageAnswer, paging, timeText, userNames } from './rows.js';
import { containing } from './work-lists.js';

/** An instance of the caller's tenant; another tenant's is not there for them. */
export async function instanceOf(ctx: AppContext, caller: Caller, instanceId: string) {
  const instance = await ctx.db
    .selectFrom('blade_flow_instance')
    .select(['id', 'tenantId', 'definitionId', 'startUser', 'status', 'completedActivities', 'takenFlows', 'businessTable', 'businessId'])
    .where('id', '=', instanceId)
    .where('tenantId', '=', caller.tenant_id)
    .executeTakeFirst();
  if (!instance) throw badRequest(m.say.instanceMissing);
  return instance;
}

/**
 * Who may read an instance (its history, diagram, business record): whoever started it, holds or
 * held one of its tasks, or may claim one; and those who follow the tenant's processes.
 */
export async function requireReader(ctx: AppContext, caller: Caller, instance: { id: string; startUser: string }): Promise<void> {
  if (instance.startUser === caller.user_id) return;
  const tasks = await ctx.db
    .selectFrom('blade_flow_task')
    .select(['id', 'assignee', 'status'])
    .where('instanceId', '=', instance.id)
    .execute();
  if (tasks.some((t) => t.assignee === caller.user_id)) return;
  for (const task of tasks) if (task.status === 'open' && !task.assignee && (await isCandidate(ctx.db, caller, task.id))) return;
  if (await ctx.permissions.allows(caller, 'flow_follow')) return;
  throw forbidden(say('forbidden'));
}

/** Every step of an instance in order, as the leave screens' timeline shows it. */
export async function historyFlowList(ctx: AppContext, caller: Caller, instanceId: string, english: boolean): Promise<HistoryFlowRow[]> {
  const instance = await instanceOf(ctx, caller, instanceId);
  await requireReader(ctx, caller, instance);
  const rows = await ctx.db.selectFrom('blade_flow_history').selectAll().where('instanceId', '=', instanceId).orderBy('id').execute();
  const names = await userNames(
    ctx.db,
    rows.map((r) => r.assignee),
  );
  return rows.map((r) => {
    const duration = r.durationMs === null ? null : Number(r.durationMs);
    return {
      id: r.id,
      processInstanceId: r.instanceId,
      historyActivityId: r.activityId,
      historyActivityName: r.activityName,
      historyActivityType: r.activityType,
      assignee: r.assignee ?? '',
      assigneeName: r.assignee ? (names.get(r.assignee) ?? '') : '',
      createTime: timeText(r.startTime),
      endTime: timeText(r.endTime),
      historyActivityDurationTime: durationText(duration, english),
      durationMillis: duration,
      comment: r.comment ?? '',
    };
  });
}

/** An instance's model with what it has done, what waits now and the flows it took. */
export async function instanceDiagram(ctx: AppContext, caller: Caller, instanceId: string): Promise<FlowDiagram> {
  const instance = await instanceOf(ctx, caller, instanceId);
  await requireReader(ctx, caller, instance);
  const open = await ctx.db
    .selectFrom('blade_flow_task')
    .select('taskKey')
    .where('instanceId', '=', instanceId)
    .where('status', '=', 'open')
    .execute();
  const active = [...new Set(open.map((t) => t.taskKey))];
  return {
    processDefinitionId: instance.definitionId,
    processInstanceId: instance.id,
    xml: await definitionXml(ctx.db, instance.definitionId),
    completedActivityIds: json<string[]>(instance.completedActivities).filter((id) => !active.includes(id)),
    activeActivityIds: active,
    takenFlowIds: json<string[]>(instance.takenFlows),
    finished: instance.status !== 'running',
  };
}

/** A definition's model, for the caller's tenant (its own or a common one). */
export async function definitionDiagram(ctx: AppContext, caller: Caller, definitionId: string): Promise<FlowDiagram> {
  const row = await ctx.db
    .selectFrom('blade_flow_definition')
    .select(['id', 'xml'])
    .where('id', '=', definitionId)
    .where('tenantId', 'in', ['', caller.tenant_id])
    .executeTakeFirst();
  if (!row) throw badRequest(m.say.processMissing);
  return {
    processDefinitionId: row.id,
    processInstanceId: '',
    xml: row.xml,
    completedActivityIds: [],
    activeActivityIds: [],
    takenFlowIds: [],
    finished: false,
  };
}

/** The tenant's running instances, newest first (the follow screen). */
export async function followList(
  ctx: AppContext,
  caller: Caller,
  filter: { current?: number; size?: number; processInstanceId?: string; executionId?: string; processDefinitionKey?: string },
) {
  let query = ctx.db
    .selectFrom('blade_flow_instance as i')
    .innerJoin('blade_flow_definition as d', 'd.id', 'i.definitionId')
    .where('i.tenantId', '=', caller.tenant_id)
    .where('i.status', '=', 'running');
  const exact = filter.processInstanceId ?? filter.executionId;
  if (exact) query = /^\d{1,19}$/.test(exact) ? query.where('i.id', '=', exact) : query.where('i.id', '=', '0');
  if (filter.processDefinitionKey) query = query.where('d.key', 'ilike', containing(filter.processDefinitionKey));
  const { size, current, offset } = paging(filter);
  const [{ n }] = await query.select((eb) => eb.fn.countAll<string>().as('n')).execute();
  const rows = await query
    .select([
      'i.id',
      'i.startUser',
      'i.startTime',
      'i.businessTable',
      'i.businessId',
      'i.tenantId',
      'd.id as definitionId',
      'd.key',
      'd.name',
      'd.version',
      'd.suspensionState',
    ])
    .select((eb) =>
      eb
        .selectFrom('blade_flow_task as t')
        .select((t) => t.fn.agg<string>('string_agg', ['t.name', t.val(',')]).as('names'))
        .whereRef('t.instanceId', '=', 'i.id')
        .where('t.status', '=', 'open')
        .as('taskName'),
    )
    .orderBy('i.id', 'desc')
    .limit(size)
    .offset(offset)
    .execute();
  const names = await userNames(
    ctx.db,
    rows.map((r) => r.startUser),
  );
  return pageAnswer(
    rows.map((r) => ({
      id: r.id,
      executionId: r.id,
      processInstanceId: r.id,
      processDefinitionId: r.definitionId,
      processDefinitionKey: r.key,
      processDefinitionName: r.name,
      processDefinitionVersion: Number(r.version),
      suspensionState: r.suspensionState === 2 ? (2 as const) : (1 as const),
      startUserId: r.startUser,
      startUser: names.get(r.startUser) ?? '',
      startTime: timeText(r.startTime),
      businessTable: r.businessTable ?? '',
      businessId: r.businessId ?? '',
      taskName: r.taskName ?? '',
      tenantId: r.tenantId,
    })),
    Number(n),
    size,
    current,
  );
}

/**
 * What Saber's pictures draw, by id alone: an <img> or a frame fetches them without a token, and
 * BladeX serves them to anyone. They show the model and which of its steps are done or open — no
 * person, variable or comment; the history and the diagram data above stay checked.
 */
export async function pictureOfInstance(ctx: AppContext, instanceId: string) {
  const instance = await ctx.db
    .selectFrom('blade_flow_instance')
    .select(['id', 'definitionId', 'completedActivities', 'takenFlows'])
    .where('id', '=', instanceId)
    .executeTakeFirst();
  if (!instance) throw badRequest(m.say.instanceMissing);
  const open = await ctx.db
    .selectFrom('blade_flow_task')
    .select('taskKey')
    .where('instanceId', '=', instanceId)
    .where('status', '=', 'open')
    .execute();
  const active = open.map((t) => t.taskKey);
  return {
    name: instance.id,
    xml: await definitionXml(ctx.db, instance.definitionId),
    highlight: {
      completed: json<string[]>(instance.completedActivities).filter((id) => !active.includes(id)),
      active,
      flows: json<string[]>(instance.takenFlows),
    },
  };
}

export async function pictureOfDefinition(ctx: AppContext, definitionId: string) {
  const row = await ctx.db.selectFrom('blade_flow_definition').select(['id', 'xml']).where('id', '=', definitionId).executeTakeFirst();
  if (!row) throw badRequest(m.say.processMissing);
  return { name: row.id.replace(/:/g, '-'), xml: row.xml };
}
