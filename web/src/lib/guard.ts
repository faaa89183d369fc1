import { OIDC_LOGIN_PARAM, SAML_APP_PARAM, SAML_LOGIN_PARAM, SAML_LOGOUT_PARAM } from '@sso/shared-api/auth';
import { website } from '../config.js';
import { LOCK, LOGIN, PASSWORD_LOCK, type RouteMeta } from './route-meta.js';

/** What the guard knows about the navigation and the session. */
export interface GuardInput {
  path: string;
  /** Query of the navigation (for /login?redirect=). */
  search: string;
  /** Stored access token: undefined when signed out, '' when the record lost its token. */
  token: string | undefined;
  locked: boolean;
  /** is_init_password of the session. */
  isInitPassword?: string;
  /** second_factor of the session: 'enrol' while a required second factor is not set up. */
  secondFactor?: string;
  loginType?: 'user' | 'market';
  /** Meta of the matched fixed route or menu screen; undefined for an unknown path. */
  meta: RouteMeta | undefined;
  /** Where a signed-out user wanted to go before /login (router state), to return after sign-in. */
  from?: string;
  /** Whether the menus needed to tell a menu screen from an unknown path are still loading. */
  menusPending: boolean;
}

type Decision =
  | { type: 'allow' }
  | { type: 'wait' }
  | { type: 'redirect'; to: string; from?: string }
  | { type: 'logout' }
  | { type: 'external'; redirect: string }
  | { type: 'oidc'; uid: string }
  | { type: 'sign-on'; kind: SignOnKind; target: string; appCode?: string };

/** Sign-on to an application from the sign-in page: CAS (with renew), CAS sign-out, SAML (a request, IdP-initiated, sign-out), BladeX hand-off. */
export type SignOnKind = 'cas' | 'cas-renew' | 'cas-logout' | 'cas-gateway' | 'saml' | 'saml-app' | 'saml-logout' | 'app';

/** Where a required second factor is set up (the personal info page's second factor card). */
export const INFO_PAGE = '/info/index';

const allow: Decision = { type: 'allow' };
const go = (to: string, from?: string): Decision => ({ type: 'redirect', to, ...(from ? { from } : {}) });

/**
 * The guard's rules, in BladeX's order:
 * signed out: routes with isAuth false are open, everything else goes to /login (remembering
 * where the user wanted to go); an empty token logs out locally; while locked everything but
 * /lock goes to /lock; a signed-in user at /login goes to / (or, with `redirect`, asks the server
 * for the hand-off, which only a registered redirect URI gets; with `oidc`, finishes that OpenID
 * Connect sign-on, which only a user granted the application gets; with `cas`, a CAS service
 * ticket; with `redirect` and `appCode`, the BladeX hand-off to that application; `casLogout`
 * signs out, signed in or not); a required first password change sends everything but
 * /login and /password-lock to /password-lock; then a required second factor not set up yet
 * sends everything to /info/index, where it is set up (the server answers nothing else to such
 * a session); unknown paths go to /404.
 */
export function decide(input: GuardInput): Decision {
  const { path, meta } = input;
  // CAS sign-out ends whatever session there is, signed in or not.
  const casLogout = path === LOGIN ? new URLSearchParams(input.search).get('casLogout') : null;
  if (casLogout !== null && input.token !== '') return { type: 'sign-on', kind: 'cas-logout', target: casLogout };
  // SAML sign-out likewise: the application that asked gets its LogoutResponse either way.
  const samlLogout = path === LOGIN ? new URLSearchParams(input.search).get(SAML_LOGOUT_PARAM) : null;
  if (samlLogout !== null && input.token !== '') return { type: 'sign-on', kind: 'saml-logout', target: samlLogout };
  if (input.token === undefined) {
    // CAS gateway without a session: back to the (registered) service without a ticket, no form.
    const query = path === LOGIN ? new URLSearchParams(input.search) : undefined;
    const gateway = query?.get('gateway') === 'true' ? query.get('cas') : null;
    if (gateway) return { type: 'sign-on', kind: 'cas-gateway', target: gateway };
    if (meta?.isAuth === false) return allow;
    return go(LOGIN, path === '/' ? undefined : `${path}${input.search}`);
  }
  if (input.token === '') return { type: 'logout' };
  // While locked the lock page is the only place (the password rule below must not bounce it).
  if (input.locked) return path === website.lockPage || path === LOCK ? allow : go(website.lockPage);
  const loginType = input.loginType ?? website.loginType;
  const mustChangePassword = loginType === 'user' && input.isInitPassword === '否';
  const mustEnrol = input.secondFactor === 'enrol' && !mustChangePassword;
  if (path === LOGIN) {
    const query = new URLSearchParams(input.search);
    const redirect = query.get('redirect');
    const oidc = query.get(OIDC_LOGIN_PARAM);
    const cas = query.get('cas');
    const saml = query.get(SAML_LOGIN_PARAM);
    const samlApp = query.get(SAML_APP_PARAM);
    const appCode = query.get('appCode');
    // The server hands nothing over before the first password change: change it, then come back.
    if ((redirect || oidc || cas || saml || samlApp) && mustChangePassword) return go(PASSWORD_LOCK, `${LOGIN}${input.search}`);
    if (mustEnrol) return go(INFO_PAGE);
    if (cas) return { type: 'sign-on', kind: query.get('renew') === 'true' ? 'cas-renew' : 'cas', target: cas };
    if (saml) return { type: 'sign-on', kind: 'saml', target: saml };
    if (samlApp) return { type: 'sign-on', kind: 'saml-app', target: samlApp };
    if (redirect && appCode) return { type: 'sign-on', kind: 'app', target: redirect, appCode };
    if (redirect) return { type: 'external', redirect };
    if (oidc) return { type: 'oidc', uid: oidc };
    // Only a path of this app: `//host` or a URL would make the login page an open redirect.
    const from = input.from && /^\/(?!\/)/.test(input.from) && !input.from.startsWith(LOGIN) ? input.from : '/';
    return go(from);
  }
  if (mustChangePassword && path !== PASSWORD_LOCK) return go(PASSWORD_LOCK);
  if (mustEnrol && path !== INFO_PAGE) return go(INFO_PAGE);
  if (meta) return allow;
  if (input.menusPending) return { type: 'wait' };
  return go('/404');
}
