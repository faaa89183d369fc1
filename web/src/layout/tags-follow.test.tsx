import type { Session } from '@sso/shared-api';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { act } from 'react';
import { RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '../router/router.js';
import { clearLock } from '../session/lock.js';
import { tagsStore } from '../session/tags-store.js';
import { tokenStore } from '../session/token-store.js';
import { userStore } from '../session/user-store.js';
import { fakeFetch } from '../test/fake-fetch.testkit.js';

const menus = [
  {
    id: '1',
    parentId: '0',
    code: 'system',
    name: '系统管理',
    path: '/system',
    source: '',
    sort: 1,
    category: 1,
    children: [
      { id: '2', parentId: '1', code: 'param', name: '参数管理', path: '/system/param', source: '', sort: 1, category: 1 },
      { id: '3', parentId: '1', code: 'dict', name: '系统字典', path: '/system/dict', source: '', sort: 2, category: 1 },
    ],
  },
];

function signIn() {
  const token = { access_token: 'a.b.c', refresh_token: 'r', tenant_id: '000000', is_init_password: '是', expires_in: 3600 };
  tokenStore.save({ token, expiresAt: Date.now() + 3_600_000 } as unknown as Session);
  userStore.set({ menus: menus as never, permissions: {}, roles: ['administrator'], loaded: true });
}

const tabValues = () => tagsStore.get().map((tag) => tag.value);

describe('tabs follow the navigation, not the render', () => {
  beforeEach(() => {
    fakeFetch({});
    clearLock();
    signIn();
    tagsStore.set(tagsStore.get().slice(0, 1));
    window.history.replaceState(null, '', '/wel/index');
  });
  afterEach(() => {
    tokenStore.save(undefined);
    vi.unstubAllGlobals();
  });

  const start = async () => {
    const router = createAppRouter();
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(document.querySelector('.sso-tags')).not.toBeNull());
    return router;
  };
  const drawnTabs = () => [...document.querySelectorAll('.sso-tags .ant-tabs-tab')].map((tab) => tab.textContent);

  it('keeps a tab for each of two quick opens, though only the second page is drawn', async () => {
    const router = await start();
    // Two sidebar clicks before React draws the first: both transitions end in one render.
    await act(async () => {
      void router.navigate('/system/param/index');
      void router.navigate('/system/dict/index');
    });
    await waitFor(() => expect(drawnTabs()).toEqual(['首页', '参数管理', '系统字典']));
    expect(tabValues()).toEqual(['/wel/index', '/system/param/index', '/system/dict/index']);
  });

  it("closing a tab while a navigation is under way keeps the new page's tab", async () => {
    const router = await start();
    await act(() => router.navigate('/system/param/index'));
    await act(() => router.navigate('/system/dict/index'));
    await waitFor(() => expect(drawnTabs()).toEqual(['首页', '参数管理', '系统字典']));
    const paramTab = [...document.querySelectorAll('.sso-tags .ant-tabs-tab')].find((tab) => tab.textContent === '参数管理');
    const remove = paramTab?.querySelector('.ant-tabs-tab-remove');
    expect(remove).toBeTruthy();
    // A navigation and a click on a tab's x in the same tick.
    await act(async () => {
      void router.navigate('/info/index');
      fireEvent.click(remove as Element);
    });
    await waitFor(() => expect(drawnTabs()).toEqual(['首页', '系统字典', '个人信息']));
    expect(router.state.location.pathname).toBe('/info/index');
  });
});
