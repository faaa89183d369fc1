import { MenuOutlined } from '@ant-design/icons';
import { Button, Dropdown, Grid, Input, Menu } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LanguageSwitch } from '../layout/language-switch.js';
import { PortalFooter } from '../portal/portal-footer.js';
import { useTokenCheck } from '../sign-on/use-token-check.js';
import { MarketUserMenu } from './market-user-menu.js';
import '../portal/portal.css';
import '../portal/portal-strings.js';
import './market.css';
import './market-strings.js';

/** Which header item a market page belongs to. */
const section = (pathname: string) =>
  pathname.startsWith('/market/network') ? '/market/network' : pathname.startsWith('/market/index') ? '/market/index' : '/market/list';

/**
 * The market's frame, phone first: the header (logo, a name search that lists matching systems as
 * it is typed, Home / Application ledger / Network security folding into a dropdown below the md
 * breakpoint, language, user dropdown), the page and the portal's footer.
 */
export default function MarketLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const screens = Grid.useBreakpoint();
  const [text, setText] = useState(params.get('searchValue') ?? '');
  useTokenCheck();
  const items = [
    { key: '/market/index', label: t('market.home') },
    { key: '/market/list', label: t('market.ledger') },
    { key: '/market/network', label: t('market.network') },
  ];
  const onClick = ({ key }: { key: string }) => navigate(key);
  const search = (value: string) => {
    setText(value);
    // Each change lists the matches; typing on the list replaces the entry instead of stacking history.
    navigate(`/market/list?searchValue=${encodeURIComponent(value.trim())}`, { replace: pathname === '/market/list' });
  };

  return (
    <div className="sso-portal sso-market">
      <header className="sso-portal-header">
        <Link to="/market/index" className="sso-portal-logo" aria-label={t('market.home')}>
          <span className="sso-portal-logo-mark">SSO</span>
          {screens.lg && <span className="sso-portal-logo-text">{t('market.title')}</span>}
        </Link>
        {screens.md ? (
          <Menu
            mode="horizontal"
            selectedKeys={[section(pathname)]}
            items={items}
            onClick={onClick}
            className="sso-portal-menu"
            disabledOverflow
          />
        ) : (
          <Dropdown menu={{ items, onClick, selectedKeys: [section(pathname)] }} trigger={['click']}>
            <Button type="text" icon={<MenuOutlined />} aria-label={t('market.menu')} data-testid="market-menu-toggle" />
          </Dropdown>
        )}
        <div className="sso-portal-search-box">
          <Input.Search
            allowClear
            value={text}
            placeholder={t('market.search')}
            aria-label={t('market.search')}
            data-testid="market-search"
            onChange={(event) => search(event.target.value)}
            onSearch={search}
          />
        </div>
        <LanguageSwitch />
        <MarketUserMenu />
      </header>
      <main className="sso-portal-main">
        <Outlet />
      </main>
      <PortalFooter />
    </div>
  );
}
