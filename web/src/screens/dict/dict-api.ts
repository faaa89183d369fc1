import type { DictTreeNode, Page, ResourceDef, SsoClient } from '@sso/shared-api';
import { type CrudApi, crudApi, type Row } from '../../crud/crud-api.js';

/** The URL of one of the resource's extras (`parentList` → `/api/blade-system/dict/parent-list`). */
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

function nodesById(nodes: readonly DictTreeNode[], into = new Map<string, DictTreeNode>()): Map<string, DictTreeNode> {
  for (const node of nodes) {
    into.set(node.id, node);
    if (node.children) nodesById(node.children, into);
  }
  return into;
}

/**
 * The child table of one dictionary: its direct entries from child-list (paged, searchable),
 * each with the entries nested below it taken from the dictionary's tree.
 */
export function dictChildApi(client: SsoClient, def: ResourceDef, parent: Row): CrudApi {
  const generic = crudApi(client, def);
  return {
    ...generic,
    async list(query) {
      const [data, tree] = await Promise.all([
        client.call<Page<Row>>('GET', extraUrl(def, 'childList'), { ...query, parentId: String(parent.id) }),
        client.call<DictTreeNode[]>('GET', extraUrl(def, 'tree'), { code: String(parent.code) }),
      ]);
      const nodes = nodesById(tree ?? []);
      const rows = (data.records ?? []).map((row) => {
        const node = nodes.get(String(row.id));
        return node?.children?.length ? { ...row, children: node.children.map(toRow) } : row;
      });
      return { rows, total: data.total ?? 0, tree: false };
    },
  };
}
