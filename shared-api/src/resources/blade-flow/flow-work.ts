import { z } from 'zod';
import { idString, pageQuery } from '../../common.js';
import { defineEndpoints, defineExtra } from '../../resource.js';
import { flowMessages as m } from './flow-messages.js';
import { filterText, flowCategory, flowMode, flowTaskRow, pageOf, processDefinitionRow, workListQuery } from './flow-shapes.js';

/** A process variable's value: text, a number or a yes/no (no objects: conditions compare plain values). */
export const variableValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
/** Variables a caller may set: names as expressions read them. */
export const flowVariables = z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, m.say.variables), variableValue, {
  error: m.say.variables.error,
});

/** How a task is decided: `ok` or `pass` approves; `reject`, "" or no flag rejects (as BladeX's leave handling). */
export const taskFlag = z.preprocess((v) => (v === null ? undefined : v), z.enum(['ok', 'pass', 'reject', ''], m.say.flag).optional());

const listExtra = (path: string, summary: string) =>
  defineExtra({ method: 'GET', path, summary, query: workListQuery, response: pageOf(flowTaskRow), permission: null });

/**
 * The caller's work (BladeX blade-flow/work, 我的事务): what they may start, claim and do, what they
 * started and what they did. Every list is the caller's own, within their tenant.
 */
export const flowWork = defineEndpoints({
  service: 'blade-flow',
  name: 'work',
  permission: 'work_todo',
  rowsOf: 'blade_flow_task',
  endpoints: {
    startList: defineExtra({
      method: 'GET',
      path: 'start-list',
      summary:
        "Active process definitions the caller may start, newest version of each key: mode 1 common ones, mode 2 their tenant's (both when no mode); filters category, name, key",
      query: pageQuery.extend({
        mode: flowMode,
        category: z.preprocess((v) => (v === '' || v === null ? undefined : v), flowCategory.optional()),
        name: filterText(),
        key: filterText(),
      }),
      response: pageOf(processDefinitionRow),
      permission: null,
    }),
    claimList: listExtra(
      'claim-list',
      'Open tasks nobody holds yet for which the caller is a candidate: by user, by role or by department',
    ),
    todoList: listExtra('todo-list', 'Open tasks assigned to the caller (directly or after claiming), oldest first'),
    sendList: listExtra(
      'send-list',
      'Process instances the caller started, newest first, with their open task names and whether they ended',
    ),
    doneList: listExtra('done-list', 'Tasks the caller completed, newest first'),
    claimTask: defineExtra({
      method: 'POST',
      path: 'claim-task',
      summary: "Claim a task the caller is a candidate of: it becomes theirs and leaves the other candidates' claim lists",
      query: z.object({ taskId: z.string(m.say.taskId).pipe(idString) }),
      fieldsFrom: 'query-or-body',
      response: flowTaskRow,
      permission: null,
    }),
    completeTask: defineExtra({
      method: 'POST',
      path: 'complete-task',
      summary:
        'Complete a task held by the caller (body taskId, processInstanceId, flag, comment, variables): flag ok/pass approves (variable pass=true), reject or none rejects; the instance runs on to its next wait and is saved; completed once even when sent twice',
      body: z.object({
        taskId: z.string(m.say.taskId).pipe(idString),
        processInstanceId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idString.optional()),
        flag: taskFlag,
        comment: z.string().max(2000, m.say.comment).nullish(),
        variables: flowVariables.nullish(),
      }),
      response: flowTaskRow,
      permission: null,
    }),
  },
  // The columns of its task lists (todo, claim, send, done), as the consoles show them.
  title: ['我的事务', 'My work'],
  rows: {
    key: 'taskId',
    columns: [
      { prop: 'processDefinitionName', label: ['流程名称', 'Process'] },
      { prop: 'taskName', label: ['当前环节', 'Step'] },
      { prop: 'startUser', label: ['申请人', 'Started by'] },
      { prop: 'assigneeName', label: ['办理人', 'Assignee'] },
      { prop: 'createTime', label: ['创建时间', 'Created'] },
      { prop: 'endTime', label: ['完成时间', 'Completed'] },
    ],
  },
});
