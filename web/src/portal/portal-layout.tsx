import { MenuOutlined } from '@ant-design/icons';
import { Button, Dropdown, Grid, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '../layout/language-switch.js';
import { useTokenCheck } from '../sign-on/use-token-check.js';
import { PortalFooter } from './portal-footer.js';
import { PortalSearch } from './portal-search.js';
import { PortalUserMenu } from './portal-user-menu.js';
import './portal.css';
import './portal-strings.js';
import '../access/access-strings.js';

/**
 * The staff portal's frame, phone first: the header (logo, application search, menu items that
 * fold into a dropdown below the md breakpoint, language, user dropdown), the page, the footer.
 */
export default function PortalLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  useTokenCheck();
  const items = [
    { key: '/home/index', label: t('portal.home') },
    { key: '/home/app', label: t('portal.market') },
    { key: '/home/favorites', label: t('portal.favorites') },
    { key: '/home/requests', label: t('access.myRequests') },
  ];
  const onClick = ({ key }: { key: string }) => navigate(key === '/home/app' ? '/home/app?appName=' : key);

  return (
    <div className="sso-portal">
      <header className="sso-portal-header">
        <Link to="/home/index" className="sso-portal-logo" aria-label={t('portal.home')}>
          <span className="sso-portal-logo-mark">SSO</span>
          {screens.lg && <span className="sso-portal-logo-text">{t('portal.title')}</span>}
        </Link>
        {screens.md ? (
          <Menu mode="horizontal" selectedKeys={[pathname]} items={items} onClick={onClick} className="sso-portal-menu" disabledOverflow />
        ) : (
          <Dropdown menu={{ items, onClick, selectedKeys: [pathname] }} trigger={['click']}>
            <Button type="text" icon={<MenuOutlined />} aria-label={t('portal.more')} data-testid="portal-menu-toggle" />
          </Dropdown>
        )}
        <div className="sso-portal-search-box">
          <PortalSearch />
        </div>
        <LanguageSwitch />
        <PortalUserMenu />
      </header>
      <main className="sso-portal-main">
        <Outlet />
      </main>
      <PortalFooter />
    </div>
  );
}
