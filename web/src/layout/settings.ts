import { website } from '../config.js';
import { createStore } from '../lib/store.js';
import { getStore, setStore } from '../session/storage.js';

/**
 * Look and layout of the shell: theme, colour and sidebar collapse are remembered; the screen
 * class and full-screen flag follow the window.
 */
export interface Settings {
  theme: string;
  color: string;
  collapse: boolean;
  /** Screen width class: >=1200 → 3, >=992 → 2, >=768 → 1, else 0. */
  screen: 0 | 1 | 2 | 3;
  fullScreen: boolean;
  /** The menu search panel is open. */
  menuSearch: boolean;
  /**
   * The sidebar drawer of the smallest screens (class 0) is open. Not remembered: a phone starts
   * with the page, not the menu, and the desktop's collapse choice stays its own.
   */
  drawerOpen: boolean;
}

export function screenClass(width: number): Settings['screen'] {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

export const settingsStore = createStore<Settings>({
  theme: getStore<string>('themeName') ?? website.defaultTheme,
  color: getStore<string>('colorName') ?? website.defaultColor,
  collapse: getStore<boolean>('isCollapse') ?? false,
  screen: typeof window === 'undefined' ? 3 : screenClass(window.innerWidth),
  fullScreen: false,
  menuSearch: false,
  drawerOpen: false,
});

settingsStore.subscribe(() => {
  const { theme, color, collapse } = settingsStore.get();
  setStore('themeName', theme);
  setStore('colorName', color);
  setStore('isCollapse', collapse);
});

export const updateSettings = (patch: Partial<Settings>) => settingsStore.set((s) => ({ ...s, ...patch }));
export const toggleCollapse = () => settingsStore.set((s) => ({ ...s, collapse: !s.collapse }));
/** The top bar's menu button: opens the drawer on the smallest screens, folds the sidebar on the others. */
export const toggleSidebar = () =>
  settingsStore.set((s) => (s.screen === 0 ? { ...s, drawerOpen: !s.drawerOpen } : { ...s, collapse: !s.collapse }));
export const closeDrawer = () => updateSettings({ drawerOpen: false });
