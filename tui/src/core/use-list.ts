import type { QueryValue, ResourceDef } from '@sso/shared-api';
import { useEffect, useRef, useState } from 'react';
import { useConsole } from './console.js';

/** The page sizes the API accepts (and the web offers). */
export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;

export type Row = Record<string, unknown> & { children?: Row[] };

export interface ListQueryState {
  current: number;
  size: number;
  sort: { column: string; desc: boolean };
  filters: Record<string, string>;
}

interface Loaded {
  rows: Row[];
  total: number;
  pages: number;
  loaded: boolean;
  /** The filters the rows answer (see filterKey). */
  filters: string;
}

/** The filters a request sends (blank ones are not), as one comparable text. */
export const filterKey = (filters: Record<string, string>): string =>
  JSON.stringify(Object.entries(filters).filter(([, value]) => value !== ''));

/**
 * Rows of a resource for the query: a page (`list` answers a page) or the whole tree. The rows
 * shown stay until the next answer arrives, so a refresh redraws them in place, and an answer
 * older than the latest request is dropped. `tick` reloads. `settled` counts the requests that
 * have finished (answered or failed): something that waits for the next answer watches it, since
 * `loading` may never be seen true when an answer comes at once.
 */
export function useList(
  def: ResourceDef,
  scope: Record<string, QueryValue>,
  state: ListQueryState,
  tick: number,
  /** The route under the resource that answers the rows: `list`, or an extra's (`todo-list`). */
  listPath = 'list',
): Loaded & { loading: boolean; settled: number } {
  const { client, run } = useConsole();
  const [loaded, setLoaded] = useState<Loaded>({ rows: [], total: 0, pages: 1, loaded: false, filters: filterKey({}) });
  const [loading, setLoading] = useState(false);
  const [settled, setSettled] = useState(0);
  const latest = useRef(0);
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([, value]) => value !== ''));
  const key = JSON.stringify([def.basePath, listPath, scope, state, filters, tick]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` holds every input of the request
  useEffect(() => {
    const request = ++latest.current;
    setLoading(true);
    const query: Record<string, QueryValue> = { ...filters, ...scope };
    const url = `${def.basePath}/${listPath}`;
    void run(async () => {
      if (def.shape === 'tree') {
        const nodes = await client.call<Row[]>('GET', url, query);
        return { rows: nodes, total: nodes.length, pages: 1, loaded: true, filters: filterKey(filters) };
      }
      const sortKey = state.sort.desc ? 'descs' : 'ascs';
      const page = await client.call<{ records: Row[]; total: number; pages: number }>('GET', url, {
        ...query,
        current: state.current,
        size: state.size,
        [sortKey]: state.sort.column,
      });
      return { rows: page.records, total: page.total, pages: Math.max(1, page.pages), loaded: true, filters: filterKey(filters) };
    }).then((answer) => {
      if (request !== latest.current) return;
      setLoading(false);
      setSettled((n) => n + 1);
      if (answer) setLoaded(answer);
    });
  }, [key]);
  return { ...loaded, loading, settled };
}
