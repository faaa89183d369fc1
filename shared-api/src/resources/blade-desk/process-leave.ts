import { z } from 'zod';
import { idString, isRealDate } from '../../common.js';
import type { Said } from '../../messages.js';
import { defineEndpoints, defineExtra } from '../../resource.js';
import { flowMessages as m } from '../blade-flow/flow-messages.js';
import { flowTaskRow } from '../blade-flow/flow-shapes.js';

const dateTime = (message: Said) =>
  z
    .string(message)
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, message)
    .refine(isRealDate, message);

/** The fields of a leave request the applicant fills in (the start form, and a resubmission's variables). */
export const leaveFields = z
  .object({
    startTime: dateTime(m.say.startTime),
    endTime: dateTime(m.say.endTime),
    /** Optional: computed from the times (half days, rounded up) when not sent, as Saber's form sends none. */
    days: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
      z.number(m.say.days).min(0.5, m.say.days).max(365, m.say.days).optional(),
    ),
    reason: z.string(m.say.reason).trim().min(1, m.say.reason).max(500, m.say.reason),
    /** The approver's user id (Saber's form picks it from user-list). */
    taskUser: z.union([z.string(), z.number()], m.say.taskUser).transform(String).pipe(idString),
  })
  .refine((f) => f.endTime.padEnd(19, ':00') >= f.startTime.padEnd(19, ':00'), { error: m.say.endBeforeStart.error, path: ['endTime'] });

/** A leave request with the state of its process (BladeX ProcessLeave with its `flow`). */
export const leaveDetail = z.object({
  id: z.string(),
  tenantId: z.string(),
  processDefinitionId: z.string(),
  processInstanceId: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  days: z.number(),
  reason: z.string(),
  taskUser: z.string(),
  taskUserName: z.string(),
  applyUser: z.string(),
  applyUserName: z.string(),
  applyTime: z.string(),
  /** `running`, `approved`, `rejected` (waiting for the applicant), `withdrawn` or `deleted`. */
  status: z.string(),
  /** The process as the leave screens read it: `flow.assigneeName` is the applicant. */
  flow: flowTaskRow.pick({
    assignee: true,
    assigneeName: true,
    processInstanceId: true,
    processDefinitionId: true,
    processIsFinished: true,
    taskName: true,
  }),
});
export type LeaveDetail = z.infer<typeof leaveDetail>;

/**
 * The leave process (BladeX blade-desk/process/leave): apply → the chosen approver (`taskUser`) →
 * a member of the role with alias `hr` claims and approves → end; a rejection returns it to the
 * applicant, who resubmits (complete-task with flag ok and the changed fields as variables) or
 * withdraws (flag reject).
 */
export const processLeave = defineEndpoints({
  service: 'blade-desk',
  name: 'leave',
  basePath: '/api/blade-desk/process/leave',
  permission: 'work_start',
  rowsOf: 'blade_process_leave',
  endpoints: {
    startProcess: defineExtra({
      method: 'POST',
      path: 'start-process',
      summary:
        'Apply for leave: stores the request and starts an instance of the given leave process definition (body processDefinitionId, startTime, endTime, days, reason, taskUser)',
      body: z.intersection(z.object({ processDefinitionId: z.string(m.say.processId).min(1, m.say.processId).max(200) }), leaveFields),
      response: leaveDetail,
      permission: null,
    }),
    detail: defineExtra({
      method: 'GET',
      path: 'detail',
      summary: 'A leave request with its applicant and process state, to whoever may read its process',
      query: z.object({ businessId: z.string(m.say.businessId).pipe(idString) }),
      response: leaveDetail,
      permission: null,
    }),
  },
  title: ['请假流程', 'Leave requests'],
});
