import type { MenuNode } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { toMenuItems } from '../layout/menu-index.js';
import { routeInfoOf } from '../layout/use-route-info.js';
import { decide, type GuardInput } from '../lib/guard.js';

const menus = toMenuItems(
  [
    {
      id: '1',
      parentId: '0',
      code: 'system',
      name: '系统管理',
      alias: '',
      path: '/system',
      source: '',
      sort: 1,
      category: 1,
      action: 0,
      isOpen: 1,
      remark: '',
      hasChildren: true,
      children: [
        {
          id: '2',
          parentId: '1',
          code: 'param',
          name: '参数管理',
          alias: '',
          path: '/system/param',
          source: '',
          sort: 1,
          category: 1,
          action: 0,
          isOpen: 1,
          remark: '',
          hasChildren: false,
        },
      ],
    },
  ] as MenuNode[],
  [],
);

/** The guard's input for a path, with a signed-in, unlocked session whose password is changed. */
const at = (path: string, over: Partial<GuardInput> = {}): GuardInput => {
  const [pathname, search = ''] = path.split('?');
  return {
    path: pathname,
    search: search ? `?${search}` : '',
    token: 'a.b.c',
    locked: false,
    isInitPassword: '是',
    meta: routeInfoOf(pathname, menus).meta,
    menusPending: false,
    ...over,
  };
};
const signedOut = { token: undefined };

describe('the router guard', () => {
  it('sends a signed-out user to /login, remembering where they wanted to go', () => {
    expect(decide(at('/wel/index', signedOut))).toEqual({ type: 'redirect', to: '/login', from: '/wel/index' });
    expect(decide(at('/system/param/index?x=1', signedOut))).toEqual({ type: 'redirect', to: '/login', from: '/system/param/index?x=1' });
    expect(decide(at('/password-lock', signedOut))).toMatchObject({ type: 'redirect', to: '/login' });
    expect(decide(at('/', signedOut))).toEqual({ type: 'redirect', to: '/login' });
  });

  it('opens routes marked isAuth false without login', () => {
    for (const path of ['/login', '/login-market', '/lock', '/404', '/403', '/500'])
      expect(decide(at(path, signedOut))).toEqual({ type: 'allow' });
  });

  it('logs out locally when the stored token is empty', () => {
    expect(decide(at('/wel/index', { token: '' }))).toEqual({ type: 'logout' });
  });

  it('sends every route but /lock to /lock while locked', () => {
    for (const path of ['/wel/index', '/system/param/index', '/login', '/password-lock', '/404']) {
      expect(decide(at(path, { locked: true }))).toEqual({ type: 'redirect', to: '/lock' });
    }
    expect(decide(at('/lock', { locked: true }))).toEqual({ type: 'allow' });
    expect(decide(at('/lock', { locked: true, isInitPassword: '否' }))).toEqual({ type: 'allow' });
  });

  it('sends a signed-in user at /login to / or back where they were going', () => {
    expect(decide(at('/login'))).toEqual({ type: 'redirect', to: '/' });
    expect(decide(at('/login', { from: '/system/param/index' }))).toEqual({ type: 'redirect', to: '/system/param/index' });
    // never off-site: a protocol-relative or absolute `from` is ignored
    expect(decide(at('/login', { from: '//evil.example/x' }))).toEqual({ type: 'redirect', to: '/' });
  });

  it('asks the server to hand a signed-in user at /login?redirect= over (the server decides which addresses get a token)', () => {
    expect(decide(at('/login?redirect=https%3A%2F%2Fapp.example%2Fcb'))).toEqual({ type: 'external', redirect: 'https://app.example/cb' });
    expect(decide(at('/login?redirect=%2F%2Fevil.example'))).toEqual({ type: 'external', redirect: '//evil.example' });
  });

  it('finishes the OpenID Connect sign-on of a signed-in user at /login?oidc= (the server decides who may open the application)', () => {
    expect(decide(at('/login?oidc=abc-123'))).toEqual({ type: 'oidc', uid: 'abc-123' });
    expect(decide(at('/login?oidc=abc-123', { token: undefined }))).toEqual({ type: 'allow' });
    expect(decide(at('/login?oidc=abc-123', { isInitPassword: '否' }))).toEqual({
      type: 'redirect',
      to: '/password-lock',
      from: '/login?oidc=abc-123',
    });
  });

  it('asks for a CAS ticket or a BladeX hand-off at /login for a signed-in user, and signs out for CAS signed in or not', () => {
    const service = encodeURIComponent('http://erp.example.com/a?b=1');
    expect(decide(at(`/login?cas=${service}`))).toEqual({ type: 'sign-on', kind: 'cas', target: 'http://erp.example.com/a?b=1' });
    expect(decide(at(`/login?cas=${service}&renew=true`))).toMatchObject({ type: 'sign-on', kind: 'cas-renew' });
    expect(decide(at(`/login?cas=${service}`, { token: undefined }))).toEqual({ type: 'allow' });
    // gateway: signed out, back to the service without a ticket; signed in, a ticket as usual.
    expect(decide(at(`/login?cas=${service}&gateway=true`, { token: undefined }))).toEqual({
      type: 'sign-on',
      kind: 'cas-gateway',
      target: 'http://erp.example.com/a?b=1',
    });
    expect(decide(at(`/login?cas=${service}&gateway=true`))).toMatchObject({ type: 'sign-on', kind: 'cas' });
    expect(decide(at('/login?redirect=http%3A%2F%2Fmes%2Fsso&appCode=mes'))).toEqual({
      type: 'sign-on',
      kind: 'app',
      target: 'http://mes/sso',
      appCode: 'mes',
    });
    expect(decide(at(`/login?casLogout=${service}`, { token: undefined }))).toMatchObject({ type: 'sign-on', kind: 'cas-logout' });
    expect(decide(at(`/login?cas=${service}`, { isInitPassword: '否' }))).toMatchObject({ type: 'redirect', to: '/password-lock' });
  });

  it('answers a SAML request or the portal Open of a saml application once signed in, and signs out for SAML signed in or not', () => {
    expect(decide(at('/login?saml=SR-abc'))).toEqual({ type: 'sign-on', kind: 'saml', target: 'SR-abc' });
    expect(decide(at('/login?saml=SR-abc', { token: undefined }))).toEqual({ type: 'allow' });
    expect(decide(at('/login?samlApp=crm'))).toEqual({ type: 'sign-on', kind: 'saml-app', target: 'crm' });
    expect(decide(at('/login?samlLogout=SR-out', { token: undefined }))).toEqual({
      type: 'sign-on',
      kind: 'saml-logout',
      target: 'SR-out',
    });
    expect(decide(at('/login?samlLogout=SR-out'))).toMatchObject({ type: 'sign-on', kind: 'saml-logout' });
    expect(decide(at('/login?saml=SR-abc', { isInitPassword: '否' }))).toMatchObject({ type: 'redirect', to: '/password-lock' });
  });

  it('forces /password-lock while is_init_password is 否, except at /login and /password-lock', () => {
    const pending = { isInitPassword: '否' };
    expect(decide(at('/wel/index', pending))).toEqual({ type: 'redirect', to: '/password-lock' });
    expect(decide(at('/system/param/index', pending))).toEqual({ type: 'redirect', to: '/password-lock' });
    expect(decide(at('/password-lock', pending))).toEqual({ type: 'allow' });
    expect(decide(at('/login', pending))).toEqual({ type: 'redirect', to: '/' });
    // A hand-off waits for the change: the password page sends the user back to it afterwards.
    expect(decide(at('/login?redirect=https%3A%2F%2Fapp.example%2Fcb', pending))).toEqual({
      type: 'redirect',
      to: '/password-lock',
      from: '/login?redirect=https%3A%2F%2Fapp.example%2Fcb',
    });
    expect(decide(at('/wel/index', { ...pending, loginType: 'market' }))).toEqual({ type: 'allow' });
  });

  it('sends everything to /info/index while a required second factor is not set up, after a password change', () => {
    const enrol = { secondFactor: 'enrol' };
    expect(decide(at('/wel/index', enrol))).toEqual({ type: 'redirect', to: '/info/index' });
    expect(decide(at('/system/param/index', enrol))).toEqual({ type: 'redirect', to: '/info/index' });
    expect(decide(at('/info/index', enrol))).toEqual({ type: 'allow' });
    expect(decide(at('/login', enrol))).toEqual({ type: 'redirect', to: '/info/index' });
    expect(decide(at('/login?redirect=https%3A%2F%2Fapp.example%2Fcb', enrol))).toEqual({ type: 'redirect', to: '/info/index' });
    // The first password change comes first; the enrolment follows it.
    expect(decide(at('/info/index', { ...enrol, isInitPassword: '否' }))).toEqual({ type: 'redirect', to: '/password-lock' });
    expect(decide(at('/password-lock', { ...enrol, isInitPassword: '否' }))).toEqual({ type: 'allow' });
    // Locked stays locked.
    expect(decide(at('/info/index', { ...enrol, locked: true }))).toEqual({ type: 'redirect', to: '/lock' });
  });

  it('sends unknown paths to /404, waiting for the menus before deciding', () => {
    expect(decide(at('/no/such/page'))).toEqual({ type: 'redirect', to: '/404' });
    expect(decide(at('/system'))).toEqual({ type: 'redirect', to: '/404' });
    expect(decide(at('/no/such/page', { menusPending: true }))).toEqual({ type: 'wait' });
  });

  it('allows fixed routes and menu screens (by /index link or raw path), and / redirects to /wel', () => {
    expect(decide(at('/wel/index'))).toEqual({ type: 'allow' });
    expect(decide(at('/myiframe/urlPath?src=https%3A%2F%2Fx'))).toEqual({ type: 'allow' });
    expect(decide(at('/system/param/index'))).toEqual({ type: 'allow' });
    expect(decide(at('/system/param'))).toEqual({ type: 'allow' });
    expect(routeInfoOf('/', menus).fixed?.redirect).toBe('/wel');
    expect(routeInfoOf('/wel', menus).fixed?.redirect).toBe('/wel/index');
  });

  it('titles pages from the route meta or the menu name', () => {
    expect(routeInfoOf('/login', menus).meta?.title).toBe('login');
    expect(routeInfoOf('/system/param/index', menus).meta).toMatchObject({ title: '参数管理', literalTitle: true, isTab: true });
  });
});
