import { type Page, type ResourceDef, resourceClient, type SsoClient } from '@sso/shared-api';

export type Row = Record<string, unknown>;

/** What the generic page needs from a resource; tests pass one on a fake transport. */
export interface CrudApi {
  list(query: Record<string, string | number | undefined>): Promise<{ rows: Row[]; total: number; tree: boolean }>;
  detail(key: string): Promise<Row>;
  submit(row: Row): Promise<unknown>;
  remove(keys: readonly string[]): Promise<unknown>;
  /** A tree list's rows below one row (lazy tree tables); absent when the list answers whole. */
  children?(key: string): Promise<Row[]>;
}

/** The row key: `id`, or the natural key a resource declares (region's `code`). */
export const keyOf = (def: ResourceDef) => def.keyField;

/**
 * The list route: `list`, or the generic `page` when the resource's `list` answers a whole tree
 * (the generic table pages; tree tables load levels through their own API, see lazy-tree.ts).
 */
export function listPathOf(def: ResourceDef): string {
  return def.shape === 'tree' ? 'page' : 'list';
}

export function crudApi(client: SsoClient, def: ResourceDef): CrudApi {
  const generic = resourceClient(client, def) as unknown as {
    detail(id: string): Promise<Row>;
    submit(row: Row): Promise<unknown>;
    remove(ids: readonly string[]): Promise<unknown>;
  };
  const path = `${def.basePath}/${listPathOf(def)}`;
  return {
    async list(query) {
      const data = await client.call<Page<Row>>('GET', path, query);
      return { rows: data.records ?? [], total: data.total ?? 0, tree: false };
    },
    detail: (key) => generic.detail(key),
    submit: (row) => generic.submit(row),
    remove: (keys) => generic.remove(keys),
  };
}
