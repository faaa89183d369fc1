import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { definitionFor, definitionXml, json } from './definitions.js';
import { fireTimers } from './engine-run.js';
import { openTaskKeys, saveStep } from './instances.js';
import { LEAVE_TABLE, settleLeave } from './leave.js';
import { notifyOpened } from './notify.js';

const SWEEP_MS = 10_000;
const BATCH = 20;

/**
 * Fires the timers of instances due at `now`: each due instance is taken with a row lock that
 * other nodes skip, resumed, its due timers fired, and the step saved as a user's would be.
 * Answers how many instances were stepped.
 */
export async function fireDueTimers(ctx: AppContext, now = new Date()): Promise<number> {
  let stepped = 0;
  // An instance whose step fails stays due (tried again at the next sweep), not again in this one.
  const failed: string[] = [];
  for (;;) {
    let query = ctx.db.selectFrom('blade_flow_instance').select('id').where('status', '=', 'running').where('dueAt', '<=', now);
    if (failed.length) query = query.where('id', 'not in', failed);
    const due = await query.orderBy('dueAt').limit(BATCH).execute();
    if (!due.length) return stepped;
    for (const { id } of due) {
      const outcome = await stepDue(ctx, id, now).catch((error: unknown) => {
        failed.push(id);
        ctx.log?.warn({ err: error, instanceId: id }, 'a workflow timer could not fire');
        return undefined;
      });
      if (!outcome) continue;
      stepped++;
      await notifyOpened(ctx, outcome.tenantId, outcome.saved.opened);
    }
    if (due.length < BATCH) return stepped;
  }
}

/** One due instance, locked (skipped when another node holds it), its due timers fired and the step saved. */
function stepDue(ctx: AppContext, id: string, now: Date) {
  return ctx.db.transaction().execute(async (trx) => {
    const instance = await trx
      .selectFrom('blade_flow_instance')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('dueAt', '<=', now)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!instance) return undefined;
    const definition = await definitionFor(trx, instance.tenantId, instance.definitionId);
    const variables = json<Record<string, unknown>>(instance.variables);
    const step = await fireTimers(
      instance.id,
      { id: definition.id, xml: () => definitionXml(trx, definition.id) },
      json(instance.state),
      variables,
      now,
      await openTaskKeys(trx, instance.id),
    );
    const saved = await saveStep(ctx, trx, { instance, definition, variables, now: new Date() }, step);
    if (instance.businessTable === LEAVE_TABLE && instance.businessId) await settleLeave(trx, instance.businessId, saved);
    return { tenantId: instance.tenantId, saved };
  });
}

/**
 * Sweeps due timers at start and then every 10 seconds on every node (the row locks share the
 * work); the interval does not keep the process alive and closing waits for a running sweep.
 * A failing instance is logged and left due, to be tried again.
 */
export function scheduleFlowTimers(app: FastifyInstance, ctx: AppContext): void {
  let current: Promise<unknown> = Promise.resolve();
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    current = fireDueTimers(ctx)
      .catch((error: unknown) => ctx.log?.error({ err: error }, 'firing workflow timers failed'))
      .finally(() => {
        running = false;
      });
  };
  app.addHook('onReady', async () => run());
  const timer = setInterval(run, SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await current;
  });
}
