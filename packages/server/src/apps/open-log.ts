import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { OfflineCityResolver } from '../logs/ip-city.js';
import type { AppUser, VisibleApp } from './who-may-open.js';

const cities = new OfflineCityResolver();

/** The person opening an application, as the login log names them. */
export interface Opener extends AppUser {
  account: string;
  real_name?: string;
  nick_name?: string;
}

/**
 * Every open of an application — from the portal or through a sign-on protocol — is recorded
 * here: one login-log row (application, account, name, time, address, city) and the user's
 * "recently visited" entry moved to now, in one transaction.
 */
export async function recordOpen(
  ctx: AppContext,
  user: Opener,
  app: Pick<VisibleApp, 'id' | 'appCode' | 'appName' | 'appType'>,
  request: Pick<FastifyRequest, 'ip'>,
): Promise<void> {
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('blade_app_login_log')
      .values({
        id: ctx.ids.next(),
        tenantId: user.tenant_id,
        createUser: user.user_id,
        createTime: now,
        updateTime: now,
        appId: app.id,
        appCode: app.appCode,
        appName: app.appName,
        appType: app.appType,
        userId: user.user_id,
        account: user.account,
        name: (user.real_name || user.nick_name || user.account).slice(0, 64),
        loginTime: now,
        loginIp: request.ip,
        loginCity: cities.city(request.ip),
      })
      .execute();
    await trx
      .insertInto('blade_app_recent')
      .values({ id: ctx.ids.next(), tenantId: user.tenant_id, userId: user.user_id, appId: app.id, visitTime: now })
      .onConflict((oc) =>
        oc.columns(['userId', 'appId']).doUpdateSet((eb) => ({ visitTime: now, visitCount: eb('blade_app_recent.visitCount', '+', 1) })),
      )
      .execute();
  });
}
