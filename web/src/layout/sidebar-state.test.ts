import { beforeEach, describe, expect, it } from 'vitest';
import type { MenuItem } from './menu-index.js';
import { openMenu } from './open-menu.js';
import { closeDrawer, type Settings, settingsStore, toggleSidebar, updateSettings } from './settings.js';

const screenItem: MenuItem = {
  id: '1',
  code: 'user',
  name: '用户管理',
  rawPath: '/system/user',
  link: '/system/user/index',
  icon: '',
  external: false,
  newWindow: false,
};

const at = (screen: Settings['screen'], patch: Partial<Settings> = {}) =>
  updateSettings({ screen, collapse: false, drawerOpen: false, ...patch });

describe('the sidebar by width class', () => {
  let visited: string[];
  const navigate = (to: string) => visited.push(to);
  beforeEach(() => {
    visited = [];
  });

  it('below 768 px the menu button opens and closes the drawer and leaves the desktop fold alone', () => {
    at(0);
    toggleSidebar();
    expect(settingsStore.get()).toMatchObject({ drawerOpen: true, collapse: false });
    toggleSidebar();
    expect(settingsStore.get()).toMatchObject({ drawerOpen: false, collapse: false });
    toggleSidebar();
    closeDrawer();
    expect(settingsStore.get().drawerOpen).toBe(false);
  });

  it('from 768 px up the menu button folds the sidebar', () => {
    at(3);
    toggleSidebar();
    expect(settingsStore.get()).toMatchObject({ collapse: true, drawerOpen: false });
    toggleSidebar();
    expect(settingsStore.get().collapse).toBe(false);
  });

  it('opening a page closes the drawer on a phone, folds the sidebar below 992 px and keeps it open wider', () => {
    at(0, { drawerOpen: true });
    openMenu(screenItem, navigate);
    expect(settingsStore.get()).toMatchObject({ drawerOpen: false, collapse: false });

    at(1);
    openMenu(screenItem, navigate);
    expect(settingsStore.get().collapse).toBe(true);

    at(2);
    openMenu(screenItem, navigate);
    expect(settingsStore.get().collapse).toBe(false);
    expect(visited).toEqual(['/system/user/index', '/system/user/index', '/system/user/index']);
  });
});
