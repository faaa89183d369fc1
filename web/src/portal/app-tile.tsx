import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { PortalAppRow } from '@sso/shared-api';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { feedback } from '../api/feedback.js';
import { website } from '../config.js';
import { openApp } from './open-app.js';
import { portalApi } from './portal-api.js';

/** The application's icon, or its first letter on its colour when it has none. */
export function AppIcon({ app, size = 48 }: { app: PortalAppRow; size?: number }) {
  const color = app.color || website.defaultColor;
  const box = { width: size, height: size, borderRadius: 10, flex: 'none' as const };
  if (app.icon) return <img src={app.icon} alt="" style={{ ...box, objectFit: 'cover', background: color }} />;
  return (
    <span style={{ ...box, background: color, color: '#fff', display: 'grid', placeItems: 'center', fontSize: size * 0.45 }}>
      <span className="sso-data">{app.appName.slice(0, 1)}</span>
    </span>
  );
}

/** A star that toggles the application among the caller's favourites. */
export function FavoriteStar({ app, favorite, onChange }: { app: PortalAppRow; favorite: boolean; onChange: (favorite: boolean) => void }) {
  const { t } = useTranslation();
  const toggle = async () => {
    const answer = await portalApi.toggleFavorite(app.id);
    feedback.message.success(t(answer.favorite ? 'portal.favorited' : 'portal.unfavorited'));
    onChange(answer.favorite);
  };
  return (
    <Tooltip title={t(favorite ? 'portal.unfavorite' : 'portal.favorite')}>
      <Button
        type="text"
        size="small"
        aria-label={t(favorite ? 'portal.unfavorite' : 'portal.favorite')}
        aria-pressed={favorite}
        data-testid="app-star"
        icon={favorite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={() => void toggle()}
      />
    </Tooltip>
  );
}

interface TileProps {
  app: PortalAppRow;
  favorite: boolean;
  onFavorite: (app: PortalAppRow, favorite: boolean) => void;
  layout?: 'grid' | 'list';
}

/** One application: icon and colour, name (to its detail page), a favourite star and an Open button. */
export function AppTile({ app, favorite, onFavorite, layout = 'grid' }: TileProps) {
  const { t } = useTranslation();
  return (
    <div className={`sso-app-tile sso-app-tile-${layout}`} data-testid="app-tile" data-app-code={app.appCode}>
      <AppIcon app={app} size={layout === 'grid' ? 44 : 36} />
      <Link to={`/home/detail?id=${app.id}`} className="sso-app-tile-name sso-data" title={app.appName}>
        {app.appName}
      </Link>
      <span className="sso-app-tile-actions">
        <FavoriteStar app={app} favorite={favorite} onChange={(value) => onFavorite(app, value)} />
        <Button size="small" type="primary" ghost onClick={() => void openApp(app.id)} data-testid="app-open">
          {t('portal.open')}
        </Button>
      </span>
    </div>
  );
}
