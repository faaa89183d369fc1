import { DownOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../api/feedback.js';
import { website } from '../config.js';
import { useStore } from '../lib/store.js';
import { userStore } from '../session/user-store.js';
import { logout } from '../sign-on/logout.js';
import { SwitchDialog } from './switch-dialog.js';

/** Stock avatar when the user has none. */
export const DEFAULT_AVATAR = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#409EFF"/><text x="32" y="41" font-size="24" text-anchor="middle" fill="#fff" font-family="sans-serif">SSO</text></svg>',
)}`;

/** Avatar and name with a dropdown: dashboard, portal, personal info, switch, logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useStore(userStore, (s) => s.userInfo);
  const [switching, setSwitching] = useState(false);

  const confirmLogout = () =>
    feedback.modal.confirm({
      title: t('common.tip'),
      content: t('logout.confirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        navigate('/login', { replace: true });
      },
    });

  const items = [
    { key: '/', label: t('navbar.dashboard') },
    { key: '/home', label: t('navbar.portal') },
    { key: '/info/index', label: t('navbar.userinfo') },
    ...(website.switchMode ? [{ key: 'switch', label: t('navbar.switch') }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: t('navbar.logOut') },
  ];
  const onClick = ({ key }: { key: string }) => {
    if (key === 'logout') confirmLogout();
    else if (key === 'switch') setSwitching(true);
    else navigate(key);
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <Space style={{ cursor: 'pointer', padding: '0 8px' }} data-testid="user-menu">
          <Avatar size="small" src={info?.avatar || DEFAULT_AVATAR} />
          <span className="sso-user-name">{info?.nickName || info?.realName || info?.account || ''}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </Dropdown>
      {website.switchMode && <SwitchDialog open={switching} onClose={() => setSwitching(false)} />}
    </>
  );
}
