import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { PortalAppRow } from '@sso/shared-api';
import { Card, Input, Segmented, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AppGrid } from './app-grid.js';
import { portalApi } from './portal-api.js';
import { useFavorites } from './use-favorites.js';

/** The app market: every application the caller may open, searched by `appName` (text or pinyin), as a grid or a list. */
export default function AppMarket() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const appName = params.get('appName') ?? '';
  const { ids, onFavorite } = useFavorites();
  const [apps, setApps] = useState<PortalAppRow[]>();
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');

  useEffect(() => {
    let current = true;
    setApps(undefined);
    void portalApi.list(appName.trim() || undefined).then((rows) => current && setApps(rows));
    return () => {
      current = false;
    };
  }, [appName]);

  return (
    <Card
      data-screen="portal-market"
      size="small"
      title={t('portal.market')}
      extra={
        <Segmented
          value={layout}
          onChange={(value) => setLayout(value as 'grid' | 'list')}
          options={[
            { value: 'grid', icon: <AppstoreOutlined />, title: t('portal.grid') },
            { value: 'list', icon: <UnorderedListOutlined />, title: t('portal.list') },
          ]}
        />
      }
    >
      <Input.Search
        key={appName}
        defaultValue={appName}
        allowClear
        placeholder={t('portal.search')}
        aria-label={t('portal.search')}
        onSearch={(value) => setParams({ appName: value.trim() })}
        style={{ marginBottom: 12 }}
      />
      {apps === undefined ? (
        <Skeleton active />
      ) : (
        <AppGrid apps={apps} favoriteIds={ids} onFavorite={onFavorite} empty={t('portal.noApps')} layout={layout} testId="market-apps" />
      )}
    </Card>
  );
}
