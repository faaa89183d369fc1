import { Drawer, Empty, Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { menuNameIn } from '../i18n/menu-names.js';
import { useStore } from '../lib/store.js';
import { MenuIcon } from './menu-icon.js';
import { leavesOf, type MenuItem } from './menu-index.js';
import { openMenu } from './open-menu.js';
import { closeDrawer, settingsStore } from './settings.js';
import type { ThemeDef } from './themes.js';
import { useMenuItems } from './use-route-info.js';

type AntItem = Required<MenuProps>['items'][number];

/** Keys of the groups above an item, so the sidebar opens where the user is. */
function groupKeysOf(items: readonly MenuItem[], id: string, trail: string[] = []): string[] | undefined {
  for (const item of items) {
    if (item.id === id) return trail;
    const found = item.children && groupKeysOf(item.children, id, [...trail, `group:${item.id}`]);
    if (found) return found;
  }
  return undefined;
}

/** Menu items named in the language shown (English names in English, else the names). */
const toAntItems = (items: readonly MenuItem[], language: string): AntItem[] =>
  items.map((item) => {
    const label = menuNameIn(language, item);
    return item.children?.length
      ? { key: `group:${item.id}`, label, icon: <MenuIcon source={item.icon} />, children: toAntItems(item.children, language) }
      : { key: item.id, label, icon: <MenuIcon source={item.icon} />, title: label };
  });

/**
 * The sidebar: the user's menu tree, with a hint when it is empty. From 768 px up it sits beside the
 * page and folds to icons; below, it is a drawer closed by default, opened by the top bar's menu
 * button and closed again by a menu click or the mask, so the page keeps the whole phone width.
 */
export function Sidebar({ theme }: { theme: ThemeDef }) {
  const screen = useStore(settingsStore, (s) => s.screen);
  const collapsed = useStore(settingsStore, (s) => s.collapse);
  const drawerOpen = useStore(settingsStore, (s) => s.drawerOpen);
  if (screen === 0)
    return (
      <Drawer
        placement="left"
        open={drawerOpen}
        onClose={closeDrawer}
        closable={false}
        size={230}
        rootClassName="sso-sidebar-drawer"
        styles={{ body: { padding: 0, background: theme.sider.background } }}
      >
        <SidebarMenu theme={theme} collapsed={false} />
      </Drawer>
    );
  return (
    <Layout.Sider
      collapsed={collapsed}
      width={230}
      collapsedWidth={64}
      trigger={null}
      style={{ background: theme.sider.background, overflow: 'auto', height: '100vh', position: 'sticky', top: 0 }}
    >
      <SidebarMenu theme={theme} collapsed={collapsed} />
    </Layout.Sider>
  );
}

/** The logo and the menu tree; opening a page closes the drawer (openMenu). */
function SidebarMenu({ theme, collapsed }: { theme: ThemeDef; collapsed: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMenuItems();
  const leaves = useMemo(() => leavesOf(items), [items]);
  const antItems = useMemo(() => toAntItems(items, i18n.language), [items, i18n.language]);
  const selected = leaves.find((leaf) => leaf.link === pathname);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    const keys = selected ? groupKeysOf(items, selected.id) : undefined;
    if (keys?.length) setOpenKeys((open) => [...new Set([...open, ...keys])]);
  }, [items, selected]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = leaves.find((leaf) => leaf.id === key);
    if (item) openMenu(item, navigate);
  };

  return (
    <div data-testid="sidebar">
      <div className="sso-logo" style={{ color: theme.sider.text, height: 56, lineHeight: '56px', textAlign: 'center', fontWeight: 600 }}>
        {collapsed ? 'SSO' : t('app.shortTitle')}
      </div>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span style={{ color: theme.sider.text }}>{t('menu.empty')}</span>} />
      ) : (
        <Menu
          mode="inline"
          theme={theme.sider.dark ? 'dark' : 'light'}
          style={{ background: 'transparent', borderInlineEnd: 0 }}
          items={antItems}
          selectedKeys={selected ? [selected.id] : []}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          onClick={onClick}
        />
      )}
    </div>
  );
}
