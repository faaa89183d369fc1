import type { MenuNode, UserInfo } from '@sso/shared-api';
import { createStore } from '../lib/store.js';
import { getStore, removeStore, setStore } from './storage.js';

/**
 * Who is signed in and what they may see: user info, the menu tree of `menu/routes`, the button
 * permissions of `menu/buttons` (a code → true map) and the role names. Persisted like
 * BladeX so a reload draws the shell at once; reloaded from the server on every page load.
 */
interface UserState {
  userInfo?: UserInfo;
  /** undefined until loaded. */
  menus?: MenuNode[];
  permissions: Record<string, true>;
  roles: string[];
  /** Whether this page load has fetched fresh data (persisted values may be stale). */
  loaded: boolean;
  /** The last load failed (already toasted): no automatic retry until the next sign-in. */
  loadFailed?: boolean;
  topMenuId?: string;
}

const initial = (): UserState => ({
  userInfo: getStore<UserInfo>('userInfo'),
  menus: getStore<MenuNode[]>('menu'),
  permissions: getStore<Record<string, true>>('permission') ?? {},
  roles: getStore<string[]>('roles') ?? [],
  loaded: false,
});

export const userStore = createStore<UserState>(initial());

userStore.subscribe(() => {
  const { userInfo, menus, permissions, roles, loaded } = userStore.get();
  if (!loaded) return;
  if (userInfo) setStore('userInfo', userInfo);
  if (menus) setStore('menu', menus);
  setStore('permission', permissions);
  setStore('roles', roles);
});

/** Logout: forget user info, menu, permissions and roles. */
export function clearUser(): void {
  for (const name of ['userInfo', 'menu', 'permission', 'roles']) removeStore(name);
  userStore.set({ permissions: {}, roles: [], loaded: false });
}

/** Every leaf code of the `menu/buttons` tree becomes a permission, as in BladeX. */
export function permissionsOf(buttons: readonly MenuNode[]): Record<string, true> {
  const map: Record<string, true> = {};
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.children?.length) walk(node.children);
      else if (node.code) map[node.code] = true;
    }
  };
  walk(buttons);
  return map;
}

export const rolesOf = (info: UserInfo | undefined): string[] =>
  (info?.roleName ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
