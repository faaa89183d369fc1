import { assigneeUnresolved, badRequest } from '@sso/shared-api';
import type { Db } from '../db/database.js';
import type { UserTaskSpec } from '../db/schema-workflow.js';
import type { IdGenerator } from '../kernel/ids.js';
import { resolvePeople, type TaskPeople } from './assignees.js';
import type { DefinitionInfo } from './definitions.js';
import type { StepResult } from './engine-run.js';

/** A task a step opened: whom to tell once the step is committed. */
export interface OpenedTask {
  taskId: string;
  name: string;
  spec: UserTaskSpec;
  people: TaskPeople;
}

/** `bpmn:UserTask` → `userTask`, as Flowable names activity types in its history. */
const activityType = (type: string) => {
  const local = type.replace(/^bpmn:/, '');
  return local.charAt(0).toLowerCase() + local.slice(1);
};

interface StepScope {
  db: Db;
  ids: IdGenerator;
  instance: { id: string; tenantId: string; startUser: string };
  definition: DefinitionInfo;
  variables: Record<string, unknown>;
  now: Date;
}

/**
 * Writes what one engine step did: a history row for each activity it passed through (start
 * events carry the starter), a task with its assignee or candidates and an open history row for
 * each user task it now waits on. The user task completed by the step is closed by the caller.
 */
export async function recordStep(scope: StepScope, step: StepResult): Promise<OpenedTask[]> {
  const { db, ids, instance, definition, now } = scope;
  const opened: OpenedTask[] = [];
  const history: Parameters<ReturnType<Db['insertInto']>['values']>[0][] = [];
  for (const event of step.events) {
    if (event.kind === 'end' && event.type !== 'bpmn:UserTask') {
      history.push({
        id: ids.next(),
        tenantId: instance.tenantId,
        instanceId: instance.id,
        activityId: event.id,
        activityName: event.name,
        activityType: activityType(event.type),
        assignee: event.type === 'bpmn:StartEvent' ? instance.startUser : null,
        startTime: now,
        endTime: now,
        durationMs: 0,
      });
    }
    if (event.kind === 'wait') {
      const spec = definition.userTasks.find((t) => t.id === event.id);
      if (!spec) throw badRequest(assigneeUnresolved(event.id));
      const people = await resolvePeople(db, instance.tenantId, spec, scope.variables);
      const taskId = ids.next();
      await db
        .insertInto('blade_flow_task')
        .values({
          id: taskId,
          tenantId: instance.tenantId,
          instanceId: instance.id,
          definitionId: definition.id,
          taskKey: spec.id,
          name: spec.name,
          assignee: people.assignee,
          formKey: spec.formKey,
          createTime: now,
        })
        .execute();
      if (people.candidates.length) {
        await db
          .insertInto('blade_flow_task_candidate')
          .values(people.candidates.map((c) => ({ taskId, kind: c.kind, refId: c.refId })))
          .execute();
      }
      history.push({
        id: ids.next(),
        tenantId: instance.tenantId,
        instanceId: instance.id,
        activityId: spec.id,
        activityName: spec.name,
        activityType: 'userTask',
        taskId,
        assignee: people.assignee,
        startTime: now,
      });
      opened.push({ taskId, name: spec.name, spec, people });
    }
  }
  if (history.length)
    await db
      .insertInto('blade_flow_history')
      .values(history as never)
      .execute();
  return opened;
}

/** Activities finished by a step (for the diagram), in order, without repeats already known. */
export const mergeIds = (known: string[], added: string[]) => [...new Set([...known, ...added])];
export const endedActivities = (step: StepResult) => step.events.filter((e) => e.kind === 'end').map((e) => e.id);
