import { DEFAULT_PAGE_SIZE } from '@sso/shared-api/auth';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CrudApi, Row } from './crud-api.js';
import type { SearchQuery } from './search-form.js';

export interface CrudState {
  rows: Row[];
  total: number;
  tree: boolean;
  loading: boolean;
  current: number;
  size: number;
}

/**
 * List state of the generic page: the loading flag is on until the data
 * arrives; a new search starts again at page 1; only the newest answer is shown.
 */
export function useCrud(api: CrudApi, filters?: Record<string, string | number | undefined>) {
  const [query, setQuery] = useState<SearchQuery>({});
  const [paging, setPaging] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [data, setData] = useState<{ rows: Row[]; total: number; tree: boolean }>({ rows: [], total: 0, tree: false });
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  // Compared by value (callers pass a fresh object per render); a change starts again at page 1.
  const filterKey = JSON.stringify(filters ?? {});
  const [applied, setApplied] = useState(filterKey);
  if (applied !== filterKey) {
    setApplied(filterKey);
    setPaging((p) => ({ ...p, current: 1 }));
  }

  const load = useCallback(async () => {
    const request = ++latest.current;
    setLoading(true);
    try {
      const answer = await api.list({ ...query, ...JSON.parse(applied), current: paging.current, size: paging.size });
      if (request === latest.current) setData(answer);
    } catch {
      // toasted by the response handler; keep the rows shown
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [api, query, paging, applied]);

  useEffect(() => {
    void load();
  }, [load]);

  const search = useCallback((next: SearchQuery) => {
    setQuery(next);
    setPaging((p) => ({ ...p, current: 1 }));
  }, []);

  const changePage = useCallback((current: number, size: number) => {
    setPaging((p) => ({ current: size !== p.size ? 1 : current, size }));
  }, []);

  const state: CrudState = { ...data, loading, current: paging.current, size: paging.size };
  return { state, search, changePage, reload: load };
}
