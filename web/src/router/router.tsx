import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { withResources } from '../api/client.js';
import { followNavigations } from '../layout/tags-follow.js';
import { setNavigator } from '../lib/navigation.js';
import { PageLoading } from '../lib/page-loading.js';
import { portalRoute } from '../portal/portal-routes.js';
import { RouteFailure } from './route-failure.js';
import { RouteGuard } from './route-guard.js';

/**
 * The router. Every page is its own chunk (React.lazy) so /login loads only what it needs; the
 * signed-in pages also wait for the SDK's resource namespaces (withResources), which /login never loads. The
 * fixed bare pages sit at the top; everything else renders inside the admin shell, whose splat
 * route resolves fixed admin routes and the menu screens built at run time (admin-screen.tsx).
 */
const LoginPage = lazy(() => import('../pages/login/login-page.js'));
const LockPage = lazy(() => import('../pages/lock-page.js'));
const PasswordLockPage = lazy(withResources(() => import('../pages/password-lock-page.js')));
const ErrorPage = lazy(() => import('../pages/error-page.js'));
const AdminLayout = lazy(withResources(() => import('../layout/admin-layout.js')));
const AdminScreen = lazy(withResources(() => import('./admin-screen.js')));
const MarketRoutes = lazy(withResources(() => import('../market/market-routes.js')));

const page = (Component: LazyExoticComponent<ComponentType<Record<string, unknown>>>, props: Record<string, unknown> = {}) => (
  <Suspense fallback={<PageLoading full />}>
    <Component {...props} />
  </Suspense>
);

export const routes = [
  {
    path: '/',
    element: <RouteGuard />,
    errorElement: <RouteFailure />,
    children: [
      { index: true, element: null },
      { path: 'login', element: page(LoginPage) },
      { path: 'login-market', element: page(LoginPage) },
      { path: 'lock', element: page(LockPage) },
      { path: 'password-lock', element: page(PasswordLockPage) },
      { path: '404', element: page(ErrorPage, { code: 404 }) },
      { path: '403', element: page(ErrorPage, { code: 403 }) },
      { path: '500', element: page(ErrorPage, { code: 500 }) },
      portalRoute,
      { path: 'market/*', element: page(MarketRoutes, { full: true }) },
      {
        element: page(AdminLayout),
        children: [{ path: '*', element: page(AdminScreen) }],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to, options) => void router.navigate(to, options));
  followNavigations(router); // tabs are added on navigation, not on render (see tags-follow.ts)
  return router;
}
