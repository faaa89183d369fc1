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
import { settingsStore, toggleCollapse } from './settings.js';
import { ThemePicker } from './theme-picker.js';
import type { ThemeDef } from './themes.js';
import { TopMenu } from './top-menu.js';
import { UserMenu } from './user-menu.js';

/** The top bar of SPEC §2; on the smallest screens only the essentials stay. */
export function TopBar({ theme }: { theme: ThemeDef }) {
  const { t } = useTranslation();
  const collapsed = useStore(settingsStore, (s) => s.collapse);
  const screen = useStore(settingsStore, (s) => s.screen);
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
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={toggleCollapse}
        aria-label={t('navbar.collapse')}
        title={t('navbar.collapse')}
      />
      <div style={{ flex: 1, minWidth: 0, display: 'flex' }}>{screen >= 2 && <TopMenu />}</div>
      <Flex align="center" gap={2} className="sso-top-tools" style={{ color: theme.header.text }}>
        <MenuSearchButton />
        {screen >= 1 && <ThemeColorPicker />}
        <ErrorLogButton />
        <LockButton />
        {screen >= 1 && <ThemePicker />}
        <LanguageSwitch />
        {screen >= 2 && <FullScreenButton />}
        <NoticePopover />
        <UserMenu />
      </Flex>
    </Layout.Header>
  );
}
