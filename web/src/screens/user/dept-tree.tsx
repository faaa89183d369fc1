import type { TreeNode } from '@sso/shared-api';
import { Button, Card, Input, Tree, type TreeDataNode } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface DeptTreeProps {
  depts: readonly TreeNode[];
  /** The department filtering the list; undefined shows everyone. */
  selected?: string;
  onSelect: (deptId: string | undefined) => void;
}

/**
 * The department tree beside the users (BladeX user screen): a click filters the list by the
 * department (the server adds its sub-departments), a second click or 全部 shows everyone. The
 * keyword keeps matching departments and the path down to them.
 */
export function DeptTree({ depts, selected, onSelect }: DeptTreeProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const data = useMemo(() => filterTree(depts, keyword.trim()), [depts, keyword]);
  // Everything is open at first and after each new keyword; the user may fold nodes in between.
  const [folded, setFolded] = useState<Key[]>();
  const expanded = useMemo(() => folded ?? allKeys(data), [folded, data]);
  return (
    <Card
      size="small"
      title={t('userScreen.deptTree')}
      extra={
        <Button type="link" size="small" disabled={!selected} onClick={() => onSelect(undefined)}>
          {t('userScreen.allDepts')}
        </Button>
      }
      data-testid="dept-tree"
    >
      <Input.Search
        allowClear
        placeholder={t('userScreen.deptSearch')}
        onChange={(e) => {
          setKeyword(e.target.value);
          setFolded(undefined);
        }}
        style={{ marginBottom: 8 }}
      />
      <Tree
        blockNode
        treeData={data}
        expandedKeys={expanded}
        onExpand={(keys) => setFolded(keys)}
        selectedKeys={selected ? [selected] : []}
        onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : undefined)}
      />
    </Card>
  );
}

/** Nodes whose title holds the keyword, with their ancestors; a matching node keeps its subtree. */
export function filterTree(nodes: readonly TreeNode[], keyword: string): TreeDataNode[] {
  const result: TreeDataNode[] = [];
  for (const node of nodes) {
    const matches = !keyword || node.title.includes(keyword);
    const children = filterTree(node.children ?? [], matches ? '' : keyword);
    if (matches || children.length) result.push({ key: node.id, title: node.title, ...(children.length ? { children } : {}) });
  }
  return result;
}

function allKeys(nodes: readonly TreeDataNode[]): string[] {
  return nodes.flatMap((node) => [String(node.key), ...allKeys(node.children ?? [])]);
}
