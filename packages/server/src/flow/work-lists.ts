import type { FlowTaskRow } from '@sso/shared-api';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import { categoryNames, pageAnswer, paging, type TaskJoin, taskRow, userNames } from './rows.js';

/** The filters the work screens send: category (`flow_1`), process name or key (contains). */
export interface WorkFilter {
  current?: number;
  size?: number;
  category?: string;
  processDefinitionName?: string;
  processDefinitionKey?: string;
}

export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function tasksOf(ctx: AppContext, caller: Caller, filter: WorkFilter) {
  let query = ctx.db
    .selectFrom('blade_flow_task as t')
    .innerJoin('blade_flow_instance as i', 'i.id', 't.instanceId')
    .innerJoin('blade_flow_definition as d', 'd.id', 't.definitionId')
    .where('t.tenantId', '=', caller.tenant_id);
  if (filter.category) query = query.where('d.category', '=', filter.category);
  if (filter.processDefinitionName) query = query.where('d.name', 'ilike', containing(filter.processDefinitionName));
  if (filter.processDefinitionKey) query = query.where('d.key', 'ilike', containing(filter.processDefinitionKey));
  return query;
}

const TASK_COLUMNS = [
  't.id as taskId',
  't.name as taskName',
  't.taskKey as taskKey',
  't.assignee as assignee',
  't.createTime as createTime',
  't.endTime as endTime',
  't.claimTime as claimTime',
  't.comment as comment',
  'i.id as instanceId',
  'i.status as instanceStatus',
  'i.startUser as startUser',
  'i.businessTable as businessTable',
  'i.businessId as businessId',
  'd.id as definitionId',
  'd.key as definitionKey',
  'd.name as definitionName',
  'd.version as definitionVersion',
  'd.category as category',
] as const;

/** Counts and reads one page of a task query, with names filled in. */
async function taskPage(
  ctx: AppContext,
  english: boolean,
  query: ReturnType<typeof tasksOf>,
  filter: WorkFilter,
  newestBy: 't.id' | 't.endTime',
) {
  const { size, current, offset } = paging(filter);
  const [{ n }] = await query.select((eb) => eb.fn.countAll<string>().as('n')).execute();
  const rows = (await query
    .select([...TASK_COLUMNS])
    .orderBy(newestBy, 'desc')
    .orderBy('t.id', 'desc')
    .limit(size)
    .offset(offset)
    .execute()) as unknown as TaskJoin[];
  return pageAnswer(await toTaskRows(ctx, english, rows), Number(n), size, current);
}

/** One task of the caller's tenant as the lists show it (the answer to claim and complete), or undefined. */
export async function taskById(ctx: AppContext, caller: Caller, taskId: string, english: boolean): Promise<FlowTaskRow | undefined> {
  const row = await tasksOf(ctx, caller, {})
    .select([...TASK_COLUMNS])
    .where('t.id', '=', taskId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [answer] = await toTaskRows(ctx, english, [row as unknown as TaskJoin]);
  return answer;
}

export async function toTaskRows(ctx: AppContext, english: boolean, rows: TaskJoin[]): Promise<FlowTaskRow[]> {
  const [names, categoryName] = await Promise.all([
    userNames(
      ctx.db,
      rows.flatMap((r) => [r.assignee, r.startUser]),
    ),
    categoryNames(ctx, english),
  ]);
  return rows.map((r) => taskRow(r, names, categoryName));
}

/** Open tasks assigned to the caller (directly, or claimed). */
export function todoList(ctx: AppContext, caller: Caller, filter: WorkFilter, english: boolean) {
  const query = tasksOf(ctx, caller, filter).where('t.status', '=', 'open').where('t.assignee', '=', caller.user_id);
  return taskPage(ctx, english, query, filter, 't.id');
}

/** Open tasks nobody holds for which the caller is a candidate: by user, one of their roles or departments. */
export function claimList(ctx: AppContext, caller: Caller, filter: WorkFilter, english: boolean) {
  const query = tasksOf(ctx, caller, filter)
    .where('t.status', '=', 'open')
    .where('t.assignee', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('blade_flow_task_candidate as c')
          .select('c.taskId')
          .whereRef('c.taskId', '=', 't.id')
          .where((c) =>
            c.or([
              c.and([c('c.kind', '=', 'user'), c('c.refId', '=', caller.user_id)]),
              ...(caller.roleIds.length ? [c.and([c('c.kind', '=', 'role'), c('c.refId', 'in', caller.roleIds)])] : []),
              ...(caller.deptIds.length ? [c.and([c('c.kind', '=', 'dept'), c('c.refId', 'in', caller.deptIds)])] : []),
            ]),
          ),
      ),
    );
  return taskPage(ctx, english, query, filter, 't.id');
}

/** Tasks the caller completed, newest first. */
export function doneList(ctx: AppContext, caller: Caller, filter: WorkFilter, english: boolean) {
  const query = tasksOf(ctx, caller, filter).where('t.status', '=', 'done').where('t.assignee', '=', caller.user_id);
  return taskPage(ctx, english, query, filter, 't.endTime');
}

/** Instances the caller started, newest first, each with the names of its open tasks. */
export async function sendList(ctx: AppContext, caller: Caller, filter: WorkFilter, english: boolean) {
  const { size, current, offset } = paging(filter);
  let query = ctx.db
    .selectFrom('blade_flow_instance as i')
    .innerJoin('blade_flow_definition as d', 'd.id', 'i.definitionId')
    .where('i.tenantId', '=', caller.tenant_id)
    .where('i.startUser', '=', caller.user_id);
  if (filter.category) query = query.where('d.category', '=', filter.category);
  if (filter.processDefinitionName) query = query.where('d.name', 'ilike', containing(filter.processDefinitionName));
  if (filter.processDefinitionKey) query = query.where('d.key', 'ilike', containing(filter.processDefinitionKey));
  const [{ n }] = await query.select((eb) => eb.fn.countAll<string>().as('n')).execute();
  const rows = await query
    .select([
      sql<null>`null`.as('taskId'),
      sql<string>`coalesce((select string_agg(t.name, ',' order by t.id) from blade_flow_task t where t.instance_id = i.id and t.status = 'open'), '')`.as(
        'taskName',
      ),
      sql<null>`null`.as('taskKey'),
      sql<null>`null`.as('assignee'),
      'i.startTime as createTime',
      'i.endTime as endTime',
      sql<null>`null`.as('claimTime'),
      'i.endReason as comment',
      'i.id as instanceId',
      'i.status as instanceStatus',
      'i.startUser as startUser',
      'i.businessTable as businessTable',
      'i.businessId as businessId',
      'd.id as definitionId',
      'd.key as definitionKey',
      'd.name as definitionName',
      'd.version as definitionVersion',
      'd.category as category',
    ])
    .orderBy('i.id', 'desc')
    .limit(size)
    .offset(offset)
    .execute();
  return pageAnswer(await toTaskRows(ctx, english, rows as unknown as TaskJoin[]), Number(n), size, current);
}

/** How many open tasks the caller holds and may claim (the landing page's figures), two counts. */
export async function openTaskCounts(ctx: AppContext, caller: Caller): Promise<{ todo: number; claim: number }> {
  const [todo, claim] = await Promise.all([todoList(ctx, caller, { size: 1 }, false), claimList(ctx, caller, { size: 1 }, false)]);
  return { todo: todo.total, claim: claim.total };
}
