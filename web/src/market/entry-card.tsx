import { CommentOutlined, EyeOutlined, LikeOutlined } from '@ant-design/icons';
import type { MarketEntryRow } from '@sso/shared-api';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { website } from '../config.js';

/** An entry's icon, or its first character on the theme colour when it has none. */
export function EntryIcon({ entry, size = 40 }: { entry: Pick<MarketEntryRow, 'icon' | 'appName'>; size?: number }) {
  const box = { width: size, height: size, borderRadius: 8, flex: 'none' as const };
  if (entry.icon) return <img src={entry.icon} alt="" style={{ ...box, objectFit: 'cover' }} />;
  return (
    <span style={{ ...box, background: website.defaultColor, color: '#fff', display: 'grid', placeItems: 'center', fontSize: size * 0.45 }}>
      <span className="sso-data">{entry.appName.slice(0, 1)}</span>
    </span>
  );
}

/** Likes, comments and views of an entry. */
export function EntryCounts({ entry }: { entry: Pick<MarketEntryRow, 'likeCount' | 'commentCount' | 'viewCount'> }) {
  const { t } = useTranslation();
  return (
    <div className="sso-market-counts">
      <span title={t('market.likes')}>
        <LikeOutlined /> <span data-testid="entry-likes">{entry.likeCount}</span>
      </span>
      <span title={t('market.comments')}>
        <CommentOutlined /> {entry.commentCount}
      </span>
      <span title={t('market.views')}>
        <EyeOutlined /> {entry.viewCount}
      </span>
    </div>
  );
}

/** One entry as the index and the list show it: name (to its detail), department, description and counts. */
export function EntryCard({ entry }: { entry: MarketEntryRow }) {
  const { t } = useTranslation();
  return (
    <div className="sso-market-card" data-testid="market-entry">
      <Link to={`/market/detail?id=${entry.id}`} className="sso-market-card-title">
        <EntryIcon entry={entry} />
        {/* Cut to one line on the card: the whole name shows on hover and wraps on the detail page. */}
        <span className="sso-data" title={entry.appName}>
          {entry.appName}
        </span>
      </Link>
      <div className="sso-market-clip">
        {entry.isRecommend === 1 && <Tag color="gold">{t('market.recommended')}</Tag>}
        <span className="sso-data">{entry.deptName}</span>
      </div>
      <div className="sso-market-card-text sso-data">{entry.description || t('market.none')}</div>
      <EntryCounts entry={entry} />
    </div>
  );
}

/** Entries as cards, or the empty note. */
export function EntryCards({ entries }: { entries: MarketEntryRow[] }) {
  const { t } = useTranslation();
  if (!entries.length) return <div className="sso-market-empty">{t('market.empty')}</div>;
  return (
    <div className="sso-market-cards">
      {entries.map((entry) => (
        <EntryCard key={entry.id} entry={entry} />
      ))}
    </div>
  );
}
