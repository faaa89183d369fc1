import { LikeFilled, LikeOutlined } from '@ant-design/icons';
import type { MarketEntryDetail } from '@sso/shared-api';
import { Button, Card, Descriptions, Empty, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { feedback } from '../api/feedback.js';
import { openApp } from '../portal/open-app.js';
import { EntryCounts, EntryIcon } from './entry-card.js';
import { EntryComments } from './entry-comments.js';
import { marketApi } from './market-api.js';

const PARAMS = [
  'deptName',
  'ownerName',
  'contactPhone',
  'vendor',
  'version',
  'deployMode',
  'techStack',
  'databaseType',
  'serverInfo',
  'onlineDate',
  'userScale',
] as const;

/**
 * One system on the market: its parameters, likes (the button toggles the caller's like), comments,
 * and, when it is a catalogue application the caller may open, an Open button through its sign-on.
 * Each visit is recorded as a view.
 */
export default function MarketDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? '';
  const [entry, setEntry] = useState<MarketEntryDetail | null>();

  useEffect(() => {
    setEntry(undefined);
    // An entry off the market answers an error (shown by the client): show that it is missing.
    marketApi
      .viewed(id)
      .then(() => marketApi.detail(id))
      .then(setEntry, () => setEntry(null));
  }, [id]);

  if (entry === undefined) return <Skeleton active />;
  if (entry === null) return <Empty description={t('market.missing')} />;

  const toggleLike = async () => {
    const answer = await marketApi.like(entry.id);
    feedback.message.success(t(answer.liked ? 'market.liked' : 'market.unliked'));
    setEntry({ ...entry, liked: answer.liked, likeCount: answer.likeCount });
  };
  const value = (key: (typeof PARAMS)[number]) => {
    const v = entry[key];
    return v === null || v === '' ? t('market.none') : String(v);
  };

  return (
    <div data-screen="market-detail">
      <Card
        size="small"
        className="sso-portal-section sso-name-card"
        title={
          <span className="sso-card-name">
            <EntryIcon entry={entry} size={32} />
            <span className="sso-data" data-testid="detail-name">
              {entry.appName}
            </span>
          </span>
        }
      >
        <EntryCounts entry={entry} />
        <Space style={{ margin: '12px 0' }} wrap>
          <Button
            type={entry.liked ? 'primary' : 'default'}
            icon={entry.liked ? <LikeFilled /> : <LikeOutlined />}
            onClick={() => void toggleLike()}
            data-testid="detail-like"
            aria-pressed={entry.liked}
          >
            {entry.liked ? t('market.unlike') : t('market.like')} ({entry.likeCount})
          </Button>
          {entry.openable && (
            <Button type="primary" onClick={() => void openApp(entry.appId)} data-testid="detail-open">
              {t('market.open')}
            </Button>
          )}
          <Button onClick={() => navigate(-1)}>{t('market.back')}</Button>
        </Space>
        <Descriptions title={t('market.params')} column={{ xs: 1, sm: 1, md: 2 }} size="small" bordered>
          {PARAMS.map((key) => (
            <Descriptions.Item key={key} label={t(`market.fields.${key}`)}>
              <span className="sso-data">{value(key)}</span>
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t('market.fields.description')} span={{ xs: 1, sm: 1, md: 2 }}>
            <span className="sso-data sso-market-comment">{entry.description || t('market.none')}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <EntryComments
        entryId={entry.id}
        onPosted={() => setEntry((current) => current && { ...current, commentCount: current.commentCount + 1 })}
      />
    </div>
  );
}
