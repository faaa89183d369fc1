import {
  BellOutlined,
  BgColorsOutlined,
  BugOutlined,
  EllipsisOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LockOutlined,
} from '@ant-design/icons';
import { Badge, Button, Dropdown, type MenuProps, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { website } from '../config.js';
import { useStore } from '../lib/store.js';
import { errorLogStore } from './error-log.js';
import { ErrorLogDialog } from './error-log-button.js';
import { useFullScreen } from './full-screen.js';
import { useLockScreen } from './lock-button.js';
import { NoticeTabs, useBellCount } from './notice-popover.js';
import { ThemeDialog } from './theme-picker.js';

/** The top-bar tools that can move into the overflow menu when the bar is too narrow for them. */
export type OverflowTool = 'logs' | 'lock' | 'theme' | 'language' | 'fullScreen' | 'notices';

type Dialog = 'logs' | 'theme' | 'notices';

/**
 * The top bar's "more" menu: the tools in `tools` that do not fit the bar, in the order given,
 * each doing what its own button does (dialogs open here, the language switches in place).
 */
export function OverflowTools({ tools }: { tools: readonly OverflowTool[] }) {
  const { t, i18n } = useTranslation();
  const logCount = useStore(errorLogStore, (logs) => logs.length);
  const fullScreen = useFullScreen();
  const lock = useLockScreen();
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);
  const bellCount = useBellCount();
  if (!tools.length) return null;

  const entries: Record<OverflowTool, NonNullable<MenuProps['items']>[number]> = {
    logs: {
      key: 'logs',
      icon: <BugOutlined />,
      label: (
        <Badge count={logCount} overflowCount={website.logsBadgeMax} size="small" offset={[10, 0]}>
          {t('navbar.logs')}
        </Badge>
      ),
    },
    lock: { key: 'lock', icon: <LockOutlined />, label: t('navbar.lock') },
    theme: { key: 'theme', icon: <BgColorsOutlined />, label: t('navbar.theme') },
    fullScreen: {
      key: 'fullScreen',
      icon: fullScreen.fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />,
      label: fullScreen.label,
    },
    notices: {
      key: 'notices',
      icon: <BellOutlined />,
      label: (
        <Badge count={bellCount} size="small" offset={[10, 0]}>
          {t('navbar.notice')}
        </Badge>
      ),
    },
    // A group rather than a submenu: one tap picks the language on a phone.
    language: {
      type: 'group',
      key: 'language',
      label: t('navbar.language'),
      children: [
        { key: 'lang:zh-CN', label: '简体中文' },
        { key: 'lang:en', label: 'English' },
      ],
    },
  };
  const current = i18n.language === 'en' ? 'lang:en' : 'lang:zh-CN';

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('lang:')) void i18n.changeLanguage(key.slice('lang:'.length));
    else if (key === 'lock') lock.request();
    else if (key === 'fullScreen') fullScreen.toggle();
    else if (key === 'logs' || key === 'theme' || key === 'notices') setDialog(key);
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{ items: tools.map((tool) => entries[tool]), onClick, selectable: true, selectedKeys: [current] }}
      >
        <Button type="text" icon={<EllipsisOutlined />} aria-label={t('navbar.more')} title={t('navbar.more')} data-testid="top-bar-more" />
      </Dropdown>
      {lock.dialog}
      <ErrorLogDialog open={dialog === 'logs'} onClose={close} />
      <ThemeDialog open={dialog === 'theme'} onClose={close} />
      <Modal title={t('navbar.notice')} open={dialog === 'notices'} onCancel={close} footer={null} width={360}>
        <NoticeTabs onPick={close} />
      </Modal>
    </>
  );
}
