import { DownOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../api/feedback.js';
import { DEFAULT_AVATAR } from '../layout/user-menu.js';
import { useStore } from '../lib/store.js';
import { userStore } from '../session/user-store.js';
import { logout } from '../sign-on/logout.js';

/** Avatar and name with the market's dropdown: personal info, and logout after a confirmation. */
export function MarketUserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useStore(userStore, (s) => s.userInfo);

  const onClick = ({ key }: { key: string }) => {
    if (key !== 'logout') return navigate(key);
    feedback.modal.confirm({
      title: t('market.tip'),
      content: t('market.logoutConfirm'),
      okText: t('market.confirm'),
      cancelText: t('market.cancel'),
      onOk: async () => {
        await logout();
        navigate('/login', { replace: true });
      },
    });
  };
  const items = [
    { key: '/market/info', label: t('market.info') },
    { type: 'divider' as const },
    { key: 'logout', label: t('market.logout') },
  ];
  const name = info?.nickName || info?.realName || info?.account || '';

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Space style={{ cursor: 'pointer' }} data-testid="market-user-menu" size={6}>
        <Avatar size="small" src={info?.avatar || DEFAULT_AVATAR} />
        <span className="sso-portal-user-name sso-data">{name}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Space>
    </Dropdown>
  );
}
