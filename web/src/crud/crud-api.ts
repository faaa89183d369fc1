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
export const keyOf = (def: ResourceDef) => def.naturalKey?.field ?? 'id';

/**
 * The list route: `list`, or `page` when an extra replaced `list` (e.g. a tree list). An answer
 * that is an array is a tree: shown whole, without paging.
 */
export function listPathOf(def: ResourceDef): string {
  const replaced = new Set(Object.values(def.extras).map((extra) => extra.path));
  return replaced.has('list') && !replaced.has('page') ? 'page' : 'list';
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
      const data = await client.call<Page<Row> | Row[]>('GET', path, query);
      if (Array.isArray(data)) return { rows: data, total: data.length, tree: true };
      return { rows: data.records ?? [], total: data.total ?? 0, tree: false };
    },
    detail: (key) => generic.detail(key),
    submit: (row) => generic.submit(row),
    remove: (keys) => generic.remove(keys),
  };
}
