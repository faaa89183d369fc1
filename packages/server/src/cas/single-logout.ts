import type { AppContext } from '../context.js';
import { live } from '../kernel/live-rows.js';
import { CasLogoutOutbox } from './logout-outbox.js';
import { takeCasSignOns } from './sign-ons.js';

const outboxes = new WeakMap<AppContext, CasLogoutOutbox>();

/** The CAS logout requests of this server (tests wait for them with `idle()`). */
export function casLogoutOutbox(ctx: AppContext): CasLogoutOutbox {
  let outbox = outboxes.get(ctx);
  if (!outbox) {
    outbox = new CasLogoutOutbox(ctx);
    outboxes.set(ctx, outbox);
  }
  return outbox;
}

/** Of these applications, those that take logout requests (casSingleLogout 1); removed ones take none. */
async function appsTakingLogout(ctx: AppContext, appIds: readonly string[]): Promise<Set<string>> {
  const rows = await ctx.db
    .selectFrom('blade_app')
    .select('id')
    .where('id', 'in', [...new Set(appIds)])
    .where('casSingleLogout', '=', 1)
    .$call(live())
    .execute();
  return new Set(rows.map((row) => String(row.id)));
}

/**
 * CAS single logout (CAS 3.0 §2.3.3): when platform sessions end (sign-out, password change,
 * account or tenant disabled…), every service a ticket was issued to from them is sent a
 * LogoutRequest naming that ticket, unless its application opted out; the sign-ons are removed
 * either way. Sending happens in the background; a failure here never keeps a session alive.
 */
export function registerCasSingleLogout(ctx: AppContext): void {
  const outbox = casLogoutOutbox(ctx);
  ctx.sessions.onEnded(async ({ sessionIds }) => {
    try {
      const ended = await takeCasSignOns(ctx, sessionIds);
      if (!ended.length) return;
      const taking = await appsTakingLogout(
        ctx,
        ended.map((signOn) => signOn.appId),
      );
      for (const signOn of ended) if (taking.has(signOn.appId)) outbox.send(signOn);
    } catch (error) {
      ctx.log?.warn({ err: error }, 'CAS single logout not sent');
    }
  });
}
