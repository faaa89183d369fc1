import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { VisibleApp } from '../domain/app-access.js';
import { type Opener, recordOpen } from '../domain/app-opens.js';

/** An open of the same user and application this recent is the same visit (the portal records its opens first). */
const SAME_VISIT_MS = 30_000;

/**
 * Records a sign-on's open of an application, unless the same user opened it within the last 30
 * seconds: the portal's open button records the visit it starts, and a CAS client or hand-off
 * asked straight after is that visit, not a second one.
 */
export async function recordVisit(
  ctx: AppContext,
  user: Opener,
  app: Pick<VisibleApp, 'id' | 'appCode' | 'appName' | 'appType'>,
  request: Pick<FastifyRequest, 'ip'>,
): Promise<void> {
  const recent = await ctx.db
    .selectFrom('blade_app_login_log')
    .select('id')
    .where('userId', '=', user.user_id)
    .where('appId', '=', app.id)
    .where('loginTime', '>', new Date(Date.now() - SAME_VISIT_MS))
    .limit(1)
    .executeTakeFirst();
  if (!recent) await recordOpen(ctx, user, app, request);
}
