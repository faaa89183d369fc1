import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { withResources } from '../api/client.js';
import { PageLoading } from '../lib/page-loading.js';

/** The /home portal's routes: its layout and one lazily loaded chunk per page. */
// Its pages call the resource namespaces: the layout waits for them (children render inside it).
const PortalLayout = lazy(withResources(() => import('./portal-layout.js')));
const HomeIndex = lazy(() => import('./home-index.js'));
const AppMarket = lazy(() => import('./app-market.js'));
const FavoritesPage = lazy(() => import('./favorites-page.js'));
const AppDetail = lazy(() => import('./app-detail.js'));
const PortalInfo = lazy(() => import('./portal-info.js'));
const MyRequestsPage = lazy(() => import('./my-requests-page.js'));

const page = (Component: LazyExoticComponent<ComponentType>) => (
  <Suspense fallback={<PageLoading />}>
    <Component />
  </Suspense>
);

export const portalRoute = {
  path: 'home',
  element: (
    <Suspense fallback={<PageLoading full />}>
      <PortalLayout />
    </Suspense>
  ),
  children: [
    { index: true, element: <Navigate to="/home/index" replace /> },
    { path: 'index', element: page(HomeIndex) },
    { path: 'app', element: page(AppMarket) },
    { path: 'favorites', element: page(FavoritesPage) },
    { path: 'detail', element: page(AppDetail) },
    { path: 'info', element: page(PortalInfo) },
    { path: 'requests', element: page(MyRequestsPage) },
    { path: '*', element: <Navigate to="/404" replace /> },
  ],
};
