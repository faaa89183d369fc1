import type { MarketEntryRow, Page } from '@sso/shared-api';
import { Card, Pagination, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EntryCards } from './entry-card.js';
import { marketApi } from './market-api.js';

const SIZE = 10;

/** The application ledger: every system on the market, matching `searchValue` (name, pinyin initials or full pinyin). */
export default function MarketList() {
  const { t } = useTranslation();
  const searchValue = useSearchParams()[0].get('searchValue') ?? '';
  // The page number belongs to one search: a new search starts at page 1.
  const [paging, setPaging] = useState({ searchValue, current: 1 });
  const current = paging.searchValue === searchValue ? paging.current : 1;
  const setCurrent = (to: number) => setPaging({ searchValue, current: to });
  const [page, setPage] = useState<Page<MarketEntryRow>>();

  useEffect(() => {
    let live = true;
    marketApi.entries({ searchValue: searchValue || undefined, current, size: SIZE }).then(
      (answer) => live && setPage(answer),
      () => live && setPage({ records: [], total: 0, size: SIZE, current: 1, pages: 0 }),
    );
    return () => {
      live = false;
    };
  }, [searchValue, current]);

  return (
    <Card data-screen="market-list" size="small" title={t('market.ledger')} extra={page && t('market.results', { total: page.total })}>
      {page ? <EntryCards entries={page.records} /> : <Skeleton active />}
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
