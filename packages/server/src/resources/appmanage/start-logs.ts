import { badRequest, appManageMessages as m, refusedWith, registry, START_LOG_LIST_MAX } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';
import { countToday } from './daily-counts.js';
import { periodOf } from './period.js';
import { addressBudget } from './rate.js';

/** Start reports one address may post per minute (a device reports once per start). */
export const START_REPORTS_PER_MINUTE = 60;

export const appStartLogExtraHandlers = defineExtraHandlers(registry.appmanage.appStartLog, {
  list: async ({ ctx, repo, caller, query }) => {
    let rows = repo.scoped(ctx.db, caller);
    if (query.appId) rows = rows.where('appId', '=', query.appId);
    if (query.beginDate || query.endDate) {
      const period = periodOf(query.beginDate, query.endDate);
      rows = rows.where('createTime', '>=', period.from).where('createTime', '<', period.to);
    }
    return rows.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc').limit(START_LOG_LIST_MAX).execute();
  },
});

export const appStartLogClientExtraHandlers = defineExtraHandlers(registry.appmanage.appStartLogClient, {
  report: async ({ ctx, request, body }) => {
    const budget = addressBudget(ctx, 'start-report', START_REPORTS_PER_MINUTE).take(request.ip);
    if (!budget.allowed) throw refusedWith(429, m.say.tooManyReports);
    const app = await ctx.db
      .selectFrom('blade_app_manage')
      .select(['id', 'tenantId'])
      .$call(live())
      .where('id', '=', body.appId)
      .executeTakeFirst();
    if (!app) throw badRequest(m.say.appMissing);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('blade_app_start_log')
        .values({
          id: ctx.ids.next(),
          tenantId: app.tenantId,
          appId: app.id,
          osName: body.osName,
          deviceType: body.deviceType,
          deviceBrand: body.deviceBrand,
          appVersion: body.appVersion,
          startIp: request.ip.slice(0, 64),
        })
        .execute();
      await countToday(trx, app.tenantId, app.id, [
        ['start', ''],
        ['os', body.osName],
        ['type', body.deviceType],
        ['brand', body.deviceBrand],
      ]);
    });
    return true;
  },
});
