import type { ColumnType, ColumnView, ResourceDef } from '@sso/shared-api';
import { Button, DatePicker, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './field-input.js';
import { typeOf } from './field-renderers.js';
import { choicesOf, type Option } from './use-dict.js';

export type SearchQuery = Record<string, string | undefined>;

/**
 * Typed fields repeat their label inside as a hint; a choice does not, since its hint is drawn as
 * text beside the label (the notice type would read twice).
 */
const TYPED = new Set<ColumnType>(['input', 'textarea', 'richtext', 'number']);

/** Days and times are searched as a range of days. */
const isDate = (column: ColumnView) => column.type === 'date' || column.type === 'datetime';

/**
 * Form values as list filters: text trimmed, blanks dropped, a date range as
 * `${prop}_dategt` / `${prop}_datelt` (createTime_dategt, createTime_datelt, as BladeX lists read them).
 */
export function toQuery(columns: readonly ColumnView[], values: Record<string, unknown>): SearchQuery {
  const query: SearchQuery = {};
  for (const column of columns) {
    const value = values[column.prop];
    if (isDate(column)) {
      const [from, to] = (value as [Dayjs | null, Dayjs | null] | undefined) ?? [];
      if (from) query[`${column.prop}_dategt`] = `${from.format('YYYY-MM-DD')} 00:00:00`;
      if (to) query[`${column.prop}_datelt`] = `${to.format('YYYY-MM-DD')} 23:59:59`;
    } else if (value !== undefined && value !== null && String(value).trim() !== '') {
      query[column.prop] = String(value).trim();
    }
  }
  return query;
}

/** The search area: one field per `search` column, search and reset. */
export function SearchForm({
  def,
  dicts,
  onSearch,
  name = 'crud-search',
}: {
  def: ResourceDef;
  dicts: Record<string, Option[]>;
  onSearch: (query: SearchQuery) => void;
  /** The form's name, the prefix of its input ids. */
  name?: string;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm();
  const lang = i18n.language === 'en' ? 1 : 0;
  const columns = def.view.columns.filter((c) => c.search);
  if (!columns.length) return null;
  const submit = () => onSearch(toQuery(columns, form.getFieldsValue()));

  return (
    <Form form={form} name={name} layout="inline" onFinish={submit} style={{ marginBottom: 12, rowGap: 8 }}>
      {columns.map((column) => (
        <Form.Item key={column.prop} name={column.prop} label={column.label[lang]}>
          {isDate(column) ? (
            <DatePicker.RangePicker />
          ) : (
            <FieldInput
              def={def}
              column={column.type === 'textarea' || column.type === 'richtext' ? { ...column, type: 'input' } : column}
              dict={choicesOf(column, dicts, i18n.language)}
              placeholder={TYPED.has(typeOf(column)) ? column.label[lang] : undefined}
            />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('crud.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              submit();
            }}
          >
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
