import type { MarketNetworkRow, Page } from '@sso/shared-api';
import { Card, Input, Pagination, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { marketApi } from './market-api.js';
import { NetworkList } from './network-list.js';

const SIZE = 10;

/** Network security: the enabled records, searchable by system name or pinyin. */
export default function MarketNetwork() {
  const { t } = useTranslation();
  const [searchValue, setSearchValue] = useState('');
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<Page<MarketNetworkRow>>();

  useEffect(() => {
    let live = true;
    marketApi.networks({ searchValue: searchValue || undefined, current, size: SIZE }).then(
      (answer) => live && setPage(answer),
      () => live && setPage({ records: [], total: 0, size: SIZE, current: 1, pages: 0 }),
    );
    return () => {
      live = false;
    };
  }, [searchValue, current]);

  return (
    <Card
      data-screen="market-network"
      size="small"
      title={t('market.network')}
      extra={
        <Input.Search
          allowClear
          size="small"
          style={{ width: 160 }}
          placeholder={t('market.net.systemName')}
          aria-label={t('market.net.systemName')}
          onSearch={(value) => {
            setCurrent(1);
            setSearchValue(value.trim());
          }}
        />
      }
    >
      {page ? <NetworkList rows={page.records} /> : <Skeleton active />}
      {page && page.total > SIZE && (
        <Pagination
          style={{ marginTop: 12 }}
          size="small"
          simple
          current={current}
          pageSize={SIZE}
          total={page.total}
          onChange={setCurrent}
        />
      )}
    </Card>
  );
}
