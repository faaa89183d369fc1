import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { RouteMeta } from '../lib/route-meta.js';
import { matchRoute, type RouteEntry } from '../lib/route-table.js';
import { useStore } from '../lib/store.js';
import { userStore } from '../session/user-store.js';
import { findMenu, type MenuItem, toMenuItems } from './menu-index.js';

/** The sidebar items of the signed-in user (role filter and path rules applied). */
export function useMenuItems(): MenuItem[] {
  const menus = useStore(userStore, (s) => s.menus);
  const roles = useStore(userStore, (s) => s.roles);
  return useMemo(() => toMenuItems(menus, roles), [menus, roles]);
}

export interface RouteInfo {
  fixed?: RouteEntry;
  menu?: MenuItem;
  meta?: RouteMeta;
}

/** Meta of a path: a fixed route's, or a menu screen's (auth, tab, kept alive, titled by its name). */
export function routeInfoOf(pathname: string, items: readonly MenuItem[]): RouteInfo {
  const fixed = matchRoute(pathname)?.entry;
  if (fixed) return { fixed, meta: fixed.meta };
  const menu = findMenu(items, pathname);
  if (menu)
    return { menu, meta: { isAuth: true, isTab: true, keepAlive: true, title: menu.name, titleEn: menu.nameEn, literalTitle: true } };
  return {};
}

export function useRouteInfo(pathname = useLocation().pathname): RouteInfo {
  const items = useMenuItems();
  return useMemo(() => routeInfoOf(pathname, items), [pathname, items]);
}
