import type { MenuNode } from '@sso/shared-api';

/** Whether any of the user's menus is an admin screen (the portal's own pages do not count). */
export function holdsAdminMenu(menus: MenuNode[] | undefined): boolean {
  const walk = (nodes: MenuNode[]): boolean =>
    nodes.some((node) => (node.path && !node.path.startsWith('/home') ? true : walk((node.children as MenuNode[] | undefined) ?? [])));
  return walk(menus ?? []);
}

/**
 * Where a signed-in user lands at `/`: staff who hold no admin menu land on the portal, admins on
 * the dashboard. (A `redirect` hand-off or the page a user was sent away from is decided before this.)
 */
export function landingPath(menus: MenuNode[] | undefined, dashboard: string): string {
  return holdsAdminMenu(menus) ? dashboard : '/home/index';
}
