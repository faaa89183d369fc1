import type { PortalAppRow } from '@sso/shared-api';
import { Empty } from 'antd';
import { AppTile } from './app-tile.js';

interface Props {
  apps: PortalAppRow[];
  favoriteIds: Set<string>;
  onFavorite: (app: PortalAppRow, favorite: boolean) => void;
  empty: string;
  layout?: 'grid' | 'list';
  testId?: string;
}

/** Applications as tiles (a grid, two a row on phones) or as a list. */
export function AppGrid({ apps, favoriteIds, onFavorite, empty, layout = 'grid', testId }: Props) {
  if (!apps.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <div className={layout === 'grid' ? 'sso-app-grid' : 'sso-app-list'} data-testid={testId}>
      {apps.map((app) => (
        <AppTile key={app.id} app={app} favorite={favoriteIds.has(app.id)} onFavorite={onFavorite} layout={layout} />
      ))}
    </div>
  );
}
