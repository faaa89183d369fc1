import { Card, Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppGrid } from './app-grid.js';
import { AppTypeTabs, type TypeCount } from './app-type-tabs.js';
import type { DayCount } from './opens-chart.js';
import { type AppGroup, portalApi } from './portal-api.js';
import { useFavorites } from './use-favorites.js';

// echarts loads only when the chart is drawn, so the portal's first paint stays small.
const OpensChart = lazy(() => import('./opens-chart.js').then((m) => ({ default: m.OpensChart })));

/** The portal's first page: the caller's applications by type, favourites, recently visited and a chart of their opens. */
export default function HomeIndex() {
  const { t } = useTranslation();
  const { favorites, ids, onFavorite } = useFavorites();
  const [groups, setGroups] = useState<AppGroup[]>();
  const [counts, setCounts] = useState<TypeCount[]>([]);
  const [type, setType] = useState('');
  const [recent, setRecent] = useState<AppGroup['apps']>([]);
  const [chart, setChart] = useState<DayCount[]>();

  useEffect(() => {
    void portalApi.listByType().then(setGroups);
    void portalApi.typeCount().then(setCounts);
    void portalApi.recentlyVisited().then(setRecent);
    void portalApi.chart().then((days) => setChart(days.map((d) => ({ name: d.day.slice(5), value: d.count }))));
  }, []);

  const apps = useMemo(() => (groups ?? []).filter((g) => !type || g.appType === type).flatMap((g) => g.apps), [groups, type]);

  return (
    <div data-screen="portal-index">
      <Card className="sso-portal-section" title={t('portal.myApps')} size="small">
        {groups === undefined ? (
          <Skeleton active />
        ) : (
          <>
            <AppTypeTabs counts={counts} value={type} onChange={setType} />
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
            <OpensChart data={chart} color="#409EFF" />
          </Suspense>
        ) : (
          <Skeleton active />
        )}
      </Card>
    </div>
  );
}
