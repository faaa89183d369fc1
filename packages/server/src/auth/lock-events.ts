import type { AppContext } from '../context.js';
import type { Attempt } from './lockout.js';

/**
 * After a failed sign-in was counted: if the account is now locked, or the address throttled, this
 * failure is the one that reached it (the attempt was let through, so neither held before). The
 * event is written before the refusal is answered, with the address it came from.
 */
export async function recordLockReached(ctx: AppContext, attempt: Attempt): Promise<void> {
  const now = await ctx.lockout.verdict(attempt);
  const where = { tenantId: attempt.tenantId, ip: attempt.ip };
  if (now.throttledFor) {
    await ctx.audit.record({
      type: 'address.lock',
      ...where,
      targets: [{ kind: 'address', name: attempt.ip }],
      detail: { seconds: now.throttledFor, lastAccount: attempt.account.slice(0, 100) },
    });
  } else if (now.lockedMinutes) {
    await ctx.audit.record({
      type: 'account.lock',
      ...where,
      targets: [{ kind: 'account', name: attempt.account.slice(0, 100), tenantId: attempt.tenantId }],
      detail: { minutes: now.lockedMinutes, address: attempt.ip },
    });
  }
}
