import type { MarketNetworkRow } from '@sso/shared-api';
import { Button, Card, Descriptions, Empty, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { marketApi } from './market-api.js';

/** One network-security record: zone, exposure, protection level, last assessment and findings. */
export default function MarketNetworkDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? '';
  const [row, setRow] = useState<(MarketNetworkRow & { appName: string }) | null>();

  useEffect(() => {
    setRow(undefined);
    marketApi.network(id).then(setRow, () => setRow(null));
  }, [id]);

  if (row === undefined) return <Skeleton active />;
  if (row === null) return <Empty description={t('market.net.missing')} />;
  const none = t('market.none');
  return (
    <Card
      data-screen="market-networkdetail"
      size="small"
      title={<span className="sso-data">{row.systemName}</span>}
      extra={<Button onClick={() => navigate(-1)}>{t('market.back')}</Button>}
    >
      <Descriptions title={t('market.net.detail')} column={1} size="small" bordered>
        <Descriptions.Item label={t('market.net.networkZone')}>
          <span className="sso-data">{row.networkZone || none}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('market.net.exposure')}>
          {row.exposure === 1 ? t('market.net.exposed') : t('market.net.internal')}
        </Descriptions.Item>
        <Descriptions.Item label={t('market.net.protectionLevel')}>
          {row.protectionLevel === null ? none : t('market.net.level', { level: row.protectionLevel })}
        </Descriptions.Item>
        <Descriptions.Item label={t('market.net.lastAssessment')}>{row.lastAssessment || none}</Descriptions.Item>
        <Descriptions.Item label={t('market.net.findings')}>
          <span className="sso-data sso-market-comment" data-testid="network-findings">
            {row.findings || none}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('market.net.entry')}>
          {row.appParameterId && row.appName ? (
            <Link to={`/market/detail?id=${row.appParameterId}`} className="sso-data">
              {row.appName}
            </Link>
          ) : (
            none
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
