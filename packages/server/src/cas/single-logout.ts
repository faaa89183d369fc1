import { appsTakingCasLogout } from '../apps/cas-services.js';
import type { AppContext } from '../context.js';
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
      const taking = await appsTakingCasLogout(
        ctx.db,
        ended.map((signOn) => signOn.appId),
      );
      for (const signOn of ended) if (taking.has(signOn.appId)) outbox.send(signOn);
    } catch (error) {
      ctx.log?.warn({ err: error }, 'CAS single logout not sent');
    }
  });
}
