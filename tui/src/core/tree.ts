/** A tree node as the API answers trees: children under `children`. */
export type Node<T> = T & { children?: Node<T>[] };

export interface FlatNode<T> {
  node: Node<T>;
  depth: number;
  key: string;
  hasChildren: boolean;
  expanded: boolean;
}

/** The visible lines of a tree: a node's children follow it when it is expanded. */
export function flatten<T>(
  nodes: readonly Node<T>[],
  keyOf: (node: Node<T>) => string,
  expanded: ReadonlySet<string>,
  depth = 0,
): FlatNode<T>[] {
  const out: FlatNode<T>[] = [];
  for (const node of nodes) {
    const key = keyOf(node);
    const hasChildren = Boolean(node.children?.length);
    const open = hasChildren && expanded.has(key);
    out.push({ node, depth, key, hasChildren, expanded: open });
    if (open) out.push(...flatten(node.children ?? [], keyOf, expanded, depth + 1));
  }
  return out;
}

/** The tree marker and indent of a line. */
export const treePrefix = (line: { depth: number; hasChildren: boolean; expanded: boolean }) =>
  `${'  '.repeat(line.depth)}${line.hasChildren ? (line.expanded ? '▾ ' : '▸ ') : '  '}`;

/** The rows that fit `height` lines, keeping the cursor in view. */
export function windowAround<T>(items: readonly T[], cursor: number, height: number): { start: number; items: T[] } {
  if (items.length <= height) return { start: 0, items: [...items] };
  const start = Math.min(Math.max(0, cursor - Math.floor(height / 2)), items.length - height);
  return { start, items: items.slice(start, start + height) };
}

/** The keys of every node of a tree, to flatten it whole (a filter looks at the collapsed nodes too). */
export function everyKey<T>(nodes: readonly Node<T>[], keyOf: (node: Node<T>) => string): Set<string> {
  const keys = new Set<string>();
  const visit = (level: readonly Node<T>[]) => {
    for (const node of level) {
      keys.add(keyOf(node));
      visit(node.children ?? []);
    }
  };
  visit(nodes);
  return keys;
}
