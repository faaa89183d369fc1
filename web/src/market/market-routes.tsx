import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageLoading } from '../lib/page-loading.js';
import MarketLayout from './market-layout.js';

/**
 * The /market portal: its layout and one lazily loaded chunk per page. The router loads this
 * module only when a /market address is opened, so the sign-in page carries none of it.
 */
const MarketIndex = lazy(() => import('./market-index.js'));
const MarketList = lazy(() => import('./market-list.js'));
const MarketDetail = lazy(() => import('./market-detail.js'));
const MarketNetwork = lazy(() => import('./market-network.js'));
const MarketNetworkDetail = lazy(() => import('./market-network-detail.js'));
const PortalInfo = lazy(() => import('../portal/portal-info.js'));

const page = (Component: LazyExoticComponent<ComponentType>) => (
  <Suspense fallback={<PageLoading />}>
    <Component />
  </Suspense>
);

export default function MarketRoutes() {
  return (
    <Routes>
      <Route element={<MarketLayout />}>
        <Route index element={<Navigate to="/market/index" replace />} />
        <Route path="index" element={page(MarketIndex)} />
        <Route path="list" element={page(MarketList)} />
        <Route path="detail" element={page(MarketDetail)} />
        <Route path="info" element={page(PortalInfo)} />
        <Route path="network" element={page(MarketNetwork)} />
        <Route path="networkdetail" element={page(MarketNetworkDetail)} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Route>
    </Routes>
  );
}
