import type { MenuTreeNode } from '@sso/shared-api';
import { Button, Empty, Space, Tree } from 'antd';
import type { Key } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './strings.js';

export interface MenuTreeProps {
  /** Nodes as the server's select and grant trees send them (title, key = id, children). */
  treeData: readonly MenuTreeNode[];
  /** The ids held, parents included (as stored for roles and packages). */
  value?: readonly string[];
  onChange?: (ids: string[]) => void;
  /** Hand back the ticked leaves only: scope trees, whose parents are menus and not scopes. */
  leavesOnly?: boolean;
  disabled?: boolean;
  /** For the form label and tests. */
  id?: string;
}

/** Tree order of every id, the ids of the leaves and of the nodes with children. */
function walk(nodes: readonly MenuTreeNode[]) {
  const order: string[] = [];
  const leaves = new Set<string>();
  const parents: string[] = [];
  const visit = (list: readonly MenuTreeNode[]) => {
    for (const node of list) {
      order.push(node.key);
      if (node.children?.length) {
        parents.push(node.key);
        visit(node.children);
      } else leaves.add(node.key);
    }
  };
  visit(nodes);
  return { order, leaves, parents };
}

/** Only the leaves are ticked: the tree works out each parent (all, some or none of its children). */
export const checkedLeaves = (ids: readonly string[], leaves: ReadonlySet<string>) => ids.filter((id) => leaves.has(id));

/**
 * A checkable tree of menus (and buttons, or scopes under their menus), shared by the role grant
 * and the tenant package dialogs. What it hands back, in tree order, are the ticked nodes AND
 * the partly ticked parents: holding a button means holding its screen and group, so the routes
 * and the package's menu tree keep their parents. Scope trees hand back their leaves only.
 */
export function MenuTree({ treeData, value = [], onChange, leavesOnly, disabled, id }: MenuTreeProps) {
  const { t } = useTranslation();
  const { order, leaves, parents } = useMemo(() => walk(treeData), [treeData]);
  const checkedKeys = useMemo(() => checkedLeaves(value, leaves), [value, leaves]);
  // The groups open on their screens; buttons and scopes one click away (hundreds of nodes otherwise).
  const [expanded, setExpanded] = useState<Key[]>(() => treeData.filter((node) => node.children?.length).map((node) => node.key));

  const onCheck = (checked: Key[] | { checked: Key[] }, info: { halfCheckedKeys?: Key[] }) => {
    const ticked = Array.isArray(checked) ? checked : checked.checked;
    const held = new Set([...ticked, ...(leavesOnly ? [] : (info.halfCheckedKeys ?? []))].map(String));
    onChange?.(order.filter((key) => held.has(key) && (!leavesOnly || leaves.has(key))));
  };

  if (!treeData.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div id={id} className="menu-tree">
      <Space size={0}>
        <Button type="link" size="small" onClick={() => setExpanded(parents)}>
          {t('menuTree.expandAll')}
        </Button>
        <Button type="link" size="small" onClick={() => setExpanded([])}>
          {t('menuTree.collapseAll')}
        </Button>
      </Space>
      <div style={{ maxHeight: 400, overflow: 'auto' }}>
        <Tree
          checkable
          selectable={false}
          disabled={disabled}
          treeData={treeData as MenuTreeNode[]}
          checkedKeys={checkedKeys}
          onCheck={onCheck}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys)}
        />
      </div>
    </div>
  );
}
