import { badRequest, forbidden, flowMessages as m, refusedWith } from '@sso/shared-api';
import type { Db } from '../db/database.js';
import type { Caller } from '../kernel/caller.js';
import type { IdGenerator } from '../kernel/ids.js';
import { type DefinitionInfo, definitionFor, definitionXml, json } from './definitions.js';
import { signalTask, startInstance } from './engine-run.js';
import { endedActivities, mergeIds, type OpenedTask, recordStep } from './steps.js';

/** What a step changed, for the caller's answer and for telling people after the commit. */
export interface StepOutcome {
  instanceId: string;
  finished: boolean;
  /** The end event reached, when the step ended the instance. */
  endId: string | null;
  opened: OpenedTask[];
  /** Keys of the tasks still open after the step. */
  openTaskKeys: string[];
}

interface Env {
  db: Db;
  ids: IdGenerator;
}

/** `ok` and `pass` approve; `reject`, "" or no flag reject (BladeX: pass = "ok".equals(flag)). */
export const approves = (flag: string | undefined | null) => flag === 'ok' || flag === 'pass';

export interface StartRequest {
  definitionId: string;
  variables: Record<string, unknown>;
  businessTable?: string;
  businessId?: string;
  /** Called in the same transaction once the instance row exists (the leave links its request). */
  instanceId?: string;
}

/**
 * Starts an instance of a definition the caller's tenant may use, unless it is suspended, and
 * runs it to its first user tasks; the instance row with the engine's state, its tasks and its
 * history are written in the caller's transaction.
 */
export async function startProcess(env: Env, trx: Db, caller: Caller, request: StartRequest): Promise<StepOutcome> {
  const definition = await definitionFor(trx, caller.tenant_id, request.definitionId);
  if (definition.suspensionState !== 1) throw badRequest(m.say.processSuspended);
  const instanceId = request.instanceId ?? env.ids.next();
  const variables: Record<string, unknown> = { ...request.variables };
  if (definition.initiator) variables[definition.initiator] = caller.user_id;
  variables.applyUser ??= caller.user_id;
  // The applicant's department, for steps assigned to its leader (`leader:${applyUserDept}`).
  variables.applyUserDept ??= caller.dept_id.split(',')[0] ?? '';
  const step = await startInstance(instanceId, { id: definition.id, xml: () => definitionXml(trx, definition.id) }, variables);
  const now = new Date();
  await trx
    .insertInto('blade_flow_instance')
    .values({
      id: instanceId,
      tenantId: caller.tenant_id,
      definitionId: definition.id,
      businessTable: request.businessTable ?? null,
      businessId: request.businessId ?? null,
      startUser: caller.user_id,
      startTime: now,
      endTime: step.finished ? now : null,
      status: step.finished ? 'finished' : 'running',
      variables: JSON.stringify(variables),
      state: step.finished ? null : JSON.stringify(step.state),
      completedActivities: JSON.stringify(endedActivities(step)),
      takenFlows: JSON.stringify(step.takenFlows),
      dueAt: step.dueAt,
    })
    .execute();
  const instance = { id: instanceId, tenantId: caller.tenant_id, startUser: caller.user_id };
  const opened = await recordStep({ db: trx, ids: env.ids, instance, definition, variables, now }, step);
  return outcome(
    instanceId,
    step,
    opened,
    opened.map((t) => t.spec.id),
  );
}

/** A task of the caller's tenant, for update: its instance row is locked first (one writer per instance). */
async function lockedTask(trx: Db, caller: Caller, taskId: string) {
  const found = await trx
    .selectFrom('blade_flow_task')
    .select('instanceId')
    .where('id', '=', taskId)
    .where('tenantId', '=', caller.tenant_id)
    .executeTakeFirst();
  if (!found) throw badRequest(m.say.taskMissing);
  // Locking the instance serialises every step of it across nodes: a second request for the same
  // task waits here, then finds the task done and is refused.
  const instance = await trx
    .selectFrom('blade_flow_instance')
    .selectAll()
    .where('id', '=', found.instanceId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const task = await trx.selectFrom('blade_flow_task').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
  if (task.status !== 'open' || instance.status !== 'running') throw badRequest(m.say.taskMissing);
  return { task, instance };
}

/** Whether the caller is one of a task's candidates: by user, by one of their roles or departments. */
export async function isCandidate(db: Db, caller: Caller, taskId: string): Promise<boolean> {
  const refs = [
    ...['user'].map((kind) => ({ kind, ids: [caller.user_id] })),
    { kind: 'role', ids: caller.roleIds },
    { kind: 'dept', ids: caller.deptIds },
  ].filter((r) => r.ids.length);
  const row = await db
    .selectFrom('blade_flow_task_candidate')
    .select('taskId')
    .where('taskId', '=', taskId)
    .where((eb) => eb.or(refs.map((r) => eb.and([eb('kind', '=', r.kind), eb('refId', 'in', r.ids)]))))
    .executeTakeFirst();
  return !!row;
}

/** Claims a task nobody holds for a candidate: it becomes theirs alone. */
export async function claimTask(trx: Db, caller: Caller, taskId: string): Promise<void> {
  const { task } = await lockedTask(trx, caller, taskId);
  if (task.assignee) throw badRequest(m.say.taskClaimed);
  if (!(await isCandidate(trx, caller, taskId))) throw forbidden(m.say.taskNotCandidate);
  const now = new Date();
  await trx.updateTable('blade_flow_task').set({ assignee: caller.user_id, claimTime: now }).where('id', '=', taskId).execute();
  await trx.updateTable('blade_flow_history').set({ assignee: caller.user_id }).where('taskId', '=', taskId).execute();
}

export interface CompleteRequest {
  taskId: string;
  processInstanceId?: string;
  flag?: string;
  comment?: string | null;
  variables?: Record<string, unknown> | null;
}

/** Hooks a business record (the leave) runs in the step's transaction. */
export interface CompletionHooks {
  /** Before the engine runs: may change the request's record from the variables sent. */
  beforeStep?: (
    trx: Db,
    instance: { id: string; businessTable: string | null; businessId: string | null; startUser: string },
    taskKey: string,
    /** The instance's variables as the step will run with them; the hook may change them. */
    variables: Record<string, unknown>,
    /** The variables the request sent. */
    sent: Record<string, unknown>,
  ) => Promise<void>;
}

/**
 * Completes a task the caller holds: only its assignee (a candidate claims it first). The flag
 * becomes the variable `pass`; the engine resumes from the saved state, runs to its next wait and
 * the new state is saved in the same transaction as the task, its history and the next tasks.
 */
export async function completeTask(
  env: Env,
  trx: Db,
  caller: Caller,
  request: CompleteRequest,
  hooks: CompletionHooks = {},
): Promise<StepOutcome> {
  const { task, instance } = await lockedTask(trx, caller, request.taskId);
  if (request.processInstanceId && request.processInstanceId !== instance.id) throw badRequest(m.say.taskInstanceMismatch);
  if (task.assignee !== caller.user_id) throw forbidden(m.say.taskNotAssignee);
  const definition: DefinitionInfo = await definitionFor(trx, instance.tenantId, instance.definitionId);
  const pass = approves(request.flag);
  const variables: Record<string, unknown> = { ...json<Record<string, unknown>>(instance.variables), ...(request.variables ?? {}), pass };
  await hooks.beforeStep?.(trx, instance, task.taskKey, variables, request.variables ?? {});
  const step = await signalTask(
    instance.id,
    { id: definition.id, xml: () => definitionXml(trx, definition.id) },
    json(instance.state),
    variables,
    task.taskKey,
    await openTaskKeys(trx, instance.id),
  );
  const now = new Date();
  const comment = request.comment?.trim() || null;
  await trx
    .updateTable('blade_flow_task')
    .set({ status: 'done', endTime: now, outcome: pass ? 'pass' : 'reject', comment })
    .where('id', '=', task.id)
    .execute();
  await trx
    .updateTable('blade_flow_history')
    .set({ endTime: now, durationMs: now.getTime() - new Date(task.createTime).getTime(), comment, assignee: caller.user_id })
    .where('taskId', '=', task.id)
    .execute();
  return saveStep(env, trx, { instance, definition, variables, now }, step);
}

/** Keys of an instance's open tasks. */
export async function openTaskKeys(trx: Db, instanceId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('blade_flow_task')
    .select('taskKey')
    .where('instanceId', '=', instanceId)
    .where('status', '=', 'open')
    .execute();
  return rows.map((r) => r.taskKey);
}

type InstanceRow = Awaited<ReturnType<typeof lockedTask>>['instance'];

/**
 * Saves what a step of a running instance did, in the step's transaction: its history and new
 * tasks; tasks the engine no longer waits on (a timer or a terminating end took them away) are
 * withdrawn; the instance's state, variables, path and next timer. The revision must still be the
 * one read: the row is locked, so it is, and a database without row locks could not apply a step twice.
 */
export async function saveStep(
  env: Env,
  trx: Db,
  scope: { instance: InstanceRow; definition: DefinitionInfo; variables: Record<string, unknown>; now: Date },
  step: Awaited<ReturnType<typeof startInstance>>,
): Promise<StepOutcome> {
  const { instance, definition, variables, now } = scope;
  const opened = await recordStep({ db: trx, ids: env.ids, instance, definition, variables, now }, step);
  const open = await trx
    .selectFrom('blade_flow_task')
    .select(['id', 'taskKey'])
    .where('instanceId', '=', instance.id)
    .where('status', '=', 'open')
    .execute();
  const waiting = [...step.waitingTasks];
  const gone = open.filter((t) => {
    const at = waiting.indexOf(t.taskKey);
    if (at < 0) return true;
    waiting.splice(at, 1);
    return false;
  });
  if (gone.length) {
    const ids = gone.map((t) => t.id);
    await trx.updateTable('blade_flow_task').set({ status: 'withdrawn', endTime: now }).where('id', 'in', ids).execute();
    await trx.updateTable('blade_flow_history').set({ endTime: now }).where('taskId', 'in', ids).where('endTime', 'is', null).execute();
  }
  const updated = await trx
    .updateTable('blade_flow_instance')
    .set({
      variables: JSON.stringify(variables),
      state: step.finished ? null : JSON.stringify(step.state),
      status: step.finished ? 'finished' : 'running',
      endTime: step.finished ? now : null,
      dueAt: step.dueAt,
      revision: instance.revision + 1,
      completedActivities: JSON.stringify(mergeIds(json<string[]>(instance.completedActivities), endedActivities(step))),
      takenFlows: JSON.stringify(mergeIds(json<string[]>(instance.takenFlows), step.takenFlows)),
    })
    .where('id', '=', instance.id)
    .where('revision', '=', instance.revision)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw refusedWith(409, m.say.busy);
  const stillOpen = open.filter((t) => !gone.includes(t)).map((t) => t.taskKey);
  return outcome(instance.id, step, opened, step.finished ? [] : stillOpen);
}

function outcome(
  instanceId: string,
  step: Awaited<ReturnType<typeof startInstance>>,
  opened: OpenedTask[],
  openTaskKeys: string[],
): StepOutcome {
  const lastEnd = [...step.events].reverse().find((e) => e.kind === 'end' && e.type === 'bpmn:EndEvent');
  return { instanceId, finished: step.finished, endId: step.finished ? (lastEnd?.id ?? null) : null, opened, openTaskKeys };
}

/** Ends a running instance of the tenant with a reason: its open tasks are withdrawn, its open steps closed with the reason. */
export async function deleteInstance(
  trx: Db,
  tenantId: string,
  instanceId: string,
  reason: string,
): Promise<{ businessTable: string | null; businessId: string | null }> {
  const instance = await trx
    .selectFrom('blade_flow_instance')
    .select(['id', 'status', 'businessTable', 'businessId'])
    .where('id', '=', instanceId)
    .where('tenantId', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
  if (!instance) throw badRequest(m.say.instanceMissing);
  if (instance.status !== 'running') throw badRequest(m.say.instanceFinished);
  const now = new Date();
  await trx
    .updateTable('blade_flow_instance')
    .set({ status: 'deleted', endReason: reason, endTime: now, state: null })
    .where('id', '=', instanceId)
    .execute();
  await trx
    .updateTable('blade_flow_task')
    .set({ status: 'withdrawn', endTime: now, comment: reason })
    .where('instanceId', '=', instanceId)
    .where('status', '=', 'open')
    .execute();
  await trx
    .updateTable('blade_flow_history')
    .set({ endTime: now, comment: reason })
    .where('instanceId', '=', instanceId)
    .where('endTime', 'is', null)
    .execute();
  return { businessTable: instance.businessTable, businessId: instance.businessId };
}
