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
}

/**
 * Rows of a resource for the query: a page (`list` answers a page) or the whole tree. The rows
 * shown stay until the next answer arrives, so a refresh redraws them in place, and an answer
 * older than the latest request is dropped. `tick` reloads.
 */
export function useList(
  def: ResourceDef,
  scope: Record<string, QueryValue>,
  state: ListQueryState,
  tick: number,
): Loaded & { loading: boolean } {
  const { client, run } = useConsole();
  const [loaded, setLoaded] = useState<Loaded>({ rows: [], total: 0, pages: 1, loaded: false });
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([, value]) => value !== ''));
  const key = JSON.stringify([def.basePath, scope, state, filters, tick]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` holds every input of the request
  useEffect(() => {
    const request = ++latest.current;
    setLoading(true);
    const query: Record<string, QueryValue> = { ...filters, ...scope };
    const url = `${def.basePath}/list`;
    void run(async () => {
      if (def.shape === 'tree') {
        const nodes = await client.call<Row[]>('GET', url, query);
        return { rows: nodes, total: nodes.length, pages: 1, loaded: true };
      }
      const sortKey = state.sort.desc ? 'descs' : 'ascs';
      const page = await client.call<{ records: Row[]; total: number; pages: number }>('GET', url, {
        ...query,
        current: state.current,
        size: state.size,
        [sortKey]: state.sort.column,
      });
      return { rows: page.records, total: page.total, pages: Math.max(1, page.pages), loaded: true };
    }).then((answer) => {
      if (request !== latest.current) return;
      setLoading(false);
      if (answer) setLoaded(answer);
    });
  }, [key]);
  return { ...loaded, loading };
}
