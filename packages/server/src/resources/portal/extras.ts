import { badRequest, notFound, portalMessages, registry } from '@sso/shared-api';
import { sql } from 'kysely';
import { recordOpen } from '../../apps/open-log.js';
import { type VisibleApp, visibleApp, visibleApps } from '../../apps/who-may-open.js';
import type { AppContext } from '../../context.js';
import { dictionaryValues } from '../../domain/dictionary-values.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { updateStamps } from '../../engine/stamps.js';
import { messageFor, wantsEnglish } from '../../http/language.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { formatDateTime } from '../../kernel/rows.js';
import { lastDaysOf, TIME_ZONE } from '../appmanage/period.js';
import { matchesSearch, pageOf, portalRow, startUrl } from './rows.js';

const RECENT = 10;
const DEFAULT_CHART_DAYS = 7;

/** A missing application and one the caller may not open get the same answer: nothing is revealed. */
async function openable(ctx: AppContext, caller: Caller, id: string): Promise<VisibleApp> {
  const app = await visibleApp(ctx, caller, id);
  if (!app) throw notFound(portalMessages.say.appMissing);
  return app;
}

/** The applications grouped by type, each type named in the caller's language. */
async function byType(ctx: AppContext, apps: VisibleApp[], english: boolean) {
  const names = await dictionaryValues(ctx, 'app_type', english);
  const groups = new Map<string, VisibleApp[]>();
  for (const app of apps) groups.set(app.appType ?? '', [...(groups.get(app.appType ?? '') ?? []), app]);
  return [...groups].map(([appType, members]) => ({ appType, appTypeName: names.get(appType) ?? '', apps: members }));
}

async function favoriteIds(ctx: AppContext, caller: Caller): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('blade_app_favorites')
    .select('appId')
    .where('userId', '=', caller.user_id)
    .$call(live(caller.tenant_id))
    .orderBy('createTime', 'desc')
    .execute();
  return rows.map((r) => String(r.appId));
}

/** The portal: every answer is cut to the applications the caller may open (apps/who-may-open). */
export const portalAppExtraHandlers = defineExtraHandlers(registry.portal.app, {
  typeCount: async ({ ctx, caller, request }) =>
    (await byType(ctx, await visibleApps(ctx, caller), wantsEnglish(request))).map(({ appType, appTypeName, apps }) => ({
      appType,
      appTypeName,
      count: apps.length,
    })),

  // The newest RECENT of the caller's visits to applications still visible, read through the
  // (user_id, app_id) index: never the whole history of a user who has visited thousands.
  recentlyVisited: async ({ ctx, caller }) => {
    const visible = new Map((await visibleApps(ctx, caller)).map((app) => [app.id, app]));
    if (!visible.size) return [];
    const recent = await ctx.db
      .selectFrom('blade_app_recent')
      .select(['appId', 'visitTime'])
      .where('userId', '=', caller.user_id)
      .where('appId', 'in', [...visible.keys()])
      .where('tenantId', '=', caller.tenant_id)
      .orderBy('visitTime', 'desc')
      .limit(RECENT)
      .execute();
    return recent.flatMap((r) => {
      const app = visible.get(String(r.appId));
      return app ? [{ ...portalRow(app), visitTime: formatDateTime(new Date(r.visitTime)) }] : [];
    });
  },

  // Every day of the period is answered, 0 for a day without opens: a chart drawn from the rows
  // alone would show one bar for someone who opened applications on one day. Days are the
  // server's calendar days, as every time the API answers is written in its time zone.
  getAppChartData: async ({ ctx, caller, query }) => {
    const period = lastDaysOf(query.days ?? DEFAULT_CHART_DAYS);
    const result = await sql<{ day: string; count: number }>`
      with counted as (
        select to_char(login_time at time zone ${TIME_ZONE}, 'YYYY-MM-DD') as day, count(*)::int as count
        from blade_app_login_log
        where tenant_id = ${caller.tenant_id} and account = ${caller.account}
          and login_time >= ${period.from} and login_time < ${period.to}
        group by 1)
      select to_char(d, 'YYYY-MM-DD') as day, coalesce(counted.count, 0)::int as count
      from generate_series(${period.firstDay}::date, ${period.lastDay}::date, interval '1 day') as d
      left join counted on counted.day = to_char(d, 'YYYY-MM-DD')
      order by 1`.execute(ctx.db);
    return result.rows;
  },

  getAppListByType: async ({ ctx, caller, query, request }) => {
    const apps = (await visibleApps(ctx, caller)).filter((app) => matchesSearch(app, query.appName));
    const groups = await byType(ctx, query.appType ? apps.filter((app) => app.appType === query.appType) : apps, wantsEnglish(request));
    return groups.map((group) => ({ ...group, apps: group.apps.map(portalRow) }));
  },

  list: async ({ ctx, caller, query }) =>
    (await visibleApps(ctx, caller))
      .filter((app) => matchesSearch(app, query.appName) && (!query.appType || app.appType === query.appType))
      .map(portalRow),

  getSearchAppList: async ({ ctx, caller, query }) =>
    (await visibleApps(ctx, caller))
      .filter((app) => matchesSearch(app, query.appName) && (!query.appType || app.appType === query.appType))
      .map(portalRow),

  getAppFavoritesPage: async ({ ctx, caller, query }) => {
    const visible = new Map((await visibleApps(ctx, caller)).map((app) => [app.id, app]));
    const favorites = (await favoriteIds(ctx, caller)).flatMap((id) => {
      const app = visible.get(id);
      return app ? [portalRow(app)] : [];
    });
    return pageOf(favorites, query);
  },

  detail: async ({ ctx, caller, query, request }) => {
    const app = await openable(ctx, caller, query.id);
    const [favorites, names, owner, opens] = [
      await favoriteIds(ctx, caller),
      await dictionaryValues(ctx, 'app_type', wantsEnglish(request)),
      app.ownerId ? await ctx.db.selectFrom('blade_user').select('realName').where('id', '=', app.ownerId).executeTakeFirst() : undefined,
      await ctx.db
        .selectFrom('blade_app_login_log')
        .select(['loginTime', 'loginIp', 'loginCity'])
        .where('tenantId', '=', caller.tenant_id)
        .where('account', '=', caller.account)
        .where('appId', '=', app.id)
        .orderBy('loginTime', 'desc')
        .limit(5)
        .execute(),
    ];
    return {
      ...portalRow(app),
      favorite: favorites.includes(app.id),
      appTypeName: names.get(app.appType ?? '') ?? '',
      ownerName: owner?.realName ?? '',
      recentOpens: opens.map((o) => ({
        loginTime: formatDateTime(new Date(o.loginTime)),
        loginIp: o.loginIp ?? '',
        loginCity: messageFor(request, o.loginCity ?? ''),
      })),
    };
  },

  getAppLogPage: async ({ ctx, caller, query, request }) => {
    const size = query.size ?? 10;
    const current = query.current ?? 1;
    const own = ctx.db.selectFrom('blade_app_login_log').where('tenantId', '=', caller.tenant_id).where('account', '=', caller.account);
    const [rows, counted] = [
      await own
        .select(['id', 'appCode', 'appName', 'appType', 'account', 'name', 'loginTime', 'loginIp', 'loginCity'])
        .orderBy('loginTime', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      await own.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ];
    const total = Number(counted.total);
    return {
      records: rows.map((r) => ({
        ...r,
        id: String(r.id),
        loginTime: formatDateTime(new Date(r.loginTime)),
        loginCity: messageFor(request, r.loginCity ?? ''),
      })),
      total,
      size,
      current,
      pages: Math.ceil(total / size),
    };
  },

  saveAppFavorites: async ({ ctx, caller, query }) => {
    const app = await openable(ctx, caller, query.appId);
    // A staff member's own favourite, toggled in one statement each way (the favourites screen of
    // administrators is another resource's, guarded by its menu).
    const removed = await ctx.db
      .updateTable('blade_app_favorites')
      .set({ isDeleted: 1, ...updateStamps(caller) })
      .where('userId', '=', caller.user_id)
      .where('appId', '=', app.id)
      .$call(live())
      .executeTakeFirst();
    if (removed.numUpdatedRows > 0n) return { favorite: false };
    await ctx.db
      .insertInto('blade_app_favorites')
      .values({ id: ctx.ids.next(), tenantId: caller.tenant_id, appId: app.id, userId: caller.user_id, createUser: caller.user_id })
      .onConflict((oc) => oc.columns(['userId', 'appId']).$call(live()).doNothing())
      .execute();
    ctx.cache.invalidate('blade_app_favorites');
    return { favorite: true };
  },

  open: async ({ ctx, caller, query, request }) => {
    const app = await openable(ctx, caller, query.id);
    const url = startUrl(app);
    if (!url) throw badRequest(portalMessages.say.appMissing);
    await recordOpen(ctx, caller, app, request);
    return { id: app.id, appCode: app.appCode, protocol: app.protocol, url };
  },
});
