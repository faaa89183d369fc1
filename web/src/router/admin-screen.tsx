import { resourceForMenu } from '@sso/shared-api';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { menuNameIn } from '../i18n/menu-names.js';
import { findMenu, type MenuItem } from '../layout/menu-index.js';
import { useMenuItems } from '../layout/use-route-info.js';
import { PageLoading } from '../lib/page-loading.js';
import { matchRoute } from '../lib/route-table.js';
import { pathScreens, screenOfMenu } from '../screens/index.js';

const CrudPage = lazy(() => import('../crud/crud-page.js'));
const ScreenMissing = lazy(() => import('../pages/screen-missing.js'));

/**
 * What a menu shows: the web's own screen of its registry entry or path (screens/index.ts), else
 * the generic CRUD page of the resource whose permission is the menu's code, else "not available yet".
 */
export function MenuScreen({ item }: { item: MenuItem }) {
  const { i18n } = useTranslation();
  const Specific = screenOfMenu(item);
  // Screens title their page with the menu's name in the language shown.
  const name = menuNameIn(i18n.language, item);
  const def = resourceForMenu(item.code);
  const menu = { id: item.id, code: item.code, name, rawPath: item.rawPath };
  if (Specific) return <Specific menu={menu} def={def} />;
  if (def) return <CrudPage def={def} title={name} />;
  return <ScreenMissing title={name} />;
}

/**
 * The admin shell's splat route: a fixed admin route (its screen, or "not available yet") or a
 * menu screen. The path comes from the route match, not the location, so a page kept alive in a
 * hidden tab keeps rendering its own screen.
 */
export default function AdminScreen() {
  const path = `/${useParams()['*'] ?? ''}`;
  const items = useMenuItems();
  const fixed = matchRoute(path)?.entry;
  let content: ReactNode = null;
  if (fixed) {
    const Screen = pathScreens[fixed.path];
    content = Screen ? <Screen /> : <ScreenMissing />;
  } else {
    const item = findMenu(items, path);
    if (item) content = <MenuScreen item={item} />;
  }
  return <Suspense fallback={<PageLoading />}>{content}</Suspense>;
}
