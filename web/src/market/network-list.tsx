import type { MarketNetworkRow } from '@sso/shared-api';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Network-security records as cards: system, zone, exposure, level and last assessment. */
export function NetworkList({ rows }: { rows: MarketNetworkRow[] }) {
  const { t } = useTranslation();
  if (!rows.length) return <div className="sso-market-empty">{t('market.noNetwork')}</div>;
  return (
    <div className="sso-market-cards">
      {rows.map((row) => (
        <div key={row.id} className="sso-market-card" data-testid="market-network">
          <Link to={`/market/networkdetail?id=${row.id}`} className="sso-market-card-title">
            <span className="sso-data">{row.systemName}</span>
          </Link>
          <div className="sso-market-clip">
            {row.exposure === 1 && <Tag color="red">{t('market.net.exposure')}</Tag>}
            {row.protectionLevel !== null && <Tag color="blue">{t('market.net.level', { level: row.protectionLevel })}</Tag>}
            <span className="sso-data">{row.networkZone}</span>
          </div>
          <div className="sso-market-counts">
            {t('market.net.lastAssessment')}: {row.lastAssessment || t('market.none')}
          </div>
        </div>
      ))}
    </div>
  );
}
