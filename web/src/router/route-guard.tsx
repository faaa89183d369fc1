import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { client } from '../api/client.js';
import { menuNameIn } from '../i18n/menu-names.js';
import { useRouteInfo } from '../layout/use-route-info.js';
import { decide } from '../lib/guard.js';
import { PageLoading } from '../lib/page-loading.js';
import { useStore } from '../lib/store.js';
import { landingPath } from '../portal/landing.js';
import { fedLogout } from '../session/clear.js';
import { lockStore } from '../session/lock.js';
import { storedAccessToken, tokenVersion } from '../session/token-store.js';
import { userStore } from '../session/user-store.js';
import { loadUser } from '../sign-on/load-user.js';
import { handOff } from '../sign-on/redirect.js';

/**
 * The router guard: applies `decide` to every navigation, loads the user's menus and
 * permissions once signed in, and sets the page title.
 */
export function RouteGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  useStore(tokenVersion); // re-decide on sign-in, refresh and sign-out
  const locked = useStore(lockStore, (s) => s.locked);
  const loaded = useStore(userStore, (s) => s.loaded);
  const loadFailed = useStore(userStore, (s) => s.loadFailed === true);
  const menus = useStore(userStore, (s) => s.menus);
  const info = useRouteInfo(location.pathname);
  const token = storedAccessToken();
  const decision = decide({
    path: location.pathname,
    search: location.search,
    token,
    locked,
    isInitPassword: client.session?.token.is_init_password,
    secondFactor: client.session?.token.second_factor,
    meta: info.meta,
    from: (location.state as { from?: string } | null)?.from,
    menusPending: Boolean(token) && !loaded && !loadFailed,
  });

  useEffect(() => {
    if (token && !loaded && !loadFailed) void loadUser();
  }, [token, loaded, loadFailed]);

  useEffect(() => {
    const meta = info.meta;
    const literal = meta?.title && menuNameIn(i18n.language, { name: meta.title, nameEn: meta.titleEn });
    const title = meta?.title ? (meta.literalTitle ? literal : t(`route.${meta.title}`)) : undefined;
    document.title = title ? `${title} - ${t('app.title')}` : t('app.title');
  }, [info.meta, t, i18n.language]);

  const logoutNow = decision.type === 'logout';
  const external = decision.type === 'external' ? decision.redirect : undefined;
  useEffect(() => {
    if (!logoutNow) return;
    fedLogout();
    navigate('/login', { replace: true });
  }, [logoutNow, navigate]);
  const oidcUid = decision.type === 'oidc' ? decision.uid : undefined;
  useEffect(() => {
    if (!oidcUid) return;
    // A refused sign-on lands where a sign-in normally does. Sign-on code loads only when asked
    // for, so that the sign-in page stays within its size budget.
    void import('../sign-on/oidc-sign-on.js')
      .then(({ finishOidcSignOn }) => finishOidcSignOn(oidcUid))
      .then((leaving) => leaving || navigate('/', { replace: true }));
  }, [oidcUid, navigate]);
  const signOnKind = decision.type === 'sign-on' ? decision.kind : undefined;
  const signOnTarget = decision.type === 'sign-on' ? decision.target : '';
  const signOnApp = decision.type === 'sign-on' ? (decision.appCode ?? '') : '';
  useEffect(() => {
    if (!signOnKind) return;
    if (signOnKind === 'cas-logout') {
      // Back to a registered service, or to a plain sign-in page.
      void import('../sign-on/app-sign-on.js')
        .then(({ casSignOut }) => casSignOut(signOnTarget))
        .then((leaving) => leaving || navigate('/login', { replace: true }));
      return;
    }
    if (signOnKind === 'saml-logout') {
      void import('../sign-on/app-sign-on.js')
        .then(({ samlSignOut }) => samlSignOut(signOnTarget))
        .then((leaving) => leaving || navigate('/login', { replace: true }));
      return;
    }
    if (signOnKind === 'saml' || signOnKind === 'saml-app') {
      const target = signOnKind === 'saml' ? { request: signOnTarget } : { appCode: signOnTarget };
      void import('../sign-on/app-sign-on.js')
        .then(({ samlSignOn }) => samlSignOn(target))
        .then((leaving) => leaving || navigate('/', { replace: true }));
      return;
    }
    if (signOnKind === 'cas-gateway') {
      // A service the server does not know gets the plain sign-in form instead.
      void import('../sign-on/app-sign-on.js')
        .then(({ casGateway }) => casGateway(signOnTarget))
        .then((leaving) => leaving || navigate('/login', { replace: true }));
      return;
    }
    const run = import('../sign-on/app-sign-on.js').then(({ appHandOff, casSignOn }) =>
      signOnKind === 'app' ? appHandOff(signOnApp, signOnTarget) : casSignOn(signOnTarget, signOnKind === 'cas-renew'),
    );
    // A refused sign-on lands where a sign-in normally does.
    void run.then((leaving) => leaving || navigate('/', { replace: true }));
  }, [signOnKind, signOnTarget, signOnApp, navigate]);
  useEffect(() => {
    if (!external) return;
    // A refused hand-off lands where a sign-in normally does.
    void handOff(external).then((leaving) => leaving || navigate('/', { replace: true }));
  }, [external, navigate]);

  switch (decision.type) {
    case 'redirect':
      return <Navigate to={decision.to} replace state={decision.from ? { from: decision.from } : undefined} />;
    case 'allow':
      if (location.pathname === '/') {
        // Where a sign-in lands: staff without an admin menu on the portal, so wait for the menus.
        if (!loaded && !loadFailed) return <PageLoading full />;
        return <Navigate to={landingPath(menus, info.fixed?.redirect ?? '/wel')} replace />;
      }
      if (info.fixed?.redirect) return <Navigate to={info.fixed.redirect} replace />;
      // A menu screen reached by its raw path: move to the canonical /index address.
      if (info.menu && info.menu.link !== location.pathname) return <Navigate to={`${info.menu.link}${location.search}`} replace />;
      return <Outlet />;
    default:
      return <PageLoading full />;
  }
}
