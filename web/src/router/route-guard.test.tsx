import type { MenuNode, Session } from '@sso/shared-api';
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearLock, lock } from '../session/lock.js';
import { tokenStore } from '../session/token-store.js';
import { userStore } from '../session/user-store.js';
import { RouteGuard } from './route-guard.js';

/** Each page says where it is, so the test reads where the guard let the user go. */
function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/', element: <RouteGuard />, children: [{ path: '*', element: <Where /> }] }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

/** An admin screen among the menus: its holder lands on the dashboard, not the portal. */
const adminMenus = [
  { id: '1', parentId: '0', code: 'param', name: '参数管理', path: '/system/param', children: [] },
] as unknown as MenuNode[];

function signIn(isInitPassword = '是', menus: MenuNode[] = adminMenus) {
  const token = { access_token: 'a.b.c', refresh_token: 'r', tenant_id: '000000', is_init_password: isInitPassword, expires_in: 3600 };
  tokenStore.save({ token, expiresAt: Date.now() + 3_600_000 } as unknown as Session);
  userStore.set({ menus, permissions: {}, roles: [], loaded: true });
}

describe('RouteGuard in a router', () => {
  beforeEach(() => {
    clearLock();
    tokenStore.save(undefined);
    userStore.set({ permissions: {}, roles: [], loaded: false });
  });

  it('sends a signed-out visitor to /login and titles the page as login', async () => {
    renderAt('/wel/index');
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
    expect(document.title).toBe('登录 - 钢铁集团单点登录平台');
  });

  it('takes a signed-in user from / to /wel/index and from /login onwards', async () => {
    signIn();
    const router = renderAt('/');
    expect((await screen.findByTestId('where')).textContent).toBe('/wel/index');
    expect(document.title).toBe('首页 - 钢铁集团单点登录平台');
    await act(() => router.navigate('/login'));
    expect(screen.getByTestId('where').textContent).toBe('/wel/index');
  });

  it('lands staff who hold no admin menu on the portal, and still honours where they were going', async () => {
    signIn('是', []);
    const router = renderAt('/');
    expect((await screen.findByTestId('where')).textContent).toBe('/home/index');
    await act(() => router.navigate('/login', { state: { from: '/info/index' } }));
    expect(screen.getByTestId('where').textContent).toBe('/info/index');
  });

  it('sends a locked session to /lock and a pending password change to /password-lock', async () => {
    signIn('否');
    const router = renderAt('/wel/index');
    expect((await screen.findByTestId('where')).textContent).toBe('/password-lock');
    act(() => lock());
    await act(() => router.navigate('/wel/index'));
    expect(screen.getByTestId('where').textContent).toBe('/lock');
  });

  it('shows /404 for an unknown path once the menus are known', async () => {
    signIn();
    renderAt('/no/such/page');
    expect((await screen.findByTestId('where')).textContent).toBe('/404');
  });

  it('goes to /login when the session ends (a 401 clears the tokens)', async () => {
    signIn();
    renderAt('/wel/index');
    expect((await screen.findByTestId('where')).textContent).toBe('/wel/index');
    act(() => tokenStore.save(undefined));
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
  });
});
