import { client } from '../api/client.js';
import i18n from '../i18n/index.js';
import { decide } from '../lib/guard.js';
import { lockStore } from '../session/lock.js';
import { tagOf } from '../session/tags.js';
import { openTag } from '../session/tags-store.js';
import { storedAccessToken } from '../session/token-store.js';
import { userStore } from '../session/user-store.js';
import { toMenuItems } from './menu-index.js';
import { routeInfoOf } from './use-route-info.js';

/** What the follower needs of a data router (createBrowserRouter / createMemoryRouter). */
export interface NavigationSource {
  subscribe(
    listener: (state: { location: { pathname: string; search: string; key: string }; navigation: { state: string } }) => void,
  ): () => void;
}

/**
 * Adds the tab of a page the router has moved to and the guard lets through, unless its tab is open already.
 *
 * Why not in the layout's render: the router hands its locations to React as transitions, so two
 * quick navigations (two sidebar clicks while a screen's chunk loads) end in ONE render of the
 * second page — a tab added by a render effect never appears for the first. BladeX adds tabs on
 * the navigation itself; so does this.
 */
export function openTagAt(pathname: string, search: string): void {
  const { menus, roles, loaded, loadFailed } = userStore.get();
  const info = routeInfoOf(pathname, toMenuItems(menus, roles));
  const { meta, fixed, menu } = info;
  if (!meta?.title || meta.isTab === false) return;
  // Only pages of the admin shell, at their own address (the guard moves redirects and raw menu paths on).
  if (fixed && (fixed.layout !== 'admin' || fixed.redirect)) return;
  if (menu && menu.link !== pathname) return;
  const token = storedAccessToken();
  const decision = decide({
    path: pathname,
    search,
    token,
    locked: lockStore.get().locked,
    isInitPassword: client.session?.token.is_init_password,
    secondFactor: client.session?.token.second_factor,
    meta,
    menusPending: Boolean(token) && !loaded && !loadFailed,
  });
  if (decision.type === 'allow') openTag(tagOf(pathname, search, meta, (key) => i18n.t(key)));
}

/** Follows every navigation of the router; returns the unsubscribe. */
export function followNavigations(router: NavigationSource): () => void {
  let lastKey: string | undefined;
  return router.subscribe(({ location, navigation }) => {
    if (navigation.state !== 'idle' || location.key === lastKey) return;
    lastKey = location.key;
    openTagAt(location.pathname, location.search);
  });
}
