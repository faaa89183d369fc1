import type { ColumnType, ColumnView, ResourceDef, RowOf } from '@sso/shared-api';
import { DatePicker, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { IconCell, IconPicker } from './icon-picker.js';
import { sourceOf, type TreeOption, toTreeOptions } from './option-sources.js';
import { ReferenceInput } from './reference-input.js';
import { dictLabel, type Option } from './use-dict.js';

/** What Form.Item and the form hand to a field's input. */
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

/** What a table cell or a detail knows besides the value. */
export interface CellContext {
  row: Record<string, unknown>;
  /** The entries of the column's dictionary, for a `dict` column. */
  dict?: Option[];
  /** The display name the server answered beside the value (`deptName` beside `deptId`), if any. */
  name?: string;
}

/**
 * How one kind of field is entered and shown: the form input, the table cell, the read-only
 * detail, and the conversion of a row's value into the value the input holds. Values stay as the
 * API has them (text, numbers, comma-joined ids, `YYYY-MM-DD` dates); the inputs convert.
 */
export interface FieldRenderer {
  Input: ComponentType<FieldInputProps>;
  /** The table cell; by default the display name beside the value, else the value as text. */
  cell?: (value: unknown, ctx: CellContext) => ReactNode;
  /** The read-only view (a detail, a form in view mode); the disabled input when absent. */
  detail?: (value: unknown, ctx: CellContext) => ReactNode;
  /** The row's value as the input holds it. */
  toForm?: (value: unknown) => unknown;
  /** Takes a whole row of a two-column form (long text). */
  fullWidth?: boolean;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const idOrNone = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : String(value));
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Options of a tree column, loaded once per mounted input. */
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

const common = ({ disabled, placeholder, onBlur, id }: FieldInputProps) => ({ disabled, placeholder, onBlur, id });

function TextInput(props: FieldInputProps) {
  return <Input {...common(props)} value={text(props.value)} onChange={(e) => props.onChange?.(e.target.value)} />;
}

function PasswordInput(props: FieldInputProps) {
  return (
    <Input.Password
      {...common(props)}
      autoComplete="new-password"
      value={text(props.value)}
      onChange={(e) => props.onChange?.(e.target.value)}
    />
  );
}

function TextAreaInput(props: FieldInputProps) {
  return <Input.TextArea {...common(props)} rows={3} value={text(props.value)} onChange={(e) => props.onChange?.(e.target.value)} />;
}

/** Long text (a notice's content): a tall editor that keeps line breaks and counts what is left. */
function RichTextInput(props: FieldInputProps) {
  return (
    <Input.TextArea
      {...common(props)}
      rows={14}
      showCount
      maxLength={20000}
      value={text(props.value)}
      onChange={(e) => props.onChange?.(e.target.value)}
    />
  );
}

function NumberInput(props: FieldInputProps) {
  return (
    <InputNumber
      {...common(props)}
      style={{ width: '100%' }}
      value={props.value as number}
      onChange={(v) => props.onChange?.(v ?? undefined)}
    />
  );
}

function DictInput(props: FieldInputProps) {
  // Wide enough to read a choice where nothing else sizes it (a search form's row).
  return (
    <Select
      {...common(props)}
      allowClear
      options={props.dict ?? []}
      value={idOrNone(props.value)}
      onChange={props.onChange}
      style={{ minWidth: 160 }}
    />
  );
}

function SwitchInput({ disabled, value, onChange, id }: FieldInputProps) {
  return <Switch id={id} disabled={disabled} checked={value === 1 || value === true} onChange={(on) => onChange?.(on ? 1 : 0)} />;
}

/** A day (`YYYY-MM-DD`) or a day and a time (`YYYY-MM-DD HH:mm:ss`), kept as text. */
function DateInput({ format, showTime, ...props }: FieldInputProps & { format: string; showTime: boolean }) {
  const value = props.value ? dayjs(String(props.value)) : undefined;
  return (
    <DatePicker
      {...common(props)}
      showTime={showTime}
      format={format}
      style={{ width: '100%' }}
      value={value?.isValid() ? value : undefined}
      onChange={(d) => props.onChange?.(d ? d.format(format) : undefined)}
    />
  );
}

const DayInput = (props: FieldInputProps) => <DateInput {...props} format="YYYY-MM-DD" showTime={false} />;
const DayTimeInput = (props: FieldInputProps) => <DateInput {...props} format={DATETIME_FORMAT} showTime />;

/** Ids picked in the tree the column's source loads (comma-joined when several); text without a source. */
function TreeInput(props: FieldInputProps) {
  const { def, column, value, onChange } = props;
  const tree = useTreeOptions(def, column.prop);
  if (!tree) return <TextInput {...props} />;
  const multiple = sourceOf(def, column.prop)?.multiple === true;
  const ids = typeof value === 'string' && value ? value.split(',') : [];
  return (
    <TreeSelect
      {...common(props)}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeData={tree}
      multiple={multiple}
      treeCheckable={multiple}
      value={multiple ? ids : idOrNone(value)}
      onChange={(v: string | string[] | undefined) => onChange?.(Array.isArray(v) ? v.join(',') : v)}
      style={{ width: '100%' }}
    />
  );
}

function IconInput(props: FieldInputProps) {
  return <IconPicker {...common(props)} value={text(props.value)} onChange={props.onChange} />;
}

const dictRenderer: FieldRenderer = {
  Input: DictInput,
  cell: (value, { dict }) => dictLabel(dict, value),
  toForm: idOrNone,
};

/** The renderer of each column type. */
const byType: Record<ColumnType, FieldRenderer> = {
  input: { Input: TextInput },
  textarea: { Input: TextAreaInput, fullWidth: true },
  richtext: {
    Input: RichTextInput,
    fullWidth: true,
    detail: (value) => <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text(value)}</div>,
  },
  password: { Input: PasswordInput, cell: () => '', detail: () => '' },
  number: { Input: NumberInput },
  // A switch shows as a read-only switch in the table too: no yes/no words to translate.
  switch: {
    Input: SwitchInput,
    cell: (value) => <Switch size="small" checked={value === 1 || value === true} disabled />,
  },
  date: { Input: DayInput },
  datetime: { Input: DayTimeInput },
  select: dictRenderer,
  dict: dictRenderer,
  tree: { Input: TreeInput },
  icon: { Input: IconInput, cell: (value) => <IconCell source={value} /> },
};

/** Renderers a screen registered for fields of a definition, ahead of the types' own. */
const byField = new WeakMap<ResourceDef, Map<string, FieldRenderer>>();

/** A field a definition's rows carry: its entity's, the common columns, its display names. */
export type FieldOf<D extends ResourceDef> = Extract<keyof RowOf<D>, string>;

/**
 * The escape hatch: a screen gives one field of a resource its own input or cell, keyed by the
 * typed definition (so a renamed field fails to compile, and two resources of one name do not
 * meet). A field's renderer replaces the type's parts it names and keeps the others.
 */
export function registerFieldRenderer<D extends ResourceDef>(def: D, prop: FieldOf<D>, renderer: Partial<FieldRenderer>): void {
  const fields = byField.get(def) ?? new Map<string, FieldRenderer>();
  fields.set(prop, renderer as FieldRenderer);
  byField.set(def, fields);
}

/** Renderers passed to one form or table for its fields, by prop. */
export type FieldRenderers = Readonly<Record<string, Partial<FieldRenderer>>>;

/** The type a column is entered as: a dictionary makes it a choice, no type makes it text. */
export const typeOf = (column: ColumnView): ColumnType => (column.dict ? 'dict' : (column.type ?? 'input'));

/** A field that refers to another resource's rows is picked by name (see ReferenceInput). */
function ReferenceFieldInput(props: FieldInputProps) {
  const reference = props.def.references[props.column.prop];
  if (!reference) return <TextInput {...props} />;
  return <ReferenceInput id={props.id} disabled={props.disabled} value={props.value} onChange={props.onChange} reference={reference} />;
}
const referenceRenderer: Partial<FieldRenderer> = { Input: ReferenceFieldInput, toForm: idOrNone };

/**
 * How a column is entered and shown: what the form passed, else what a screen registered, else
 * a picker by name when the field refers to another resource, else its type's.
 */
export function rendererOf(def: ResourceDef, column: ColumnView, passed?: FieldRenderers): FieldRenderer {
  const own = passed?.[column.prop] ?? byField.get(def)?.get(column.prop);
  const base = def.references[column.prop] ? { ...byType[typeOf(column)], ...referenceRenderer } : byType[typeOf(column)];
  return own ? { ...base, ...own } : base;
}

/** The table cell of a column: the type's (or the field's) renderer, else the name beside the value, else the text. */
export function renderCell(def: ResourceDef, column: ColumnView, value: unknown, ctx: CellContext, passed?: FieldRenderers): ReactNode {
  const renderer = rendererOf(def, column, passed);
  if (renderer.cell) return renderer.cell(value, ctx);
  if (ctx.name) return ctx.name;
  return text(value);
}
