import type { AppContext } from '../context.js';
import { live } from '../kernel/live-rows.js';
import { candidateUsers } from './assignees.js';
import type { OpenedTask } from './steps.js';

/**
 * Tells the people of new tasks, after the step is committed. The console's bell and the landing
 * page read each user's open tasks (todo and claim lists) when they open; a task whose model asks
 * for it (a `sms` property naming a template) also sends an SMS through the tenant's SMS service.
 * A failed SMS is logged and changes nothing: the task is there either way.
 */
export async function notifyOpened(ctx: AppContext, tenantId: string, opened: OpenedTask[]): Promise<void> {
  for (const task of opened) {
    if (!task.spec.sms) continue;
    try {
      const users = task.people.assignee ? [task.people.assignee] : await candidateUsers(ctx.db, tenantId, task.people.candidates);
      if (!users.length) continue;
      const phones = (await ctx.db.selectFrom('blade_user').select('phone').where('id', 'in', users).$call(live(tenantId)).execute())
        .map((u) => u.phone?.trim())
        .filter((p): p is string => !!p);
      if (!phones.length) continue;
      await ctx.sms.send({ tenantId, code: task.spec.sms === 'true' ? undefined : task.spec.sms, phones, params: { task: task.name } });
    } catch (error) {
      ctx.log?.warn({ err: error, taskId: task.taskId }, 'workflow task SMS not sent');
    }
  }
}
