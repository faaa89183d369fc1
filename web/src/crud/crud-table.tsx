import { PAGE_SIZES, type ResourceDef } from '@sso/shared-api';
import { Button, Grid, Space, Table, type TableColumnsType } from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keyOf, type Row } from './crud-api.js';
import { renderCell } from './field-renderers.js';
import { labelledName } from './labelled-names.js';
import { useLazyRows } from './lazy-tree.js';
import type { Allowed } from './permissions.js';
import type { CrudState } from './use-crud.js';
import { choicesOf, type Option } from './use-dict.js';

/** The display name a resource declares beside a field, if any. */
const nameBeside = (def: ResourceDef, prop: string) => Object.entries(def.names).find(([, source]) => source.field === prop)?.[0];

export interface CrudTableProps {
  def: ResourceDef;
  state: CrudState;
  dicts: Record<string, Option[]>;
  allowed: Allowed;
  /** The ticked rows; without it the rows have no tick boxes. */
  selected?: Key[];
  onSelect: (keys: Key[]) => void;
  onPage: (current: number, size: number) => void;
  onRow: (action: 'view' | 'edit' | 'remove', row: Row) => void;
  /** Screen-specific row links after the generic ones. */
  extraActions?: (row: Row) => ReactNode;
  /** Children of a tree row, loaded when it opens (rows with `hasChildren`). */
  loadChildren?: (key: string) => Promise<Row[]>;
}

/** The list: index column, multi-select, the view's columns and the row actions allowed. */
export function CrudTable({ def, state, dicts, allowed, selected, onSelect, onPage, onRow, extraActions, loadChildren }: CrudTableProps) {
  const { t, i18n } = useTranslation();
  const { dataSource, expandable } = useLazyRows(state.rows, keyOf(def), loadChildren);
  const lang = i18n.language === 'en' ? 1 : 0;
  const rowActions = allowed.view || allowed.edit || allowed.remove || extraActions !== undefined;
  const wide = Grid.useBreakpoint().md !== false;

  const columns: TableColumnsType<Row> = [
    {
      title: '#',
      key: '$index',
      width: 60,
      align: 'center',
      render: (_value, _row, index) => (state.tree ? index + 1 : (state.current - 1) * state.size + index + 1),
    },
    ...def.view.columns
      .filter((c) => !c.hideInTable)
      .map((c) => ({
        title: c.label[lang],
        dataIndex: c.prop,
        key: c.prop,
        ellipsis: true,
        ...(c.width ? { width: c.width } : {}),
        render: (value: unknown, row: Row) => {
          // Ids answered with their display names beside them (`deptId` → `deptName`) show the names.
          const named = nameBeside(def, c.prop);
          const name = named && typeof row[named] === 'string' && row[named] !== '' ? row[named] : undefined;
          // A name labelled per value in both languages (a log's kind) shows in the screen's language.
          const labelled = labelledName(def, c.prop, row, i18n.language);
          if (labelled !== undefined) return labelled;
          return renderCell(def, c, value, { row, dict: choicesOf(c, dicts, i18n.language), name });
        },
      })),
    ...(rowActions
      ? [
          {
            title: t('crud.actions'),
            key: '$actions',
            width: 200,
            // Stays in view when the columns scroll sideways (narrow panes, long log rows); on phones
            // it would cover most of the row, so there it scrolls with the others.
            ...(wide ? { fixed: 'right' as const } : {}),
            render: (_: unknown, row: Row) => (
              <Space size={0}>
                {allowed.view && (
                  <Button type="link" size="small" onClick={() => onRow('view', row)}>
                    {t('crud.view')}
                  </Button>
                )}
                {allowed.edit && (
                  <Button type="link" size="small" onClick={() => onRow('edit', row)}>
                    {t('crud.edit')}
                  </Button>
                )}
                {allowed.remove && (
                  <Button type="link" size="small" danger onClick={() => onRow('remove', row)}>
                    {t('crud.delete')}
                  </Button>
                )}
                {extraActions?.(row)}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Table<Row>
      rowKey={(row) => String(row[keyOf(def)])}
      size="middle"
      bordered
      loading={state.loading}
      columns={columns}
      dataSource={dataSource}
      // The expander and indent of tree rows go in the view's first column, after the tick box (if
      // any) and the index (antd counts its selection column only for an index past it: 3 is the third).
      expandable={expandable && { ...expandable, expandIconColumnIndex: selected ? 3 : 1 }}
      rowSelection={selected && { selectedRowKeys: selected, onChange: (keys) => onSelect(keys) }}
      scroll={{ x: 'max-content' }}
      pagination={
        state.tree
          ? false
          : {
              current: state.current,
              pageSize: state.size,
              total: state.total,
              pageSizeOptions: PAGE_SIZES.map(String),
              showSizeChanger: true,
              showTotal: (total) => t('crud.total', { total }),
              onChange: onPage,
            }
      }
    />
  );
}
