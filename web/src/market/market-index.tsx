import type { MarketEntryRow, MarketNetworkRow } from '@sso/shared-api';
import { Card, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EntryCards } from './entry-card.js';
import { marketApi } from './market-api.js';
import { NetworkList } from './network-list.js';

/** The market's first page: the systems on the market (recommended first) and the latest network-security records. */
export default function MarketIndex() {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<MarketEntryRow[]>();
  const [networks, setNetworks] = useState<MarketNetworkRow[]>();

  useEffect(() => {
    // A failed call has shown its message (the client does): the section shows it has nothing.
    marketApi.entries({ current: 1, size: 10 }).then(
      (page) => setEntries(page.records),
      () => setEntries([]),
    );
    marketApi.networks({ current: 1, size: 10 }).then(
      (page) => setNetworks(page.records),
      () => setNetworks([]),
    );
  }, []);

  return (
    <div data-screen="market-index">
      <Card
        size="small"
        className="sso-portal-section"
        title={t('market.recommended')}
        extra={<Link to="/market/list">{t('market.more')}</Link>}
      >
        {entries ? <EntryCards entries={entries} /> : <Skeleton active />}
      </Card>
      <Card
        size="small"
        className="sso-portal-section"
        title={t('market.network')}
        extra={<Link to="/market/network">{t('market.more')}</Link>}
      >
        {networks ? <NetworkList rows={networks} /> : <Skeleton active />}
      </Card>
    </div>
  );
}
