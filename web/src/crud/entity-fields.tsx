import { type ColumnView, conditionFields, fieldApplies, type ResourceDef } from '@sso/shared-api';
import { Col, Form, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './field-input.js';
import { type CellContext, type FieldRenderers, rendererOf } from './field-renderers.js';
import { choicesOf, type Option } from './use-dict.js';
import { fieldRules } from './validation.js';

export interface EntityFieldsProps {
  def: ResourceDef;
  /** The columns to show, in order. */
  columns: readonly ColumnView[];
  dicts: Record<string, Option[]>;
  /** Two fields a row (long text still takes a whole row); one otherwise. */
  twoColumns: boolean;
  /** Fields shown but not editable. */
  locked?: (prop: string) => boolean;
  /** Shown, not edited: fields whose type has a read-only view use it. */
  readOnly?: boolean;
  /** A screen's own renderers for some of its fields. */
  renderers?: FieldRenderers;
}

/** A read-only view in a Form.Item, which hands it the field's value. */
function Detail({ value, render, row }: { value?: unknown; render: (value: unknown, ctx: CellContext) => ReactNode; row: CellContext }) {
  return <>{render(value, row)}</>;
}

type Values = Record<string, unknown>;

/**
 * The fields of a resource's form, one Form.Item each: the label in the language shown, the
 * entity's own check on blur (so the messages are those the server would answer, in the language
 * shown), and antd's required marker on the fields the entity cannot do without. A field the
 * definition declares for some values of another field (`appliesWhen`, `requiredWhen`) follows
 * that field as it changes: it shows only while it applies, so it is neither checked nor sent
 * otherwise (the form drops the values of fields it no longer shows).
 */
export function EntityFields({ def, columns, dicts, twoColumns, locked, readOnly, renderers }: EntityFieldsProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 1 : 0;
  const watched = conditionFields(columns);

  const field = (column: ColumnView, values: Values) => {
    const renderer = rendererOf(def, column, renderers);
    const choices = choicesOf(column, dicts, i18n.language);
    const label = column.label[lang];
    return (
      // Two fields a row from 576 px on; a phone gives each field the whole row.
      <Col key={column.prop} xs={24} sm={twoColumns && !renderer.fullWidth ? 12 : 24}>
        <Form.Item name={column.prop} label={label} rules={fieldRules(def, column, values)} validateTrigger="onBlur">
          {readOnly && renderer.detail ? (
            <Detail render={renderer.detail} row={{ row: {}, dict: choices }} />
          ) : (
            <FieldInput
              def={def}
              column={column}
              dict={choices}
              placeholder={label}
              disabled={readOnly || locked?.(column.prop)}
              renderers={renderers}
            />
          )}
        </Form.Item>
      </Col>
    );
  };

  return (
    <Row gutter={16}>
      {columns.map((column) => {
        if (!column.appliesWhen && !column.requiredWhen) return field(column, {});
        return (
          <Form.Item
            key={column.prop}
            noStyle
            shouldUpdate={(before: Values, after: Values) => watched.some((prop) => before[prop] !== after[prop])}
          >
            {({ getFieldsValue }) => {
              const values: Values = getFieldsValue(true);
              return fieldApplies(column, values) ? field(column, values) : null;
            }}
          </Form.Item>
        );
      })}
    </Row>
  );
}

/** A row's values as the inputs of these columns hold them. */
export const formValues = (def: ResourceDef, columns: readonly ColumnView[], row: Record<string, unknown>, renderers?: FieldRenderers) =>
  Object.fromEntries(
    columns.map((column) => {
      const { toForm } = rendererOf(def, column, renderers);
      return [column.prop, toForm ? toForm(row[column.prop]) : row[column.prop]];
    }),
  );
