import { iframeLink, type MenuItem } from './menu-index.js';
import { settingsStore, updateSettings } from './settings.js';

/**
 * A click on a menu item (sidebar, menu search): external links open in a new window when isOpen
 * is 2, else in the iframe page; screens open by their link. Then the menu makes room for the
 * page: below 768 px the sidebar drawer closes, below 992 px the sidebar folds to icons (the
 * phone's drawer leaves the desktop's fold alone).
 */
export function openMenu(item: MenuItem, navigate: (to: string) => void): void {
  if (item.external && item.newWindow) window.open(item.rawPath, '_blank', 'noopener');
  else if (item.external) navigate(iframeLink(item));
  else {
    const query = item.query ? `?${new URLSearchParams(item.query).toString()}` : '';
    navigate(`${item.link}${query}`);
  }
  const { screen } = settingsStore.get();
  if (screen === 0) updateSettings({ drawerOpen: false });
  else if (screen === 1) updateSettings({ collapse: true });
}
