import type { PortalAppRow } from '@sso/shared-api';
import { useCallback, useEffect, useState } from 'react';
import { portalApi } from './portal-api.js';

/** The caller's favourite applications, kept in step with the stars they toggle. */
export function useFavorites() {
  const [favorites, setFavorites] = useState<PortalAppRow[]>([]);
  useEffect(() => {
    void portalApi.favorites().then((page) => setFavorites(page.records));
  }, []);
  const ids = new Set(favorites.map((app) => app.id));
  const onFavorite = useCallback((app: PortalAppRow, favorite: boolean) => {
    setFavorites((list) => (favorite ? [...list.filter((a) => a.id !== app.id), app] : list.filter((a) => a.id !== app.id)));
  }, []);
  return { favorites, ids, onFavorite };
}
