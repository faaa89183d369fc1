import type { ResourceDef } from '@sso/shared-api';
import { Col, Form, Modal, Row } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row as DataRow } from './crud-api.js';
import { FieldInput } from './field-input.js';
import type { Option } from './use-dict.js';
import { entityRule, formErrors } from './validation.js';

export type DialogMode = 'add' | 'edit' | 'view';

export interface CrudDialogProps {
  def: ResourceDef;
  mode: DialogMode | undefined;
  /** The row being edited or viewed (from detail). */
  row?: DataRow;
  dicts: Record<string, Option[]>;
  onSubmit: (values: DataRow) => Promise<void>;
  onClose: () => void;
  /** Fields shown but not editable (a child's code, fixed by its parent). */
  locked?: readonly string[];
  /** The form's name, the prefix of its input ids. */
  name?: string;
}

/**
 * Add / edit / view dialog from the view's columns (hideInForm left out), its width from the
 * view. Fields are checked by the entity's own schema on blur and on submit, so the messages are
 * the SPEC §5 ones the server would answer.
 */
export function CrudDialog({ def, mode, row, dicts, onSubmit, onClose, locked, name = 'crud-dialog' }: CrudDialogProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const lang = i18n.language === 'en' ? 1 : 0;
  const columns = useMemo(() => def.view.columns.filter((c) => !c.hideInForm), [def]);
  const wide = (def.view.dialogWidth ?? 880) >= 700;

  useEffect(() => {
    if (!mode) return;
    form.resetFields();
    if (row) form.setFieldsValue(Object.fromEntries(columns.map((c) => [c.prop, row[c.prop]])));
  }, [mode, row, form, columns]);

  const submit = async () => {
    // A failed check shows under its field; the rejection is not an error of the page.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const errors = formErrors(def, values, mode === 'edit');
    const fields = Object.entries(errors).filter(([prop]) => columns.some((c) => c.prop === prop));
    if (fields.length) {
      form.setFields(fields.map(([name, message]) => ({ name, errors: [message] })));
      return;
    }
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (error) {
      console.error(error); // SPEC §8: a failed save only stops the loading state (the toast was shown)
    } finally {
      setSaving(false);
    }
  };

  const title = mode ? `${t(`crud.${mode}`)} · ${def.view.title[lang]}` : '';
  return (
    <Modal
      title={title}
      open={Boolean(mode)}
      width={def.view.dialogWidth ?? 880}
      onCancel={onClose}
      onOk={mode === 'view' ? onClose : submit}
      okText={mode === 'view' ? t('common.close') : t('common.submit')}
      cancelText={t('common.cancel')}
      cancelButtonProps={mode === 'view' ? { style: { display: 'none' } } : undefined}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name={name} layout="vertical" disabled={mode === 'view'}>
        <Row gutter={16}>
          {columns.map((column) => (
            <Col key={column.prop} span={wide && column.type !== 'textarea' ? 12 : 24}>
              <Form.Item name={column.prop} label={column.label[lang]} rules={[entityRule(def, column.prop)]} validateTrigger="onBlur">
                <FieldInput
                  def={def}
                  column={column}
                  dict={column.dict ? dicts[column.dict] : undefined}
                  placeholder={column.label[lang]}
                  disabled={locked?.includes(column.prop)}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
