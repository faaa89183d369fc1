import type { SsoClient } from '@sso/shared-api';
import { client } from '../api/client.js';

/** The staff portal's calls: each answers only applications the caller may open (the server decides). */
const portal = () => client.portal.app;

type Answer<K extends keyof SsoClient['portal']['app']> = SsoClient['portal']['app'][K] extends (...args: never[]) => Promise<infer T>
  ? T
  : never;
export type AppGroup = Answer<'getAppListByType'>[number];
export type AppDetail = Answer<'detail'>;
export type AppLogRow = Answer<'getAppLogPage'>['records'][number];

export const portalApi = {
  typeCount: () => portal().typeCount(),
  listByType: () => portal().getAppListByType(),
  list: (appName?: string) => portal().list(appName ? { appName } : undefined),
  search: (appName: string) => portal().getSearchAppList({ appName }),
  recentlyVisited: () => portal().recentlyVisited(),
  chart: () => portal().getAppChartData({ days: 7 }),
  favorites: () => portal().getAppFavoritesPage({ current: 1, size: 100 }),
  detail: (id: string) => portal().detail({ id }),
  logPage: (current: number, size: number) => portal().getAppLogPage({ current, size }),
  toggleFavorite: (appId: string) => portal().saveAppFavorites({ appId }),
  open: (id: string) => portal().open({ id }),
};
