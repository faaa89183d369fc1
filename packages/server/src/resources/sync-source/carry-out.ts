import type { AppContext } from '../../context.js';
import type { Caller } from '../../kernel/caller.js';
import { applyPlan } from './apply.js';
import { applyBirthright } from './birthright.js';
import { endLeaverGrants } from './leavers.js';
import type { Plan } from './plan.js';
import { type SourceRow, scopeOf } from './source.js';

/**
 * What every apply does, whoever starts it (the console or CLI, a change callback, the schedule):
 * the plan's steps, then the leavers' application grants per the source's setting, then the
 * birthright rules for joiners and movers. Answers the plan with the rules' refusals added as
 * error rows (the run goes on past them).
 */
export async function carryOut(ctx: AppContext, caller: Caller, source: SourceRow, plan: Plan): Promise<Plan> {
  await applyPlan(ctx, caller, scopeOf(source), plan.steps);
  const leavers = plan.steps.flatMap((step) => (step.op === 'user.disable' ? [step.localId] : []));
  await endLeaverGrants(ctx, caller, source, leavers);
  const refused = await applyBirthright(ctx, caller, source);
  if (!refused.length) return plan;
  return { ...plan, rows: [...refused, ...plan.rows], counts: { ...plan.counts, errors: plan.counts.errors + refused.length } };
}
