import { REGION_ROOT, type RegionTreeNode } from '@sso/shared-api';
import { Card, Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { type Key, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';

/** One level of the region tree: the children of `parentCode` (the provinces below 00). */
const levelOf = async (parentCode: string): Promise<TreeDataNode[]> => {
  const nodes: RegionTreeNode[] = await client.system.region.lazyTree({ parentCode });
  return nodes.map((node) => ({ key: node.key, title: node.title, isLeaf: !node.hasChildren }));
};

/** A reloaded level keeps what was loaded below the nodes still in it (they stay open). */
function keepLoaded(fresh: TreeDataNode[], old: TreeDataNode[] | undefined): TreeDataNode[] {
  const before = new Map((old ?? []).map((node) => [node.key, node]));
  return fresh.map((node) => {
    const children = before.get(node.key)?.children;
    return children && !node.isLeaf ? { ...node, children } : node;
  });
}

/** The tree with `children` set as the children of `parent` (and whether it is a leaf). */
function withChildren(nodes: TreeDataNode[], parent: string, children: TreeDataNode[]): TreeDataNode[] {
  return nodes.map((node) => {
    if (node.key === parent) return { ...node, children: keepLoaded(children, node.children), isLeaf: children.length === 0 };
    return node.children ? { ...node, children: withChildren(node.children, parent, children) } : node;
  });
}

/**
 * The lazily loaded region tree: the provinces first, each node's children when it opens.
 * `reloadLevel` brings one level up to date after an add, edit or delete below `parentCode`.
 */
export function useRegionTree() {
  const [nodes, setNodes] = useState<TreeDataNode[]>();
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [loadedKeys, setLoadedKeys] = useState<Key[]>([]);

  useEffect(() => {
    let live = true;
    levelOf(REGION_ROOT).then(
      (provinces) => live && setNodes(provinces),
      () => live && setNodes([]),
    );
    return () => {
      live = false;
    };
  }, []);

  const loadChildren = useCallback(async (code: string) => {
    const children = await levelOf(code);
    setNodes((all) => withChildren(all ?? [], code, children));
    setLoadedKeys((keys) => [...keys.filter((k) => k !== code), code]);
  }, []);

  const reloadLevel = useCallback(
    async (parentCode: string) => {
      if (parentCode === REGION_ROOT) {
        const provinces = await levelOf(REGION_ROOT);
        setNodes((all) => keepLoaded(provinces, all));
      } else {
        await loadChildren(parentCode);
        setExpanded((keys) => (keys.includes(parentCode) ? keys : [...keys, parentCode]));
      }
    },
    [loadChildren],
  );

  /** After an import: the provinces and every level loaded so far, which stay open. */
  const reloadAll = useCallback(async () => {
    await reloadLevel(REGION_ROOT);
    for (const key of loadedKeys) await loadChildren(String(key));
  }, [reloadLevel, loadChildren, loadedKeys]);

  return { nodes, expanded, setExpanded, loadedKeys, loadChildren, reloadLevel, reloadAll };
}

/** The title of the node keyed `key`, wherever it is loaded. */
export function titleOf(nodes: TreeDataNode[] | undefined, key: string): string | undefined {
  for (const node of nodes ?? []) {
    if (node.key === key) return String(node.title);
    const below = titleOf(node.children, key);
    if (below !== undefined) return below;
  }
  return undefined;
}

export type RegionTreeState = ReturnType<typeof useRegionTree>;

export interface RegionTreeProps {
  tree: RegionTreeState;
  selected?: string;
  onSelect: (code: string | undefined) => void;
}

export function RegionTree({ tree, selected, onSelect }: RegionTreeProps) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('regionScreen.tree')} data-testid="region-tree">
      {!tree.nodes ? (
        <Spin />
      ) : tree.nodes.length === 0 ? (
        <Empty />
      ) : (
        <Tree
          blockNode
          treeData={tree.nodes}
          loadData={(node) => tree.loadChildren(String(node.key)).catch(() => undefined)}
          loadedKeys={tree.loadedKeys}
          expandedKeys={tree.expanded}
          onExpand={(keys) => tree.setExpanded(keys)}
          selectedKeys={selected ? [selected] : []}
          onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : undefined)}
          style={{ maxHeight: 'calc(100vh - 260px)', overflow: 'auto' }}
        />
      )}
    </Card>
  );
}
