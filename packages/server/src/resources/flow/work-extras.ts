import { badRequest, flowMessages as m, registry } from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { startList } from '../../flow/deployments.js';
import { claimTask, completeTask } from '../../flow/instances.js';
import { LEAVE_TABLE, leaveHooks, settleLeave } from '../../flow/leave.js';
import { notifyOpened } from '../../flow/notify.js';
import { claimList, doneList, sendList, taskById, todoList } from '../../flow/work-lists.js';
import { wantsEnglish } from '../../http/language.js';
import type { Caller } from '../../kernel/caller.js';

/** One task as the lists show it, after an action on it. */
async function taskAnswer(ctx: AppContext, caller: Caller, taskId: string, english: boolean) {
  const answer = await taskById(ctx, caller, taskId, english);
  if (!answer) throw badRequest(m.say.taskMissing);
  return answer;
}

/** 我的事务: the caller's lists, claiming and completing. */
export const flowWorkHandlers = defineExtraHandlers(registry.flow.work, {
  startList: ({ ctx, caller, query, request }) => startList(ctx, caller, query, wantsEnglish(request)),
  claimList: ({ ctx, caller, query, request }) => claimList(ctx, caller, query, wantsEnglish(request)),
  todoList: ({ ctx, caller, query, request }) => todoList(ctx, caller, query, wantsEnglish(request)),
  sendList: ({ ctx, caller, query, request }) => sendList(ctx, caller, query, wantsEnglish(request)),
  doneList: ({ ctx, caller, query, request }) => doneList(ctx, caller, query, wantsEnglish(request)),
  claimTask: async ({ ctx, caller, query, request }) => {
    await ctx.db.transaction().execute((trx) => claimTask(trx, caller, query.taskId));
    return taskAnswer(ctx, caller, query.taskId, wantsEnglish(request));
  },
  completeTask: async ({ ctx, caller, body, request }) => {
    const step = await ctx.db.transaction().execute(async (trx) => {
      const outcome = await completeTask(ctx, trx, caller, { ...body, variables: body.variables ?? undefined }, leaveHooks);
      const instance = await trx
        .selectFrom('blade_flow_instance')
        .select(['businessTable', 'businessId'])
        .where('id', '=', outcome.instanceId)
        .executeTakeFirstOrThrow();
      if (instance.businessTable === LEAVE_TABLE && instance.businessId) await settleLeave(trx, instance.businessId, outcome);
      return outcome;
    });
    await notifyOpened(ctx, caller.tenant_id, step.opened);
    return taskAnswer(ctx, caller, body.taskId, wantsEnglish(request));
  },
});
