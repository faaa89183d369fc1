import type { ColumnView, ResourceDef, SsoClient } from '@sso/shared-api';

/** A node of a picker tree: what is shown (title) and what is stored (id). */
export interface PickNode {
  id: string;
  title: string;
  children?: PickNode[];
}

interface TreeSource {
  load: (client: SsoClient) => Promise<readonly unknown[]>;
  /** Comma-joined ids (a user's roles and departments, a package's menus). */
  multiple?: boolean;
}

/**
 * Where the nodes of a `tree` column come from, as the web's option sources say it: the view says
 * only "tree", so the sources are known by field (`deptId`) or by resource and field
 * (`dict.parentId`). A tree column without a source stays a typed field.
 */
const sources: Record<string, TreeSource> = {
  deptId: { load: (client) => client.system.dept.tree(), multiple: true },
  roleId: { load: (client) => client.system.role.tree(), multiple: true },
  postId: { load: (client) => client.system.post.select(), multiple: true },
  menuId: { load: (client) => client.system.menu.tree(), multiple: true },
  'dict.parentId': { load: (client) => client.system.dict.tree({ code: 'DICT' }) },
  'dict-biz.parentId': { load: (client) => client.system.dictBiz.tree({ code: 'DICT' }) },
  'menu.parentId': { load: (client) => client.system.menu.tree() },
  'dept.parentId': { load: (client) => client.system.dept.tree() },
  'role.parentId': { load: (client) => client.system.role.tree() },
};

/** The source of a column's tree, when the column is a tree the console can load. */
export function treeSourceOf(def: ResourceDef, column: ColumnView): TreeSource | undefined {
  if (column.type !== 'tree') return undefined;
  return sources[`${def.name}.${column.prop}`] ?? sources[column.prop];
}

/** Server trees (`{ id, title }` nodes, or rows with a name) as picker nodes. */
export function toPickNodes(nodes: readonly unknown[]): PickNode[] {
  return nodes.map((raw) => {
    const node = raw as Record<string, unknown>;
    const title = node.title ?? node.name ?? node.postName ?? node.deptName ?? node.roleName ?? node.value ?? node.id;
    const children = Array.isArray(node.children) && node.children.length ? toPickNodes(node.children) : undefined;
    return { id: String(node.id ?? node.value), title: String(title), ...(children ? { children } : {}) };
  });
}

/** The titles of the ids picked (an id the tree does not hold is shown as it is). */
export function titlesOf(nodes: readonly PickNode[], value: string): string {
  const ids = value.split(',').filter(Boolean);
  const found = new Map<string, string>();
  const walk = (list: readonly PickNode[]) => {
    for (const node of list) {
      found.set(node.id, node.title);
      walk(node.children ?? []);
    }
  };
  walk(nodes);
  return ids.map((id) => found.get(id) ?? id).join(', ');
}
