import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppGrid } from './app-grid.js';
import { useFavorites } from './use-favorites.js';

/** The caller's favourite applications; un-starring one removes it here at once. */
export default function FavoritesPage() {
  const { t } = useTranslation();
  const { favorites, ids, onFavorite } = useFavorites();
  return (
    <Card data-screen="portal-favorites" size="small" title={t('portal.favorites')}>
      <AppGrid apps={favorites} favoriteIds={ids} onFavorite={onFavorite} empty={t('portal.noFavorites')} testId="favorite-apps" />
    </Card>
  );
}
