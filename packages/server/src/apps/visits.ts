import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { type Opener, recordOpen } from './open-log.js';
import { RecentOpens, SAME_VISIT_MS } from './recent-opens.js';
import type { VisibleApp } from './who-may-open.js';

const recentOpensOf = new WeakMap<AppContext, RecentOpens>();

/**
 * Records a sign-on's open of an application, unless the same user opened it within the same
 * visit (SAME_VISIT_MS): the portal's open button records the visit it starts, and the sign-on of
 * any protocol asked straight after is that visit, not a second one. One rule for every protocol.
 * An open this node knows of costs nothing; otherwise one statement looks for an earlier open
 * and records this one only if there is none.
 */
export async function recordVisit(
  ctx: AppContext,
  user: Opener,
  app: Pick<VisibleApp, 'id' | 'appCode' | 'appName' | 'appType'>,
  request: Pick<FastifyRequest, 'ip'>,
): Promise<void> {
  let recent = recentOpensOf.get(ctx);
  if (!recent) {
    recent = new RecentOpens();
    recentOpensOf.set(ctx, recent);
  }
  if (recent.openedJustNow(user.user_id, app.id)) return;
  const at = Date.now();
  const earlier = await recordOpen(ctx, user, app, request, { unlessOpenedSince: new Date(at - SAME_VISIT_MS) });
  recent.remember(user.user_id, app.id, earlier ? earlier.getTime() : at);
}
