import { type MenuTreeNode, tenantPackage } from '@sso/shared-api';
import { Form, Input, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import type { Row } from '../../crud/crud-api.js';
import { FormModal } from '../../crud/form-modal.js';
import { cleanValues, entityRule, formErrors } from '../../crud/validation.js';
import { MenuTree } from '../authority/menu-tree.js';
import './strings.js';

export const packageDef = tenantPackage;
const FIELDS = ['packageName', 'menuId', 'remark'] as const;

/** The package's `menuId` (comma-joined ids) edited as a checkable menu tree. */
function MenuIdsInput({
  treeData,
  value,
  onChange,
  id,
}: {
  treeData: MenuTreeNode[];
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
}) {
  const ids = value ? value.split(',').filter(Boolean) : [];
  return <MenuTree id={id} treeData={treeData} value={ids} onChange={(next) => onChange?.(next.join(','))} />;
}

export interface PackageDialogProps {
  /** Open for a new package (`add`) or for the row given (`edit`, from detail). */
  mode?: 'add' | 'edit';
  row?: Row;
  /** Saves the values (with the id on edit); resolving closes the dialog, rejecting keeps it open. */
  onSubmit: (values: Row) => Promise<void>;
  onClose: () => void;
}

/**
 * 产品包 add / edit (600 px wide): name, the menus as a checkable tree of every menu and
 * button (`menu/tree`), remark. Fields are checked by the package entity, as the server does.
 */
export function PackageDialog({ mode, row, onSubmit, onClose }: PackageDialogProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm();
  const [menus, setMenus] = useState<MenuTreeNode[]>();
  const lang = i18n.language === 'en' ? 1 : 0;
  const label = (prop: string) => packageDef.view.columns.find((c) => c.prop === prop)?.label[lang] ?? prop;

  useEffect(() => {
    if (!mode) return;
    form.resetFields();
    if (row) form.setFieldsValue(Object.fromEntries(FIELDS.map((f) => [f, row[f] ?? undefined])));
  }, [mode, row, form]);

  useEffect(() => {
    if (!mode) return;
    let live = true;
    client.system.menu.tree().then(
      (tree) => live && setMenus(tree),
      () => live && setMenus([]),
    );
    return () => {
      live = false;
    };
  }, [mode]);

  const update = mode === 'edit';
  const save = (values: Row) => onSubmit(update && row ? { ...cleanValues(values, true), id: row.id } : cleanValues(values));

  return (
    <FormModal
      open={Boolean(mode)}
      title={mode ? `${t(`crud.${mode}`)} · ${packageDef.view.title[lang]}` : ''}
      name="package-dialog"
      form={form}
      width={packageDef.view.dialogWidth ?? 600}
      check={(values) => formErrors(packageDef, values, update)}
      onSubmit={save}
      onClose={onClose}
      forceRender
    >
      <Form.Item name="packageName" label={label('packageName')} rules={[entityRule(packageDef, 'packageName')]} validateTrigger="onBlur">
        <Input placeholder={label('packageName')} />
      </Form.Item>
      <Form.Item name="menuId" label={label('menuId')} rules={[entityRule(packageDef, 'menuId')]}>
        {menus ? <MenuIdsInput treeData={menus} /> : <Spin />}
      </Form.Item>
      <Form.Item name="remark" label={label('remark')} rules={[entityRule(packageDef, 'remark')]} validateTrigger="onBlur">
        <Input.TextArea rows={3} placeholder={label('remark')} />
      </Form.Item>
    </FormModal>
  );
}
