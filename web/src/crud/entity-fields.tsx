import type { ColumnView, ResourceDef } from '@sso/shared-api';
import { Col, Form, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './field-input.js';
import { type CellContext, type FieldRenderers, rendererOf } from './field-renderers.js';
import type { Option } from './use-dict.js';
import { entityRule } from './validation.js';

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

/**
 * The fields of a resource's form, one Form.Item each: the label in the language shown, the
 * entity's own check on blur (so the messages are those the server would answer), and antd's
 * required marker on the fields the entity cannot do without.
 */
export function EntityFields({ def, columns, dicts, twoColumns, locked, readOnly, renderers }: EntityFieldsProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 1 : 0;
  return (
    <Row gutter={16}>
      {columns.map((column) => {
        const renderer = rendererOf(def, column, renderers);
        const dict = column.dict ? dicts[column.dict] : undefined;
        const label = column.label[lang];
        return (
          // Two fields a row from 576 px on; a phone gives each field the whole row.
          <Col key={column.prop} xs={24} sm={twoColumns && !renderer.fullWidth ? 12 : 24}>
            <Form.Item name={column.prop} label={label} rules={[entityRule(def, column.prop)]} validateTrigger="onBlur">
              {readOnly && renderer.detail ? (
                <Detail render={renderer.detail} row={{ row: {}, dict }} />
              ) : (
                <FieldInput
                  def={def}
                  column={column}
                  dict={dict}
                  placeholder={label}
                  disabled={readOnly || locked?.(column.prop)}
                  renderers={renderers}
                />
              )}
            </Form.Item>
          </Col>
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
