import type { ResourceDef, SsoClient } from '@sso/shared-api';
import type { TableProps } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type CrudApi, crudApi, type Row } from './crud-api.js';

export interface LazyListOptions {
  /** The extra that answers one parent's children as rows with `hasChildren` (BladeX `lazy-list`). */
  extra?: string;
  /** Its query parameter naming the parent. */
  parentParam?: string;
  /** The parent of the top rows. */
  root?: string;
}

/** Paging parameters the generic page sends; a lazy list answers whole levels. */
const PAGING = new Set(['current', 'size', 'ascs', 'descs']);

/**
 * A tree table's API (BladeX Saber's lazy tables): the top level first, each row's children when
 * it opens. A search (any filter set) answers every match at any depth, as the lazy-list extras do
 * when no parent is named.
 */
export function lazyListApi(client: SsoClient, def: ResourceDef, options: LazyListOptions = {}): CrudApi {
  const { extra = 'lazyList', parentParam = 'parentId', root = '0' } = options;
  const route = def.extras[extra];
  if (!route) throw new Error(`${def.name} has no ${extra} extra`);
  const path = `${def.basePath}/${route.path}`;
  const fetchRows = (query: Record<string, string | number | undefined>) => client.call<Row[]>('GET', path, query);
  return {
    ...crudApi(client, def),
    async list(query) {
      const filters = Object.fromEntries(
        Object.entries(query).filter(([name, value]) => !PAGING.has(name) && value !== undefined && value !== ''),
      );
      const searching = Object.keys(filters).length > 0;
      const rows = await fetchRows(searching ? filters : { [parentParam]: root });
      return { rows, total: rows.length, tree: true };
    },
    children: (key) => fetchRows({ [parentParam]: key }),
  };
}

/**
 * Rows of a tree table whose children load when a row opens. A row with `hasChildren` gets an
 * empty `children` until then (so the table shows its expander); a reload of the top rows reloads
 * the children of every open row, so what changed below them shows.
 */
export function useLazyRows(rows: Row[], keyName: string, load: ((key: string) => Promise<Row[]>) | undefined) {
  const [loaded, setLoaded] = useState<Record<string, Row[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const open = useRef(expanded);
  open.current = expanded;

  // biome-ignore lint/correctness/useExhaustiveDependencies: new top rows (a reload) are what starts it
  useEffect(() => {
    if (!load) return;
    let live = true;
    const reloadOpen = async () => {
      // A failed level is toasted by the response handler and left closed.
      const levels: Record<string, Row[]> = {};
      await Promise.all(
        open.current.map(async (key) => {
          const children = await load(key).catch(() => undefined);
          if (children) levels[key] = children;
        }),
      );
      if (live) setLoaded(levels);
    };
    void reloadOpen();
    return () => {
      live = false;
    };
  }, [rows, load]);

  const onExpand = useCallback(
    (opening: boolean, row: Row) => {
      const key = String(row[keyName]);
      setExpanded((keys) => (opening ? [...keys.filter((k) => k !== key), key] : keys.filter((k) => k !== key)));
      if (opening && load) {
        load(key).then(
          (children) => setLoaded((all) => ({ ...all, [key]: children })),
          () => undefined, // toasted by the response handler
        );
      }
    },
    [keyName, load],
  );

  const dataSource = useMemo(() => {
    if (!load) return rows;
    const attach = (list: Row[]): Row[] =>
      list.map((row) => {
        const children = loaded[String(row[keyName])];
        return { ...row, children: children?.length ? attach(children) : row.hasChildren ? [] : undefined };
      });
    return attach(rows);
  }, [rows, loaded, keyName, load]);

  const expandable: TableProps<Row>['expandable'] | undefined = load ? { expandedRowKeys: expanded, onExpand } : undefined;
  return { dataSource, expandable };
}
