import { badRequest, firstIssueMessage, type LeaveDetail, leaveFields, flowMessages as m } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import type { Db } from '../db/database.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import { instanceOf, requireReader } from './history.js';
import { type CompletionHooks, type StepOutcome, startProcess } from './instances.js';
import { LEAVE_CATEGORY } from './leave-model.js';
import { notifyOpened } from './notify.js';
import { timeText, userNames } from './rows.js';

/** The business table of leave requests, as instances name it (BladeX: businessKey `blade_process_leave:<id>`). */
export const LEAVE_TABLE = 'blade_process_leave';

export interface LeaveInput {
  startTime: string;
  endTime: string;
  days?: number;
  reason: string;
  taskUser: string;
}

/** Days between the times, in half days rounded up (at least half a day), when the form sends none. */
export function leaveDays(input: { startTime: string; endTime: string; days?: number }): number {
  if (input.days !== undefined) return input.days;
  const ms = new Date(input.endTime.replace(' ', 'T')).getTime() - new Date(input.startTime.replace(' ', 'T')).getTime();
  return Math.max(0.5, Math.ceil(ms / 43_200_000) / 2);
}

async function requireTenantUser(db: Db, tenantId: string, userId: string): Promise<void> {
  const user = await db.selectFrom('blade_user').select('id').where('id', '=', userId).$call(live(tenantId)).executeTakeFirst();
  if (!user) throw badRequest(m.say.taskUserUnknown);
}

/** The leave's process variables: what the model's expressions read. */
const variablesOf = (input: LeaveInput, days: number) => ({
  taskUser: input.taskUser,
  days,
  reason: input.reason,
  startTime: input.startTime,
  endTime: input.endTime,
});

/** Stores a leave request and starts its process in one transaction; the approver is told after the commit. */
export async function startLeave(
  ctx: AppContext,
  caller: Caller,
  body: LeaveInput & { processDefinitionId: string },
): Promise<LeaveDetail> {
  const days = leaveDays(body);
  await requireTenantUser(ctx.db, caller.tenant_id, body.taskUser);
  const leaveId = ctx.ids.next();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const definition = await trx
      .selectFrom('blade_flow_definition')
      .select('category')
      .where('id', '=', body.processDefinitionId)
      .where('tenantId', 'in', ['', caller.tenant_id])
      .executeTakeFirst();
    if (!definition) throw badRequest(m.say.processMissing);
    if (definition.category !== LEAVE_CATEGORY) throw badRequest(m.say.notLeaveProcess);
    const instanceId = ctx.ids.next();
    await trx
      .insertInto('blade_process_leave')
      .values({
        id: leaveId,
        tenantId: caller.tenant_id,
        createUser: caller.user_id,
        processDefinitionId: body.processDefinitionId,
        processInstanceId: instanceId,
        startTime: body.startTime,
        endTime: body.endTime,
        days,
        reason: body.reason,
        taskUser: body.taskUser,
        applyUser: caller.user_id,
      })
      .execute();
    const step = await startProcess(ctx, trx, caller, {
      definitionId: body.processDefinitionId,
      variables: variablesOf(body, days),
      businessTable: LEAVE_TABLE,
      businessId: leaveId,
      instanceId,
    });
    await settleLeave(trx, leaveId, step);
    return step;
  });
  await notifyOpened(ctx, caller.tenant_id, outcome.opened);
  return leaveDetail(ctx, caller, leaveId);
}

/** The request's state after a step: approved or withdrawn at the end, rejected while back with the applicant. */
export async function settleLeave(trx: Db, leaveId: string, step: StepOutcome): Promise<void> {
  const status = step.finished
    ? step.endId && /withdraw/i.test(step.endId)
      ? 'withdrawn'
      : 'approved'
    : step.openTaskKeys.includes('adjustTask')
      ? 'rejected'
      : 'running';
  await trx.updateTable('blade_process_leave').set({ flowStatus: status, updateTime: new Date() }).where('id', '=', leaveId).execute();
}

/**
 * Hooks of the leave on complete-task: when the applicant resubmits (approves their own
 * adjustment task), the fields sent as variables change the request, checked as on the form.
 */
export const leaveHooks: CompletionHooks = {
  beforeStep: async (trx, instance, taskKey, variables, sent) => {
    if (instance.businessTable !== LEAVE_TABLE || !instance.businessId || taskKey !== 'adjustTask' || variables.pass !== true) return;
    const current = await trx.selectFrom('blade_process_leave').selectAll().where('id', '=', instance.businessId).executeTakeFirst();
    if (!current) return;
    const changed = ['startTime', 'endTime', 'days', 'reason', 'taskUser'].some((k) => sent[k] !== undefined);
    if (!changed) return;
    // Days sent are kept; otherwise they follow the (changed) times.
    const merged = leaveFields.safeParse({
      startTime: sent.startTime ?? timeText(current.startTime),
      endTime: sent.endTime ?? timeText(current.endTime),
      days: sent.days,
      reason: sent.reason ?? current.reason,
      taskUser: sent.taskUser ?? current.taskUser,
    });
    if (!merged.success) throw badRequest(firstIssueMessage(merged.error.issues, m.say.variables));
    const input = merged.data;
    await requireTenantUser(trx, current.tenantId, input.taskUser);
    const days = leaveDays(input);
    Object.assign(variables, variablesOf(input, days));
    await trx
      .updateTable('blade_process_leave')
      .set({
        startTime: input.startTime,
        endTime: input.endTime,
        days,
        reason: input.reason,
        taskUser: input.taskUser,
        updateTime: new Date(),
      })
      .where('id', '=', current.id)
      .execute();
  },
};

/** A leave request of the caller's tenant with its process state, to whoever may read its process. */
export async function leaveDetail(ctx: AppContext, caller: Caller, leaveId: string): Promise<LeaveDetail> {
  const leave = await ctx.db
    .selectFrom('blade_process_leave')
    .selectAll()
    .where('id', '=', leaveId)
    .$call(live(caller.tenant_id))
    .executeTakeFirst();
  if (!leave?.processInstanceId) throw badRequest(m.say.leaveMissing);
  const instance = await instanceOf(ctx, caller, leave.processInstanceId);
  await requireReader(ctx, caller, instance);
  const open = await ctx.db
    .selectFrom('blade_flow_task')
    .select('name')
    .where('instanceId', '=', instance.id)
    .where('status', '=', 'open')
    .execute();
  const names = await userNames(ctx.db, [leave.applyUser, leave.taskUser]);
  const applicant = names.get(leave.applyUser) ?? '';
  return {
    id: leave.id,
    tenantId: leave.tenantId,
    processDefinitionId: leave.processDefinitionId,
    processInstanceId: leave.processInstanceId,
    startTime: timeText(leave.startTime),
    endTime: timeText(leave.endTime),
    days: Number(leave.days),
    reason: leave.reason,
    taskUser: leave.taskUser,
    taskUserName: names.get(leave.taskUser) ?? '',
    applyUser: leave.applyUser,
    applyUserName: applicant,
    applyTime: timeText(leave.applyTime),
    status: instance.status === 'deleted' ? 'deleted' : leave.flowStatus,
    flow: {
      assignee: leave.applyUser,
      assigneeName: applicant,
      processInstanceId: instance.id,
      processDefinitionId: instance.definitionId,
      processIsFinished: instance.status === 'running' ? 'unfinished' : 'finished',
      taskName: open.map((t) => t.name).join(','),
    },
  };
}
