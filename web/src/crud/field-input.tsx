import type { ColumnView, ResourceDef } from '@sso/shared-api';
import { DatePicker, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { sourceOf, type TreeOption, toTreeOptions } from './option-sources.js';
import type { Option } from './use-dict.js';

/** Options of a tree column, loaded once per mounted form. */
function useTreeOptions(def: ResourceDef, prop: string): TreeOption[] | undefined {
  const source = sourceOf(def, prop);
  const [options, setOptions] = useState<TreeOption[]>();
  useEffect(() => {
    if (!source) return;
    let live = true;
    source.load().then(
      (nodes) => live && setOptions(toTreeOptions(nodes)),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [source]);
  return source ? (options ?? []) : undefined;
}

export interface FieldInputProps {
  def: ResourceDef;
  column: ColumnView;
  dict?: Option[];
  disabled?: boolean;
  placeholder?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  onBlur?: () => void;
  /** Injected by Form.Item, so the label points at the input. */
  id?: string;
}

/**
 * The input of one column by its type. Values stay as the API has them (text, numbers,
 * comma-joined ids, `YYYY-MM-DD` dates); the widgets convert on the way in and out.
 */
export function FieldInput({ def, column, dict, disabled, placeholder, value, onChange, onBlur, id }: FieldInputProps) {
  const tree = useTreeOptions(def, column.prop);
  const common = { disabled, placeholder, onBlur, id };
  switch (column.dict ? 'select' : column.type) {
    case 'textarea':
      return <Input.TextArea {...common} rows={3} value={value as string} onChange={(e) => onChange?.(e.target.value)} />;
    case 'number':
      return <InputNumber {...common} style={{ width: '100%' }} value={value as number} onChange={(v) => onChange?.(v ?? undefined)} />;
    case 'select':
      return (
        <Select
          {...common}
          allowClear
          options={dict ?? []}
          value={value === undefined || value === null ? undefined : String(value)}
          onChange={onChange}
        />
      );
    case 'switch':
      return <Switch disabled={disabled} checked={value === 1 || value === true} onChange={(on) => onChange?.(on ? 1 : 0)} />;
    case 'date':
      return (
        <DatePicker
          {...common}
          style={{ width: '100%' }}
          value={value ? dayjs(String(value)) : undefined}
          onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : undefined)}
        />
      );
    case 'tree':
      if (tree) {
        const multiple = sourceOf(def, column.prop)?.multiple === true;
        const ids = typeof value === 'string' && value ? value.split(',') : [];
        return (
          <TreeSelect
            {...common}
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeData={tree}
            multiple={multiple}
            treeCheckable={multiple}
            value={multiple ? ids : value === undefined || value === null || value === '' ? undefined : String(value)}
            onChange={(v: string | string[] | undefined) => onChange?.(Array.isArray(v) ? v.join(',') : v)}
            style={{ width: '100%' }}
          />
        );
      }
      return <Input {...common} value={value as string} onChange={(e) => onChange?.(e.target.value)} />;
    default:
      return (
        <Input
          {...common}
          value={value === undefined || value === null ? '' : String(value)}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
  }
}
