import { client, loadResources } from '../api/client.js';
import { permissionsOf, rolesOf, userStore } from '../session/user-store.js';

let loading: Promise<void> | undefined;

/**
 * Loads the SDK's resource namespaces (signed-in pages use them; the sign-in page does not), then
 * fetches user info, the menu tree (of the chosen top menu) and the button permissions. Shared
 * by concurrent callers; after a failure (already toasted) `loaded` stays false so the next
 * navigation tries again.
 */
export function loadUser(): Promise<void> {
  if (!loading) {
    const topMenuId = userStore.get().topMenuId;
    loading = loadResources()
      .then(() => Promise.all([client.userInfo(), client.system.menu.routes(topMenuId ? { topMenuId } : {}), client.system.menu.buttons()]))
      .then(([userInfo, menus, buttons]) => {
        userStore.set((s) => ({
          ...s,
          userInfo,
          menus,
          permissions: permissionsOf(buttons),
          roles: rolesOf(userInfo),
          loaded: true,
          loadFailed: false,
        }));
      })
      .catch(() => {
        userStore.set((s) => ({ ...s, menus: s.menus ?? [], loadFailed: true }));
      })
      .finally(() => {
        loading = undefined;
      });
  }
  return loading;
}

/** Another top menu: the sidebar shows its menus. */
export function selectTopMenu(topMenuId: string | undefined): Promise<void> {
  userStore.set((s) => ({ ...s, topMenuId }));
  return loadUser();
}
