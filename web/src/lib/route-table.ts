import { matchPath } from 'react-router-dom';
import type { RouteMeta } from './route-meta.js';

/**
 * The fixed routes (public pages, redirects and the admin layout's own pages) as data: the router
 * is built from it and the guard reads its meta. Admin screens from the menu are added at run time (see layout/menu-index.ts).
 * `page` names a component of pages/ (bare) or, for `admin` routes, a screen of screens/.
 */
export interface RouteEntry {
  path: string;
  meta: RouteMeta;
  layout: 'bare' | 'admin';
  redirect?: string;
}

const pub = (title: string): RouteMeta => ({ isAuth: false, isTab: false, title });
const admin = (title: string, extra: RouteMeta = {}): RouteMeta => ({ isAuth: true, isTab: true, keepAlive: true, title, ...extra });

const routeTable: RouteEntry[] = [
  { path: '/login', layout: 'bare', meta: pub('login') },
  { path: '/login-market', layout: 'bare', meta: pub('login') },
  { path: '/lock', layout: 'bare', meta: pub('lock') },
  { path: '/404', layout: 'bare', meta: pub('404') },
  { path: '/403', layout: 'bare', meta: pub('403') },
  { path: '/500', layout: 'bare', meta: pub('500') },
  { path: '/password-lock', layout: 'bare', meta: { isAuth: true, isTab: false, title: 'passwordLock' } },
  { path: '/', layout: 'bare', meta: { isAuth: true }, redirect: '/wel' },
  { path: '/wel', layout: 'admin', meta: { isAuth: true }, redirect: '/wel/index' },
  { path: '/wel/index', layout: 'admin', meta: admin('dashboard') },
  // The overview it showed is part of /wel/index now: old links and bookmarks land there.
  { path: '/wel/dashboard', layout: 'admin', meta: { isAuth: true }, redirect: '/wel/index' },
  { path: '/test/index', layout: 'admin', meta: admin('test') },
  { path: '/dict-horizontal/index', layout: 'admin', meta: admin('dictHorizontal') },
  { path: '/dict-vertical/index', layout: 'admin', meta: admin('dictVertical') },
  { path: '/info/index', layout: 'admin', meta: admin('info') },
  { path: '/demo/demo', layout: 'admin', meta: admin('demo') },
  // Every signed-in user's approval inbox (the bell opens it): approvers need no menu grant to decide.
  { path: '/work/approvals', layout: 'admin', meta: admin('approvals') },
  { path: '/work/process/leave/form/:processDefinitionId', layout: 'admin', meta: admin('leaveForm', { keepAlive: false }) },
  {
    path: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
    layout: 'admin',
    meta: admin('leaveHandle', { keepAlive: false }),
  },
  { path: '/work/process/leave/detail/:processInstanceId/:businessId', layout: 'admin', meta: admin('leaveDetail', { keepAlive: false }) },
  { path: '/myiframe/*', layout: 'admin', meta: admin('iframe', { keepAlive: false }) },
  // The staff portal (its own layout, see portal/portal-routes.tsx); /home alone opens its first page.
  { path: '/home', layout: 'bare', meta: { isAuth: true }, redirect: '/home/index' },
  { path: '/home/*', layout: 'bare', meta: { isAuth: true, title: 'home' } },
  // The systems sharing market (its own layout, see market/market-routes.tsx); /market alone opens its first page.
  { path: '/market', layout: 'bare', meta: { isAuth: true }, redirect: '/market/index' },
  { path: '/market/*', layout: 'bare', meta: { isAuth: true, title: 'market' } },
];

/** The fixed route a path belongs to, with its params. */
export function matchRoute(pathname: string): { entry: RouteEntry; params: Record<string, string | undefined> } | undefined {
  for (const entry of routeTable) {
    const match = matchPath({ path: entry.path, end: true }, pathname);
    if (match) return { entry, params: match.params };
  }
  return undefined;
}
