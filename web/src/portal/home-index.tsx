import { Card, Segmented, Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppGrid } from './app-grid.js';
import { type AppGroup, portalApi } from './portal-api.js';
import { useFavorites } from './use-favorites.js';

// echarts loads only when the chart is drawn, so the portal's first paint stays small.
const BarChartView = lazy(() => import('../pages/wel/menu-chart.js').then((m) => ({ default: m.BarChartView })));

/** The portal's first page: the caller's applications by type, favourites, recently visited and a chart of their opens. */
export default function HomeIndex() {
  const { t } = useTranslation();
  const { favorites, ids, onFavorite } = useFavorites();
  const [groups, setGroups] = useState<AppGroup[]>();
  const [counts, setCounts] = useState<{ appType: string; appTypeName: string; count: number }[]>([]);
  const [type, setType] = useState('');
  const [recent, setRecent] = useState<AppGroup['apps']>([]);
  const [chart, setChart] = useState<{ name: string; value: number }[]>();

  useEffect(() => {
    void portalApi.listByType().then(setGroups);
    void portalApi.typeCount().then(setCounts);
    void portalApi.recentlyVisited().then(setRecent);
    void portalApi.chart().then((days) => setChart(days.map((d) => ({ name: d.day.slice(5), value: d.count }))));
  }, []);

  const apps = useMemo(() => (groups ?? []).filter((g) => !type || g.appType === type).flatMap((g) => g.apps), [groups, type]);
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const typeOptions = [
    { value: '', label: `${t('portal.all')} (${total})` },
    ...counts.map((c) => ({
      value: c.appType,
      label: (
        <span>
          <span className="sso-data">{c.appTypeName || c.appType}</span> ({c.count})
        </span>
      ),
    })),
  ];

  return (
    <div data-screen="portal-index">
      <Card className="sso-portal-section" title={t('portal.myApps')} size="small">
        {groups === undefined ? (
          <Skeleton active />
        ) : (
          <>
            <div style={{ overflowX: 'auto', marginBottom: 10 }}>
              <Segmented value={type} onChange={(value) => setType(String(value))} options={typeOptions} />
            </div>
            <AppGrid apps={apps} favoriteIds={ids} onFavorite={onFavorite} empty={t('portal.noApps')} testId="my-apps" />
          </>
        )}
      </Card>
      <Card className="sso-portal-section" title={t('portal.favorites')} size="small">
        <AppGrid apps={favorites} favoriteIds={ids} onFavorite={onFavorite} empty={t('portal.noFavorites')} testId="favorite-apps" />
      </Card>
      <Card className="sso-portal-section" title={t('portal.recent')} size="small">
        <AppGrid apps={recent} favoriteIds={ids} onFavorite={onFavorite} empty={t('portal.noRecent')} layout="list" testId="recent-apps" />
      </Card>
      <Card className="sso-portal-section" title={t('portal.opens')} size="small">
        {chart ? (
          <Suspense fallback={<Skeleton active />}>
            <BarChartView data={chart} color="#409EFF" />
          </Suspense>
        ) : (
          <Skeleton active />
        )}
      </Card>
    </div>
  );
}
