import { Layout } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useStore } from '../lib/store.js';
import { useRouteInfo } from '../router/use-route-info.js';
import { useTokenCheck } from '../session/use-token-check.js';
import { KeepAliveOutlet } from './keep-alive.js';
import { MenuSearchPanel } from './menu-search.js';
import { screenClass, settingsStore, updateSettings } from './settings.js';
import { Sidebar } from './sidebar.js';
import { TagsBar } from './tags-bar.js';
import { openTag } from './tags-store.js';
import { themeByName } from './themes.js';
import { TopBar } from './top-bar.js';

/** Follows the window width (SPEC §2 screen classes); small screens start with the sidebar collapsed. */
function useScreenClass(): void {
  useEffect(() => {
    const update = () => {
      const screen = screenClass(window.innerWidth);
      if (screen !== settingsStore.get().screen) updateSettings(screen === 0 ? { screen, collapse: true } : { screen });
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
}

/** The admin shell: sidebar, top bar, tabs, and the page of the current route. */
export default function AdminLayout() {
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  const info = useRouteInfo(pathname);
  const theme = themeByName(useStore(settingsStore, (s) => s.theme));
  const screen = useStore(settingsStore, (s) => s.screen);
  useTokenCheck();
  useScreenClass();

  // Visiting a page adds its tab (SPEC §4) unless its meta says isTab false.
  const meta = info.meta;
  useEffect(() => {
    if (!meta?.title || meta.isTab === false || info.fixed?.redirect) return;
    const query = Object.fromEntries(new URLSearchParams(search));
    const label = meta.literalTitle ? meta.title : t(`route.${meta.title}`);
    openTag({ label, value: pathname, query, meta: meta.literalTitle ? {} : { i18n: meta.title } });
  }, [pathname, search, meta, info.fixed, t]);

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
