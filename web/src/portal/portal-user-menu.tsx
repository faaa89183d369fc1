import { DownOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../api/feedback.js';
import { DEFAULT_AVATAR } from '../layout/user-menu.js';
import { useStore } from '../lib/store.js';
import { userStore } from '../session/user-store.js';
import { logout } from '../sign-on/logout.js';
import { holdsAdminMenu } from './landing.js';
import { LoginLogDialog } from './login-log-dialog.js';

/** Avatar, nick name and account with the portal's dropdown: home, dashboard (admins only), login log, info, logout. */
export function PortalUserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useStore(userStore, (s) => s.userInfo);
  const menus = useStore(userStore, (s) => s.menus);
  const [logOpen, setLogOpen] = useState(false);

  const confirmLogout = () =>
    feedback.modal.confirm({
      title: t('portal.tip'),
      content: t('portal.logoutConfirm'),
      okText: t('portal.confirm'),
      cancelText: t('portal.cancel'),
      onOk: async () => {
        await logout();
        navigate('/login', { replace: true });
      },
    });

  const items = [
    { key: '/home/index', label: t('portal.home') },
    ...(holdsAdminMenu(menus) ? [{ key: '/wel/index', label: t('portal.dashboard') }] : []),
    { key: 'log', label: t('portal.loginLog') },
    { key: '/home/info', label: t('portal.info') },
    { type: 'divider' as const },
    { key: 'logout', label: t('portal.logout') },
  ];
  const onClick = ({ key }: { key: string }) => {
    if (key === 'logout') confirmLogout();
    else if (key === 'log') setLogOpen(true);
    else navigate(key);
  };
  const name = info?.nickName || info?.realName || info?.account || '';

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <Space style={{ cursor: 'pointer' }} data-testid="portal-user-menu" size={6}>
          <Avatar size="small" src={info?.avatar || DEFAULT_AVATAR} />
          <span className="sso-portal-user-name sso-data">
            {name}
            {info?.account && info.account !== name ? <span className="sso-portal-account"> ({info.account})</span> : null}
          </span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </Dropdown>
      <LoginLogDialog open={logOpen} onClose={() => setLogOpen(false)} />
    </>
  );
}
