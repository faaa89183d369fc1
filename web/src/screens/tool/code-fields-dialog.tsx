import { CODE_FIELD_TYPES, type CodeField, type TableColumn } from '@sso/shared-api';
import { Button, Checkbox, Empty, Input, Modal, Select, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import type { Row } from '../../crud/crud-api.js';
import './code-strings.js';

type Setting = CodeField & { dataType?: string; primaryKey?: boolean };
const FLAGS = ['list', 'search', 'form', 'required'] as const;

/** The saved settings over the table's columns: a column keeps its settings, new columns come with none. */
export function mergeSettings(columns: readonly TableColumn[], saved: readonly CodeField[]): Setting[] {
  const byName = new Map(saved.map((field) => [field.columnName, field]));
  return columns.map((column) => ({
    ...(byName.get(column.columnName) ?? {}),
    columnName: column.columnName,
    dataType: column.dataType,
    primaryKey: column.primaryKey,
    label: byName.get(column.columnName)?.label ?? (column.comment || undefined),
  }));
}

export interface CodeFieldsDialogProps {
  /** The record whose column settings are edited; closed when absent. */
  record?: Row;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

/**
 * The column settings of a record: the table's columns read from its data source, and for each
 * its labels, control, where it shows, whether it is required and its dictionary. Saved on the
 * record (`fields`); the generator falls back to the table's own facts for a column left alone.
 */
export function CodeFieldsDialog({ record, onClose, onSaved }: CodeFieldsDialogProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Setting[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setRows(((record?.fields as CodeField[] | null | undefined) ?? []).map((field) => ({ ...field })));
  }, [record]);
  if (!record) return null;
  const load = async () => {
    setLoading(true);
    try {
      const columns = await client.system.code.tableColumns({
        datasourceId: String(record.datasourceId),
        tableName: String(record.tableName),
      });
      setRows((current) => mergeSettings(columns, current));
    } finally {
      setLoading(false);
    }
  };
  const change = (index: number, patch: Partial<Setting>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const save = async () => {
    const fields = rows.map(({ dataType: _type, primaryKey: _key, ...field }) => ({
      ...field,
      dict: field.dict || undefined,
      label: field.label || undefined,
      labelEn: field.labelEn || undefined,
    }));
    await client.system.code.submit({ id: String(record.id), fields });
    feedback.message.success(t('codeScreen.saved'));
    await onSaved();
    onClose();
  };
  return (
    <Modal
      open
      width={1100}
      title={t('codeScreen.fieldsTitle', { table: record.tableName })}
      onCancel={onClose}
      onOk={save}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
    >
      <Button onClick={load} loading={loading} style={{ marginBottom: 12 }} data-testid="code-load-columns">
        {t('codeScreen.loadColumns')}
      </Button>
      <Table<Setting>
        size="small"
        rowKey="columnName"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: <Empty description={t('codeScreen.noColumns')} /> }}
        columns={[
          { title: t('codeScreen.column'), dataIndex: 'columnName', width: 150 },
          { title: t('codeScreen.dataType'), dataIndex: 'dataType', width: 110 },
          {
            title: t('codeScreen.label'),
            render: (_v, row, index) => (
              <Input size="small" value={row.label ?? ''} onChange={(e) => change(index, { label: e.target.value })} />
            ),
          },
          {
            title: t('codeScreen.labelEn'),
            render: (_v, row, index) => (
              <Input size="small" value={row.labelEn ?? ''} onChange={(e) => change(index, { labelEn: e.target.value })} />
            ),
          },
          {
            title: t('codeScreen.control'),
            width: 120,
            render: (_v, row, index) => (
              <Select
                size="small"
                allowClear
                style={{ width: '100%' }}
                value={row.type}
                options={CODE_FIELD_TYPES.map((type) => ({ value: type, label: type }))}
                onChange={(type) => change(index, { type })}
              />
            ),
          },
          ...FLAGS.map((flag) => ({
            title: t(`codeScreen.${flag}`),
            width: 60,
            render: (_v: unknown, row: Setting, index: number) => (
              <Checkbox
                checked={row[flag] ?? (flag === 'form' || flag === 'list')}
                onChange={(e) => change(index, { [flag]: e.target.checked })}
              />
            ),
          })),
          {
            title: t('codeScreen.dict'),
            width: 130,
            render: (_v, row, index) => (
              <Input size="small" value={row.dict ?? ''} onChange={(e) => change(index, { dict: e.target.value })} />
            ),
          },
        ]}
      />
    </Modal>
  );
}
