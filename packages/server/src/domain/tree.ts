/** Builds a forest from flat rows by parentId; `children` is left out on leaves (BladeX). */
export function buildTree<T extends { id: string; parentId: string }>(
  rows: T[],
  compare: (a: T, b: T) => number = () => 0,
): (T & { hasChildren: boolean; children?: T[] })[] {
  type Node = T & { hasChildren: boolean; children?: Node[] };
  const nodes = new Map<string, Node>(rows.map((row) => [row.id, { ...row, hasChildren: false }]));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent && parent !== node) {
      parent.children ??= [];
      parent.children.push(node);
      parent.hasChildren = true;
    } else {
      roots.push(node);
    }
  }
  const sortDeep = (list: Node[]) => {
    list.sort(compare);
    for (const node of list) if (node.children) sortDeep(node.children);
  };
  sortDeep(roots);
  return roots;
}

export const bySortThenId = (a: { sort: number; id: string }, b: { sort: number; id: string }) =>
  a.sort - b.sort || (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0);
