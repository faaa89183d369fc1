import type { DictTreeNode, Page, ResourceDef, SsoClient } from '@sso/shared-api';
import { type CrudApi, crudApi, type Row } from '../../crud/crud-api.js';

/** The URL of one of the resource's extras (`parentList` → the resource's base path + `/parent-list`). */
function extraUrl(def: ResourceDef, name: string): string {
  const extra = def.extras[name];
  if (!extra) throw new Error(`${def.name} has no ${name} call`);
  return `${def.basePath}/${extra.path}`;
}

/** The key a dictionary (a top-level entry) carries, as BladeX stores it. */
export const PARENT_KEY = '-1';

/** The parent table: parent-list; a new dictionary gets the top-level key. */
export function dictParentApi(client: SsoClient, def: ResourceDef): CrudApi {
  const generic = crudApi(client, def);
  return {
    ...generic,
    async list(query) {
      const data = await client.call<Page<Row>>('GET', extraUrl(def, 'parentList'), query);
      return { rows: data.records ?? [], total: data.total ?? 0, tree: false };
    },
    submit: (row) => generic.submit(row.id === undefined ? { ...row, dictKey: PARENT_KEY } : row),
  };
}

/** A tree node as a table row: the row fields, and `children` only when there are some (antd shows an expander). */
function toRow({ title: _title, key: _key, value: _value, hasChildren: _has, children, ...row }: DictTreeNode): Row {
  return children?.length ? { ...row, children: children.map(toRow) } : row;
}

/**
 * The child table of one dictionary: child-list answers its entries as a tree (BladeX), the
 * search filters applied, shown whole without paging.
 */
export function dictChildApi(client: SsoClient, def: ResourceDef, parent: Row): CrudApi {
  const generic = crudApi(client, def);
  return {
    ...generic,
    async list(query) {
      const nodes = await client.call<DictTreeNode[]>('GET', extraUrl(def, 'childList'), { ...query, parentId: String(parent.id) });
      const rows = (nodes ?? []).map(toRow);
      return { rows, total: rows.length, tree: true };
    },
  };
}
