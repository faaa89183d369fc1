import type { Page, PortalAppRow } from '@sso/shared-api';
import { client } from '../api/client.js';

/** The staff portal's calls: each answers only applications the caller may open (the server decides). */
const base = '/api/blade-portal/client/app';

export interface AppGroup {
  appType: string;
  appTypeName: string;
  apps: PortalAppRow[];
}
export interface AppDetail extends PortalAppRow {
  favorite: boolean;
  appTypeName: string;
  ownerName: string;
  recentOpens: { loginTime: string; loginIp: string; loginCity: string }[];
}
export interface AppLogRow {
  id: string;
  appCode: string;
  appName: string;
  appType: string;
  account: string;
  name: string;
  loginTime: string;
  loginIp: string;
  loginCity: string;
}

export const portalApi = {
  typeCount: () => client.call<{ appType: string; appTypeName: string; count: number }[]>('GET', `${base}/typeCount`),
  listByType: () => client.call<AppGroup[]>('GET', `${base}/getAppListByType`),
  list: (appName?: string) => client.call<PortalAppRow[]>('GET', `${base}/list`, appName ? { appName } : undefined),
  search: (appName: string) => client.call<PortalAppRow[]>('GET', `${base}/getSearchAppList`, { appName }),
  recentlyVisited: () => client.call<(PortalAppRow & { visitTime: string })[]>('GET', `${base}/recentlyVisited`),
  chart: () => client.call<{ day: string; count: number }[]>('GET', `${base}/getAppChartData`, { days: 7 }),
  favorites: () => client.call<Page<PortalAppRow>>('GET', `${base}/getAppFavoritesPage`, { current: 1, size: 100 }),
  detail: (id: string) => client.call<AppDetail>('GET', `${base}/detail`, { id }),
  logPage: (current: number, size: number) => client.call<Page<AppLogRow>>('GET', `${base}/getAppLogPage`, { current, size }),
  toggleFavorite: (appId: string) => client.call<{ favorite: boolean }>('GET', `${base}/saveAppFavorites`, { appId }),
  open: (id: string) => client.call<{ id: string; appCode: string; protocol: string; url: string }>('GET', `${base}/open`, { id }),
};
