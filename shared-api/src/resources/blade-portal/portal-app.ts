import { z } from 'zod';
import { idString, pageQuery } from '../../common.js';
import { defineMessages } from '../../messages.js';
import { defineEndpoints, defineExtra } from '../../resource.js';
import { pageOfRows } from '../blade-system/dept-tree.js';

export const portalMessages = defineMessages('portal', {
  appMissing: ['应用不存在或无权访问', 'The application does not exist or is not yours to open'],
});

/** An application as the portal shows it to someone who may open it (no secret, no redirect URIs). */
export const portalAppRow = z.object({
  id: z.string(),
  appCode: z.string(),
  appName: z.string(),
  appType: z.string(),
  appCategory: z.string(),
  appUrl: z.string(),
  protocol: z.string(),
  icon: z.string(),
  color: z.string(),
  description: z.string(),
  sort: z.number(),
});
export type PortalAppRow = z.infer<typeof portalAppRow>;

const appQuery = z.object({ appName: z.string().max(100).optional(), appType: z.string().max(32).optional() });
const idQuery = z.object({ id: idString });

/**
 * The staff portal's calls (BladeX blade-portal/client/app, all GET, any signed-in user): every
 * answer holds only applications the caller may open — granted, enabled, of their tenant. Extras
 * only, each open to any signed-in user: the resource borrows the catalogue's menu code.
 */
export const portalApp = defineEndpoints({
  service: 'blade-portal',
  name: 'client-app',
  basePath: '/api/blade-portal/client/app',
  permission: 'app',
  rowsOf: 'blade_app',
  endpoints: {
    typeCount: defineExtra({
      method: 'GET',
      path: 'typeCount',
      summary: "The caller's applications counted by type (dict app_type)",
      response: z.array(z.object({ appType: z.string(), appTypeName: z.string(), count: z.number() })),
      permission: null,
    }),
    recentlyVisited: defineExtra({
      method: 'GET',
      path: 'recentlyVisited',
      summary: 'The applications the caller opened last, newest first (at most 10)',
      response: z.array(portalAppRow.extend({ visitTime: z.string() })),
      permission: null,
    }),
    getAppChartData: defineExtra({
      method: 'GET',
      path: 'getAppChartData',
      summary: "The caller's opens per day over the last `days` (7)",
      query: z.object({ days: z.coerce.number().int().min(1).max(366).optional() }),
      response: z.array(z.object({ day: z.string(), count: z.number() })),
      permission: null,
    }),
    getAppListByType: defineExtra({
      method: 'GET',
      path: 'getAppListByType',
      summary: "The caller's applications grouped by type (optionally one type)",
      query: appQuery,
      response: z.array(z.object({ appType: z.string(), appTypeName: z.string(), apps: z.array(portalAppRow) })),
      permission: null,
    }),
    list: defineExtra({
      method: 'GET',
      path: 'list',
      summary: "The caller's applications (appName: contained text or pinyin; appType)",
      query: appQuery,
      response: z.array(portalAppRow),
      permission: null,
    }),
    getAppFavoritesPage: defineExtra({
      method: 'GET',
      path: 'getAppFavoritesPage',
      summary: "The caller's favourite applications, paged",
      query: pageQuery,
      response: pageOfRows(portalAppRow),
      permission: null,
    }),
    detail: defineExtra({
      method: 'GET',
      path: 'detail',
      summary: 'One application the caller may open, with whether it is a favourite and their last opens',
      query: idQuery,
      response: portalAppRow.extend({
        favorite: z.boolean(),
        appTypeName: z.string(),
        ownerName: z.string(),
        recentOpens: z.array(z.object({ loginTime: z.string(), loginIp: z.string(), loginCity: z.string() })),
      }),
      permission: null,
    }),
    getSearchAppList: defineExtra({
      method: 'GET',
      path: 'getSearchAppList',
      summary: 'Applications whose name contains appName, or whose pinyin initials or full pinyin start with it',
      query: appQuery,
      response: z.array(portalAppRow),
      permission: null,
    }),
    getAppLogPage: defineExtra({
      method: 'GET',
      path: 'getAppLogPage',
      summary: "The caller's own application login log, newest first, paged",
      query: pageQuery,
      response: pageOfRows(
        z.object({
          id: z.string(),
          appCode: z.string(),
          appName: z.string(),
          appType: z.string(),
          account: z.string(),
          name: z.string(),
          loginTime: z.string(),
          loginIp: z.string(),
          loginCity: z.string(),
        }),
      ),
      permission: null,
    }),
    saveAppFavorites: defineExtra({
      method: 'GET',
      path: 'saveAppFavorites',
      summary: "Toggle an application (appId) among the caller's favourites; answers whether it now is one",
      query: z.object({ appId: idString }),
      response: z.object({ favorite: z.boolean() }),
      permission: null,
    }),
    open: defineExtra({
      method: 'GET',
      path: 'open',
      summary: 'Open an application (id): recorded in the login log; answers where to go',
      query: idQuery,
      response: z.object({ id: z.string(), appCode: z.string(), protocol: z.string(), url: z.string() }),
      permission: null,
    }),
  },
  title: ['门户', 'Portal'],
});
