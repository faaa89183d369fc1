import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStore } from '../lib/store.js';
import { ThemeColorPicker } from './color-picker.js';
import { ErrorLogButton } from './error-log-button.js';
import { FullScreenButton } from './full-screen.js';
import { LanguageSwitch } from './language-switch.js';
import { LockButton } from './lock-button.js';
import { MenuSearchButton } from './menu-search.js';
import { NoticePopover } from './notice-popover.js';
import { type OverflowTool, OverflowTools } from './overflow-tools.js';
import { settingsStore, toggleSidebar } from './settings.js';
import { ThemePicker } from './theme-picker.js';
import type { ThemeDef } from './themes.js';
import { TopMenu } from './top-menu.js';
import { UserMenu } from './user-menu.js';

/**
 * Tools that leave the bar for its overflow menu, by width class: below 768 px only menu search,
 * the overflow button and the user menu stay in the bar (a 390 px phone fits those with the menu
 * button); below 992 px only full screen moves; wider screens show every tool.
 */
const overflowByScreen: Record<0 | 1 | 2 | 3, readonly OverflowTool[]> = {
  0: ['notices', 'logs', 'lock', 'theme', 'fullScreen', 'language'],
  1: ['fullScreen'],
  2: [],
  3: [],
};

/** The top bar: menu button, top menus, tools and the user menu; every tool stays reachable at every width. */
export function TopBar({ theme }: { theme: ThemeDef }) {
  const { t } = useTranslation();
  const screen = useStore(settingsStore, (s) => s.screen);
  const folded = useStore(settingsStore, (s) => (s.screen === 0 ? !s.drawerOpen : s.collapse));
  const overflow = overflowByScreen[screen];
  const inBar = (tool: OverflowTool) => !overflow.includes(tool);
  return (
    <Layout.Header
      style={{
        background: theme.header.background,
        color: theme.header.text,
        padding: '0 8px',
        height: 56,
        lineHeight: '56px',
        display: 'flex',
        alignItems: 'center',
      }}
    >
      <Button
        type="text"
        style={{ color: theme.header.text }}
        icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={toggleSidebar}
        aria-label={t('navbar.collapse')}
        title={t('navbar.collapse')}
        data-testid="menu-button"
      />
      <div style={{ flex: 1, minWidth: 0, display: 'flex' }}>{screen >= 2 && <TopMenu />}</div>
      <Flex align="center" gap={2} className="sso-top-tools" style={{ color: theme.header.text, minWidth: 0 }}>
        <MenuSearchButton />
        {screen >= 1 && <ThemeColorPicker />}
        {inBar('logs') && <ErrorLogButton />}
        {inBar('lock') && <LockButton />}
        {inBar('theme') && <ThemePicker />}
        {inBar('language') && <LanguageSwitch />}
        {inBar('fullScreen') && <FullScreenButton />}
        {inBar('notices') && <NoticePopover />}
        <OverflowTools tools={overflow} />
        <UserMenu />
      </Flex>
    </Layout.Header>
  );
}
