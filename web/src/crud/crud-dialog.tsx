import { fieldApplies, type ResourceDef } from '@sso/shared-api';
import { Form, type FormInstance } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row as DataRow } from './crud-api.js';
import { EntityFields, formValues } from './entity-fields.js';
import type { FieldRenderers } from './field-renderers.js';
import { FormModal } from './form-modal.js';
import type { Option } from './use-dict.js';
import { formErrors, withEntityNumbers } from './validation.js';

export type DialogMode = 'add' | 'edit' | 'view';

export interface CrudDialogProps {
  def: ResourceDef;
  mode: DialogMode | undefined;
  /** The row being edited or viewed (from detail). */
  row?: DataRow;
  dicts: Record<string, Option[]>;
  /** Saves the values; resolving closes the dialog, rejecting keeps it open. */
  onSubmit: (values: DataRow) => Promise<void>;
  onClose: () => void;
  /** Fields shown but not editable (a child's code, fixed by its parent). */
  locked?: readonly string[];
  /** The form's name, the prefix of its input ids. */
  name?: string;
  /** The screen's own inputs or views for some fields. */
  renderers?: FieldRenderers;
  /** The screen's own buttons in the add and edit dialogs, given the form (its unsaved values) and the row edited. */
  formActions?: (form: FormInstance, row: DataRow | undefined) => ReactNode;
}

/**
 * Add / edit / view dialog from the view's columns (hideInForm left out), its width from the
 * view. Fields are checked by the entity's own schema on blur and on submit, so the messages are
 * the ones the server would answer.
 */
export function CrudDialog({
  def,
  mode,
  row,
  dicts,
  onSubmit,
  onClose,
  locked,
  name = 'crud-dialog',
  renderers,
  formActions,
}: CrudDialogProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm();
  const lang = i18n.language === 'en' ? 1 : 0;
  const columns = useMemo(() => def.view.columns.filter((c) => !c.hideInForm), [def]);
  const wide = (def.view.dialogWidth ?? 880) >= 700;

  useEffect(() => {
    if (!mode) return;
    form.resetFields();
    if (row) form.setFieldsValue(formValues(def, columns, row, renderers));
  }, [mode, row, form, def, columns, renderers]);

  // Rules across fields show too, under the fields this form shows (those that apply to its values).
  const check = (values: DataRow) => {
    const shown = columns.filter((column) => fieldApplies(column, form.getFieldsValue(true)));
    return Object.fromEntries(
      Object.entries(formErrors(def, values, mode === 'edit')).filter(([prop]) => shown.some((c) => c.prop === prop)),
    );
  };

  return (
    <FormModal
      open={Boolean(mode)}
      title={mode ? `${t(`crud.${mode}`)} · ${def.view.title[lang]}` : ''}
      name={name}
      form={form}
      width={def.view.dialogWidth ?? 880}
      readOnly={mode === 'view'}
      check={check}
      onSubmit={(values) => onSubmit(withEntityNumbers(def, values))}
      onClose={onClose}
      forceRender
      footerExtra={mode && mode !== 'view' ? formActions?.(form, row) : undefined}
    >
      <EntityFields
        def={def}
        columns={columns}
        dicts={dicts}
        twoColumns={wide}
        locked={(prop) => locked?.includes(prop) === true}
        readOnly={mode === 'view'}
        renderers={renderers}
      />
    </FormModal>
  );
}
