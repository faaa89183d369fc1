import { Layout } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useStore } from '../lib/store.js';
import { userStore } from '../session/user-store.js';
import { useTokenCheck } from '../sign-on/use-token-check.js';
import { KeepAliveOutlet } from './keep-alive.js';
import { MenuSearchPanel } from './menu-search.js';
import { screenClass, settingsStore, updateSettings } from './settings.js';
import { Sidebar } from './sidebar.js';
import { TagsBar } from './tags-bar.js';
import { openTagAt } from './tags-follow.js';
import { themeByName } from './themes.js';
import { TopBar } from './top-bar.js';
import { useRouteInfo } from './use-route-info.js';

/**
 * Follows the window width class (>=1200 → 3, >=992 → 2, >=768 → 1, else 0). Below 768 px the
 * sidebar is a drawer; leaving that class closes the drawer so it does not reappear later.
 */
function useScreenClass(): void {
  useEffect(() => {
    const update = () => {
      const screen = screenClass(window.innerWidth);
      if (screen !== settingsStore.get().screen) updateSettings({ screen, drawerOpen: false });
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
}

/** The admin shell: sidebar, top bar, tabs, and the page of the current route. */
export default function AdminLayout() {
  const { pathname, search } = useLocation();
  const { meta } = useRouteInfo(pathname);
  const theme = themeByName(useStore(settingsStore, (s) => s.theme));
  const screen = useStore(settingsStore, (s) => s.screen);
  useTokenCheck();
  useScreenClass();

  // The page shown first (a reload, the landing after sign-in) gets its tab once the menus are
  // known; later pages get theirs from the navigation itself (tags-follow.ts).
  const menusSettled = useStore(userStore, (s) => s.loaded || s.loadFailed);
  useEffect(() => {
    if (menusSettled) openTagAt(pathname, search);
  }, [pathname, search, menusSettled]);

  return (
    <Layout className={`sso-admin sso-screen-${screen}`} style={{ minHeight: '100vh' }}>
      {meta?.menu !== false && <Sidebar theme={theme} />}
      <Layout style={{ minWidth: 0 }}>
        <TopBar theme={theme} />
        <TagsBar />
        <Layout.Content style={{ margin: 12, minHeight: 280 }}>
          <KeepAliveOutlet keepAlive={meta?.keepAlive === true} />
        </Layout.Content>
      </Layout>
      <MenuSearchPanel />
    </Layout>
  );
}
