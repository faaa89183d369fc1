import { z } from 'zod';
import { pageQuery, queryInt } from '../../common.js';
import { say } from '../../messages.js';
import { flowMessages as m } from './flow-messages.js';

/**
 * Rows of the workflow as the Saber screens read them (BladeX's BladeFlow, FlowProcess, FlowModel and
 * FlowExecution). Times answer as `yyyy-MM-dd HH:mm:ss`, text and ids that are not there as "".
 */

/** A page as every list of these screens answers it. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ records: z.array(row), total: z.number(), size: z.number(), current: z.number(), pages: z.number() });

/** An empty query value is no filter (the screens send `category: null`, forms send ""). */
const blankless = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
export const filterText = (max = 100) => blankless(z.string(say('badType')).max(max));

/** A process category as the screens send it: `flow_` and a key of the `flow` dictionary (`flow_1`). */
export const flowCategory = z.string(m.say.category).regex(/^flow_[A-Za-z0-9_-]{1,40}$/, m.say.category);

/** The key of a model or a process: the BPMN process id (a letter, then letters, digits, _ - .). */
export const processKey = z.string(m.say.modelKey).regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/, m.say.modelKey);

/** `1` common processes (deployed for every tenant), `2` processes deployed for particular tenants. */
export const flowMode = blankless(queryInt(say('badType')).pipe(z.union([z.literal(1), z.literal(2)], say('badType'))));

/** Suspension state as Flowable answers it: 1 active, 2 suspended. */
export const suspensionState = z.union([z.literal(1), z.literal(2)]);

/** A process definition (deployment manager, start list): what a deployment made startable. */
export const processDefinitionRow = z.object({
  /** `key:version:deploymentId`, as Flowable names definitions. */
  id: z.string(),
  /** "" for a common process (every tenant may start it), else the tenant it was deployed for. */
  tenantId: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  categoryName: z.string(),
  version: z.number(),
  deploymentId: z.string(),
  resourceName: z.string(),
  suspensionState,
  deploymentTime: z.string(),
});
export type ProcessDefinitionRow = z.infer<typeof processDefinitionRow>;

/** A process model (模型设计): the BPMN XML the designer edits, before it is deployed. */
export const modelRow = z.object({
  id: z.string(),
  tenantId: z.string(),
  modelKey: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  categoryName: z.string(),
  /** Raised by one at every save. */
  version: z.number(),
  created: z.string(),
  lastUpdated: z.string(),
});
export type ModelRow = z.infer<typeof modelRow>;
export const modelDetail = modelRow.extend({ xml: z.string() });
export type ModelDetail = z.infer<typeof modelDetail>;

/**
 * A task or an instance as the work lists answer it (BladeX BladeFlow): the todo and claim lists
 * one row per open task, the done list one per task the caller completed, the send list one per
 * instance the caller started (its open task names in `taskName`).
 */
export const flowTaskRow = z.object({
  taskId: z.string(),
  taskName: z.string(),
  taskDefinitionKey: z.string(),
  /** The user id of whoever holds (or held) the task; "" while it waits to be claimed. */
  assignee: z.string(),
  assigneeName: z.string(),
  category: z.string(),
  categoryName: z.string(),
  /** When the task was created (send list: when the instance started). */
  createTime: z.string(),
  /** When the task was completed or the instance ended; "" while open. */
  endTime: z.string(),
  claimTime: z.string(),
  executionId: z.string(),
  processDefinitionId: z.string(),
  processDefinitionKey: z.string(),
  processDefinitionName: z.string(),
  processDefinitionVersion: z.number(),
  processInstanceId: z.string(),
  /** `finished` or `unfinished`. */
  processIsFinished: z.enum(['finished', 'unfinished']),
  /** The business record the instance is about (`blade_process_leave` and the leave's id). */
  businessTable: z.string(),
  businessId: z.string(),
  /** The user who started the instance, and their name. */
  startUserId: z.string(),
  startUser: z.string(),
  comment: z.string(),
});
export type FlowTaskRow = z.infer<typeof flowTaskRow>;

/** A running instance as the follow screen lists it (BladeX FlowExecution). */
export const followRow = z.object({
  id: z.string(),
  executionId: z.string(),
  processInstanceId: z.string(),
  processDefinitionId: z.string(),
  processDefinitionKey: z.string(),
  processDefinitionName: z.string(),
  processDefinitionVersion: z.number(),
  /** 1 active, 2 suspended (its definition is suspended). */
  suspensionState,
  startUserId: z.string(),
  startUser: z.string(),
  startTime: z.string(),
  businessTable: z.string(),
  businessId: z.string(),
  /** Names of its open tasks, comma-joined. */
  taskName: z.string(),
  tenantId: z.string(),
});
export type FollowRow = z.infer<typeof followRow>;

/** One step of an instance's history (the leave screens' timeline). */
export const historyFlowRow = z.object({
  id: z.string(),
  processInstanceId: z.string(),
  historyActivityId: z.string(),
  historyActivityName: z.string(),
  /** The BPMN type: startEvent, userTask, exclusiveGateway, endEvent … */
  historyActivityType: z.string(),
  assignee: z.string(),
  assigneeName: z.string(),
  createTime: z.string(),
  /** "" while the step is open. */
  endTime: z.string(),
  /** How long the step took, e.g. `1天2小时3分4秒`; "" while open. */
  historyActivityDurationTime: z.string(),
  /** Milliseconds the step took; null while open. */
  durationMillis: z.number().nullable(),
  /** The comment given when the task was completed (or the reason an instance was deleted). */
  comment: z.string(),
});
export type HistoryFlowRow = z.infer<typeof historyFlowRow>;

/**
 * What a diagram viewer needs: the BPMN XML of the definition, and for an instance the activities
 * done, the ones open now, and the sequence flows taken (to draw its path).
 */
export const flowDiagram = z.object({
  processDefinitionId: z.string(),
  processInstanceId: z.string(),
  xml: z.string(),
  completedActivityIds: z.array(z.string()),
  activeActivityIds: z.array(z.string()),
  takenFlowIds: z.array(z.string()),
  finished: z.boolean(),
});
export type FlowDiagram = z.infer<typeof flowDiagram>;

/** The lists' paging with the filters the Saber work screens send. */
export const workListQuery = pageQuery.extend({
  category: blankless(flowCategory),
  processDefinitionName: filterText(),
  processDefinitionKey: filterText(),
});
